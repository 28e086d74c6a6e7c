// A lambda parameter named like something the policy reads gets another
// name in the lowered loop, and the body is renamed (exec/api_shadowed_names.cpp);
// a use inside a macro cannot be renamed, and is refused at the call.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify
#include <hpp/hpp.hpp>

#define AT(v, k) v(k)

void run(int n, hpp::View<long, 1> x) {
  // expected-error@+1 {{a lambda body that names its parameter 'n' inside a macro (hppc must rename it: the policy names 'n' too)}}
  hpp::parallel_for(n, [=](int n) { AT(x, n) = n; });
}
