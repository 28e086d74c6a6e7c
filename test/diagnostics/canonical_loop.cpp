// Loops that are not canonical: the error points at the offending part of
// the loop header (or the write in the body), with a note at the pragma.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify

void shapes(int N, int M, int Step, double *A) {
  int K;
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop must declare its index in the init statement, as in 'for (int i = lb; ...)'}}
  for (K = 0; K < N; ++K)
    A[K] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop must declare its index in the init statement}}
  for (; M < N; ++M)
    A[M] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop must declare its index in the init statement}}
  for (int I = 0, J = 0; I < N; ++I)
    A[I] = J;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp team' here}}
#pragma hpp team
  // expected-error@+1 {{loop index 'X' must have integer type}}
  for (double X = 0; X < N; X += 1)
    A[0] = X;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop condition must compare 'I' with '<', '<=', '>', '>=' or '!='}}
  for (int I = 0; M < N; ++I)
    A[I] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop condition must compare 'I' with '<', '<=', '>', '>=' or '!='}}
  for (int I = 0; I == N; ++I)
    A[I] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop condition must compare 'I' with '<', '<=', '>', '>=' or '!='}}
  for (int I = 0;; ++I)
    A[I] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop increment must add or subtract a constant to 'I'}}
  for (int I = 0; I < N; I += Step)
    A[I] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop increment must add or subtract a constant to 'I'}}
  for (int I = 1; I < N; I *= 2)
    A[I] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop increment must add or subtract a constant to 'I'}}
  for (int I = 0; I < N;)
    A[I++] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop step must not be zero}}
  for (int I = 0; I < N; I += 0)
    A[I] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop step -1 never reaches the bound with '<'}}
  for (int I = 0; I < N; --I)
    A[I] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop step 2 never reaches the bound with '>='}}
  for (int I = N; I >= 0; I = I + 2)
    A[I] = 0;

  // The bound on the left is mirrored: 'N > I' is 'I < N'.
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop step -3 never reaches the bound with '<'}}
  for (int I = 0; N > I; I -= 3)
    A[I] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{a loop with '!=' must step by 1 or -1}}
  for (int I = 0; I != N; I += 2)
    A[I] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    A[I] = 0;
    // expected-error@+1 {{loop bound uses 'N', which is modified in the loop}}
    --N;
  }

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N + M; ++I) {
    // expected-error@+1 {{loop bound uses 'M', which is modified in the loop}}
    M = 2;
    A[I] = 0;
  }

  // The bound is evaluated before the loop, where the index does not exist.
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  // expected-error@+1 {{loop bound uses 'I', which is modified in the loop}}
  for (int I = 0; I < N - I; ++I)
    A[I] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    A[I] = 0;
    // expected-error@+1 {{loop index 'I' is modified in the loop body}}
    I += 1;
  }

  // expected-note@+1 {{for the loop annotated by '#pragma hpp team' here}}
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{loop index 'I' is modified in the loop body}}
    int &Alias = I;
    A[Alias] = 0;
  }
}

void notLoops(int N, double *A) {
  int I = 0;
  // expected-error@+2 {{'#pragma hpp parallel' must be followed by a 'for' loop}}
#pragma hpp parallel
  while (I < N)
    A[I++] = 0;

  // expected-error@+2 {{'#pragma hpp team' must be followed by a 'for' loop}}
#pragma hpp team
  for (double &X : *reinterpret_cast<double(*)[4]>(A))
    X = 0;

  // expected-error@+2 {{'#pragma hpp thread' must be followed by a 'for' loop}}
#pragma hpp thread
  {
    A[0] = 0;
  }
}

void collapse(int N, int M, double *A) {
  // expected-error@+2 {{collapse(2) needs 2 perfectly nested 'for' loops}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel collapse(2)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+2 {{collapse(3) needs 3 perfectly nested 'for' loops}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel collapse(3)
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < M; ++J)
      A[I * M + J] = 0;

  // expected-error@+2 {{collapse(2) needs 2 perfectly nested 'for' loops}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp team' here}}
#pragma hpp team collapse(2)
  for (int I = 0; I < N; ++I) {
    A[I] = 0;
    for (int J = 0; J < M; ++J)
      A[I * M + J] = 0;
  }

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel collapse(2)
  for (int I = 0; I < N; ++I)
    // expected-error@+1 {{bounds of a collapsed loop use 'I', the index of an enclosing collapsed loop}}
    for (int J = 0; J < I; ++J)
      A[I * M + J] = 0;

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel collapse(2)
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{bounds of a collapsed loop use 'I', the index of an enclosing collapsed loop}}
    for (int J = I; J < M; ++J)
      A[I * M + J] = 0;
  }

  // The inner collapsed loop must be canonical too.
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel collapse(2)
  for (int I = 0; I < N; ++I)
    // expected-error@+1 {{loop step must not be zero}}
    for (int J = 0; J < M; J -= 0)
      A[I * M + J] = 0;
}
