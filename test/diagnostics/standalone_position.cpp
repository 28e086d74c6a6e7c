// A stand-alone directive must be a statement of a block: as the body of
// an 'if' it would be conditional (a barrier not reached by every thread).
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify

void conditionalBarrier(int N, double *A) {
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    A[I] = 1;
    if (N > 2)
      // expected-error@+1 {{'#pragma hpp barrier' must be a statement of a block}}
#pragma hpp barrier
    A[I] = 2;
  }
}
