// The team member may be used for league_rank(), league_size(),
// team_barrier(), scratch requests and as the argument of the nested ranges
// and single; any other use is refused at that use.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

void use(const hpp::TeamMember &t);

void members(int n, double *x) {
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), [=](const hpp::TeamMember &t) {
    // As in the serial build, the team body runs once per team with one
    // thread: team_rank() is 0 (a warning says how to spread the work).
    // expected-warning@+1 {{'team_rank()' is 0 in translated code: a team body runs as written, once per team; spread work over the team's threads with TeamThreadRange}}
    x[t.team_rank()] = 1;
  });
  hpp::parallel_for(hpp::TeamPolicy(n, 4), [=](const hpp::TeamMember &m) {
    // expected-warning@+1 {{'team_size()' is 1 in translated code}}
    x[m.league_rank()] = m.team_size();
  });
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), [=](const hpp::TeamMember &t) {
    // expected-error@+1 {{hppc cannot lower this use of the team member 't'}}
    use(t);
  });
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), [=](const hpp::TeamMember &t) {
    // expected-error@+1 {{hppc cannot lower this use of the team member 't'}}
    const hpp::TeamMember *p = &t;
    (void)p;
  });
}
