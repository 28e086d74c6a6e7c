// Reduction clauses naming variables the loop cannot reduce, and the warning
// that minloc ties go to the lowest index in a loop that runs downwards
// whose body hppc does not recognise.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify

struct Pair {
  double A, B;
};

void reductions(int N, double *A, double *P) {
  double S = 0, Unused = 0;
  // expected-error@+1 {{reduction variable 'Unused' is not a variable used in the loop}}
#pragma hpp parallel reduction(+: S, Unused)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{reduction variable 'Nowhere' is not a variable used in the loop}}
#pragma hpp parallel reduction(max: Nowhere)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{reduction variable 'Local' is declared inside the loop}}
#pragma hpp parallel reduction(+: Local)
  for (int I = 0; I < N; ++I) {
    double Local = A[I];
    A[I] = Local * 2;
  }

  // expected-error@+1 {{reduction variable 'P' must have arithmetic type for '+'}}
#pragma hpp parallel reduction(+: P)
  for (int I = 0; I < N; ++I)
    P += 1;

  Pair Q = {0, 0};
  // expected-error@+1 {{reduction variable 'Q' must have arithmetic type for 'max'}}
#pragma hpp parallel reduction(max: Q)
  for (int I = 0; I < N; ++I)
    Q.A = A[I];

  // expected-error@+1 {{variable 'S' appears in more than one reduction}}
#pragma hpp parallel reduction(+: S) reduction(max: S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{variable 'S' appears in more than one reduction}}
#pragma hpp parallel reduction(+: S, S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  int Idx = 0;
  // expected-error@+1 {{variable 'S' appears in more than one reduction}}
#pragma hpp parallel reduction(+: S) reduction(minloc: S, Idx)
  for (int I = 0; I < N; ++I)
    if (A[I] < S) {
      S = A[I];
      Idx = I;
    }

  // A reduction at an inner level: the same checks apply.
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    double Row = 0;
    // expected-error@+1 {{reduction variable 'Col' is not a variable used in the loop}}
#pragma hpp thread reduction(+: Row, Col)
    for (int J = 0; J < N; ++J)
      Row += A[I * N + J];
    A[I] = Row;
  }
}

void minlocDownward(int N, const double *X, double &M, int &At) {
  double V = 1e300;
  int I0 = -1;
  // The index is not the loop index: hppc does not recognise the body.
  // expected-warning@+1 {{ties in 'minloc' go to the lowest index among the threads' results, and the variable's initial value wins a tie with them; in this loop, which runs downwards, that is the serial result only if the body itself prefers the lowest index and keeps the initial value on ties}}
#pragma hpp parallel reduction(minloc: V, I0)
  for (int I = N - 1; I >= 0; --I)
    if (X[I] < V || (X[I] == V && I < I0)) {
      V = X[I];
      I0 = N - 1 - I;
    }
  M = V;
  At = I0;
}

// A body that breaks ties by index itself is recognised: no warning.
void minlocDownwardByIndex(int N, const double *X, double &M, int &At) {
  double V = 1e300;
  int I0 = -1;
#pragma hpp parallel reduction(minloc: V, I0)
  for (int I = N - 1; I >= 0; --I)
    if (X[I] < V || (I0 > I && V == X[I])) {
      V = X[I];
      I0 = I;
    }
  M = V;
  At = I0;
}

// A body hppc recognises (it keeps the first of equal values): ties go to
// the index the serial loop keeps, with no warning.
void minlocDownwardRecognised(int N, const double *X, double &M, int &At) {
  double V = 1e300;
  int I0 = -1;
#pragma hpp parallel reduction(minloc: V, I0)
  for (int I = N - 1; I >= 0; --I)
    if (X[I] < V) {
      V = X[I];
      I0 = I;
    }
  M = V;
  At = I0;
}
