// Scratch applies to local arrays with automatic storage: a static array is
// one array for the whole program, not one per team.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify

void staticScratch(int N, double *A) {
#pragma hpp team
  for (int I = 0; I < N; ++I) {
#pragma hpp scratch
    // expected-error@+1 {{scratch array 'T' must be an automatic local variable}}
    static double T[4];
    T[0] = 1;
    A[I] = T[0];
  }
}
