// A statement written by a macro expansion cannot be rewritten: the error
// says so at the pragma, rather than claiming there is no statement.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify

#define LOOP(I, N) for (int I = 0; I < N; ++I)
#define KEEP_MIN(X, V) X = fmin(X, V)
#define BUMP(X) X += 1

double fmin(double, double);

void macroLoop(int N, double *A) {
  // expected-error@+1 {{cannot translate this region: cannot rewrite code produced by a macro}}
#pragma hpp parallel
  LOOP(I, N)
    A[I] = 0;
}

void macroAtomicMin(double *C, double V) {
  // An atomic min is rewritten as a call: impossible inside the macro.
  // expected-error@+1 {{cannot translate this region: cannot rewrite code produced by a macro}}
#pragma hpp atomic
  KEEP_MIN(*C, V);
}

void macroAtomicAdd(int *C) {
  // An arithmetic atomic only needs the pragma line rewritten: accepted.
#pragma hpp atomic
  BUMP(*C);
}
