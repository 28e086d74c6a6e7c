// '#pragma hpp scratch' on something other than a local array without an
// initializer or of a class type, and scratch sizes that cannot be computed
// before the region.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify

void scratch(int N, int M, double *A) {
#pragma hpp team
  for (int I = 0; I < N; ++I) {
#pragma hpp scratch
    // expected-error@+1 {{'#pragma hpp scratch' must be followed by the declaration of a local array}}
    double X;
#pragma hpp scratch
    // expected-error@+1 {{'#pragma hpp scratch' must be followed by the declaration of a local array}}
    double *P = A;
#pragma hpp scratch
    // expected-error@+1 {{'#pragma hpp scratch' must be followed by the declaration of a local array}}
    double T0[8], T1[8];
#pragma hpp scratch
    // expected-error@+1 {{'#pragma hpp scratch' must be followed by the declaration of a local array}}
    A[I] = 0;
#pragma hpp scratch level(1)
    // expected-error@+1 {{scratch array 'T2' cannot have an initializer}}
    double T2[4] = {1, 2, 3, 4};
#pragma hpp scratch per(thread)
    // expected-error@+1 {{scratch array 'T3' cannot have an initializer}}
    int T3[4] = {};
    A[I] = X + P[0] + T0[0] + T1[0] + T2[0] + T3[0];
  }

  // expected-note@+1 {{for the loop annotated by '#pragma hpp team' here}}
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    int Len = I + 1;
#pragma hpp scratch
    // expected-error@+1 {{size of scratch array 'T' uses 'Len', which is declared inside the region; scratch sizes are evaluated before the region starts}}
    double T[Len];
    T[0] = 0;
    A[I] = T[0];
  }

  // The loop index is declared inside the region too.
  // expected-note@+1 {{for the loop annotated by '#pragma hpp team' here}}
#pragma hpp team
  for (int I = 0; I < N; ++I) {
#pragma hpp scratch per(thread)
    // expected-error@+1 {{size of scratch array 'T' uses 'I', which is declared inside the region}}
    double T[M + I];
    T[0] = 0;
    A[I] = T[0];
  }

#pragma hpp team
  for (int I = 0; I < N; ++I) {
#pragma hpp scratch
    // expected-error@+1 {{scratch array 'T': only the first dimension may be a run-time size}}
    double T[4][M];
    T[0][0] = 0;
    A[I] = T[0][0];
  }
}

void scratchSizeof(int N, double *Out) {
#pragma hpp team
  for (int I = 0; I < N; ++I) {
#pragma hpp scratch
    double T[16];
    // expected-error@+1 {{'sizeof' of scratch array 'T' is not supported: in translated code the array is a pointer into scratch memory}}
    Out[I] = sizeof(T) / sizeof(T[0]);
  }
}

struct Counter {
  Counter() : n(0) {}
  int n;
};

void scratchOfClassType(int N, double *Out) {
#pragma hpp team
  for (int E = 0; E < N; ++E) {
#pragma hpp scratch
    // expected-error@+1 {{elements of scratch array 'C' must be trivially default-constructible}}
    Counter C[4];
    Out[E] = C[0].n;
  }
}
