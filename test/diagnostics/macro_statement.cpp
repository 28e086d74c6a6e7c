// Code a macro produces is edited only around whole macro invocations: a
// construct that needs an edit inside an expansion is refused at its
// pragma, with a note naming the macro.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify

#define LOOP(I, N) for (int I = 0; I < N; ++I)
#define KEEP_MIN(X, V) X = fmin(X, V)
#define KEEP_GLOBAL_MIN(V) Lowest = fmin(Lowest, V)
#define BUMP(X) X += 1

double fmin(double, double);
double Lowest;

void macroLoop(int N, double *A) {
  // The loop header is rewritten; this one is spelled in the macro.
  // expected-error@+1 {{cannot translate this region: cannot rewrite code produced by a macro}}
#pragma hpp parallel
  LOOP(I, N) // expected-note {{produced by macro 'LOOP': hppc can edit around a whole macro invocation, not inside what it expands to}}
    A[I] = 0;
}

void macroAtomicMin(double *C, double V) {
  // An atomic min becomes a call taking its operands as text: the
  // invocation is replaced as a whole, the operands are its arguments.
#pragma hpp atomic
  KEEP_MIN(*C, V);
}

void macroAtomicMinSpelledInMacro(double V) {
  // The target is spelled in the macro's definition, not in this file.
  // expected-error@+1 {{cannot translate this region: cannot rewrite code produced by a macro}}
#pragma hpp atomic
  KEEP_GLOBAL_MIN(V); // expected-note {{produced by macro 'KEEP_GLOBAL_MIN'}}
}

void macroAtomicAdd(int *C) {
  // An arithmetic atomic only needs the pragma line rewritten: accepted.
#pragma hpp atomic
  BUMP(*C);
}
