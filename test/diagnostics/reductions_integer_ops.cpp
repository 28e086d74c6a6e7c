// Bitwise reductions and the index of a minloc/maxloc need an integer
// variable; the message should say so.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify

void integerOps(int N, double *A) {
  double D = 0;
  // expected-error@+1 {{reduction variable 'D' must have integer type for '&'}}
#pragma hpp parallel reduction(&: D)
  for (int I = 0; I < N; ++I)
    D = A[I];

  double Min = A[0], Where = 0;
  // expected-error@+1 {{index variable 'Where' must have integer type for 'minloc'}}
#pragma hpp parallel reduction(minloc: Min, Where)
  for (int I = 0; I < N; ++I)
    if (A[I] < Min) {
      Min = A[I];
      Where = I;
    }
}
