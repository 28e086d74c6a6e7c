// `return;` in a body ends the iteration and is lowered to `continue;`; a
// return inside a loop of the body (where continue would mean something
// else), or a return with a value, is refused at the return.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

void returns(int n, double *x) {
  hpp::parallel_for(n, [=](int i) {
    for (int j = 0; j < 3; ++j) {
      if (x[j] > 0)
        // expected-error@+1 {{hppc cannot lower a 'return' inside a loop, or with a value, in a parallel_* body; write the loop with '#pragma hpp' instead}}
        return;
    }
    x[i] = 1;
  });

  hpp::parallel_for(n, [=](int i) {
    int j = 0;
    while (j < i) {
      // expected-error@+1 {{hppc cannot lower a 'return' inside a loop}}
      return;
    }
    x[i] = j;
  });

  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), [=](const hpp::TeamMember &t) {
    hpp::parallel_for(hpp::TeamThreadRange(t, n), [&](int j) {
      switch (j) {
      case 0:
        // expected-error@+1 {{hppc cannot lower a 'return' inside a loop}}
        return;
      default:
        x[j] = 1;
      }
    });
  });
}
