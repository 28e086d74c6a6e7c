// Errors found in the plugin's second parse, of the lowered parallel_*
// calls, reach clang at the user's lines: -verify checks the plugin and
// hppc against the same expectations.
//
// RUN: %clangxx -std=c++17 -fsyntax-only %s -I%hpp_include -fplugin=%hpp_plugin \
// RUN:   -fplugin-arg-hpp-backend=openmp -fplugin-arg-hpp-out=%t.cpp -Xclang -verify
// RUN: not test -e %t.cpp
// RUN: %hppc translate --backend=openmp %s -o %t.cpp -- -Xclang -verify

#include <hpp/hpp.hpp>

double sum(int N, const double *A) {
  double Sum = 0;
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
  hpp::parallel_for("sum", N, [&](int I) {
    // expected-error@+1 {{'Sum' is declared outside the parallel loop and written inside it; name it in a reduction clause or update it with '#pragma hpp atomic'}}
    Sum += A[I];
  });
  return Sum;
}
