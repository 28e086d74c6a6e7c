// Scratch is lowered from two declarations: a pointer 'T *p =
// t.team_scratch(l).get<T>(n);' and a view 'View v(t.team_scratch(l),
// n...);', each its own statement with one declarator. Any other request
// (get_shmem, a view built inside an expression, several declarators) is
// refused at the request.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

using Vec = hpp::View<double, 1>;

HPP_INLINE_FUNCTION double first(const Vec &v) { return v(0); }

void requests(int E, int n, double *out) {
  hpp::parallel_for(hpp::TeamPolicy(E, hpp::AUTO).set_scratch_size(0, hpp::PerTeam(4096)),
                    [=](const hpp::TeamMember &t) {
    // expected-error@+1 {{hppc cannot lower a scratch request that is not 'T *p = team_scratch(level).get<T>(n);' or 'View v(team_scratch(level), n...);'}}
    void *raw = t.team_scratch(0).get_shmem(64);
    (void)raw;
    // expected-error@+1 {{hppc cannot lower a scratch view that is not declared as 'View v(thread_scratch(level), n...);'}}
    out[t.league_rank()] = first(Vec(t.thread_scratch(0), n));
    // expected-error@+1 2 {{hppc cannot lower a scratch view that is not declared as 'View v(team_scratch(level), n...);'}}
    Vec a(t.team_scratch(0), n), b(t.team_scratch(0), n);
    (void)a;
    (void)b;
  });
}
