// A policy hppc cannot see at the call (a variable, a function's result) is
// refused at the policy argument: the loop's bounds must be visible.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

hpp::RangePolicy<> make(int n);

void policies(int n, double *x) {
  hpp::RangePolicy p(0, n);
  // expected-error@+1 {{hppc cannot lower a policy built where hppc cannot see it (write the policy in the call); write the loop with '#pragma hpp' instead}}
  hpp::parallel_for(p, [=](int i) { x[i] = 0; });

  auto team = hpp::TeamPolicy(n, hpp::AUTO);
  // expected-error@+1 {{hppc cannot lower a policy built where hppc cannot see it}}
  hpp::parallel_for(team, [=](const hpp::TeamMember &t) { x[t.league_rank()] = 1; });

  double s = 0;
  // expected-error@+1 {{hppc cannot lower a policy built where hppc cannot see it}}
  hpp::parallel_reduce("label", make(n), [=](int i, double &a) { a += x[i]; }, s);
}
