// '#pragma hpp atomic' must be followed by an update it can make atomic.
// The targets here are memory, so that the refused atomics leave no race
// behind (see atomic_cascade.cpp).
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify

#include <algorithm>
#include <cmath>

void atomics(int N, const double *A, double *H, int *C, double M) {
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' expects an update 'x op= e', 'x++', 'x = x op e' or 'x = min(x, e)'}}
    H[0] = A[I];
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' expects an update}}
    H[0] = A[I] - H[0];
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' expects an update}}
    H[0] = A[I] / H[0];
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' expects an update}}
    H[1] = A[I] + M;
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' expects an update}}
    C[0] %= 2;
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' expects an update}}
    H[2] = std::min(A[I], M);
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' expects an update}}
    H[2] = fmax(A[I], M);
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' expects an update}}
    H[2] = std::abs(H[2]);
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' expects an update}}
    {
      C[1]++;
    }
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' expects an update}}
    (void)C[2];
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' expects an update}}
    if (A[I] > 0)
      C[3]++;
  }
}
