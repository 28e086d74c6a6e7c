// A throw inside a catch handler leaves the try statement that owns the
// handler, and so the parallel loop.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify

void rethrow(int N, double *A) {
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    try {
      A[I] = 1;
    } catch (...) {
      // expected-error@+1 {{'throw' cannot leave a parallel loop}}
      throw;
    }
  }
}
