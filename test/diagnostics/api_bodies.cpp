// Bodies hppc cannot lower: a functor for a TeamPolicy, a function (neither
// a lambda nor a functor) and a lambda with an init-capture. Each is
// refused at the body argument.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

struct TeamBody {
  double *x;
  void operator()(const hpp::TeamMember &t) const { x[t.league_rank()] = 0; }
};

void body(int i);

void bodies(int n, double *x) {
  // expected-error@+1 {{hppc cannot lower a team functor (write the team body as a lambda); write the loop with '#pragma hpp' instead}}
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), TeamBody{x});

  // expected-error@+1 {{hppc cannot lower a body that is neither a lambda nor a functor}}
  hpp::parallel_for(n, body);

  // expected-error@+1 {{hppc cannot lower a body that is neither a lambda nor a functor}}
  hpp::parallel_for(hpp::RangePolicy(0, n), &body);

  // expected-error@+1 {{hppc cannot lower a lambda with an init-capture}}
  hpp::parallel_for(n, [=, s = 2.0](int i) { x[i] = s; });
}
