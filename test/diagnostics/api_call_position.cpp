// A parallel_* call must be a statement of its own: inside an expression
// (a comma operator, an initializer) it is refused at the call.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

void positions(int n, double *x) {
  // expected-error@+1 {{hppc cannot lower a call that is not a statement of its own; write the loop with '#pragma hpp' instead}}
  int k = (hpp::parallel_for(n, [=](int i) { x[i] = 1; }), 3);
  (void)k;
  double s = 0;
  // expected-error@+1 {{hppc cannot lower a call that is not a statement of its own}}
  n > 0 ? hpp::parallel_reduce(n, [=](int i, double &a) { a += x[i]; }, s) : (void)0;
}
