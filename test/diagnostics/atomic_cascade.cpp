// A refused '#pragma hpp atomic' is one error, at the statement.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify

void atomicCascade(int N, const double *A) {
  double S = 0;
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' expects an update}}
    S = A[I] - S;
  }
}
