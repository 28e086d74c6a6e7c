// Scans: the separator and the 'inscan' reduction must come together, the
// separator must be a statement of the loop body, and the input phase may
// only update the scan variable.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify

double weight(double X) { return X * 2; }

void scans(int N, const double *In, double *Out, double *Other) {
  double S = 0, T = 0;

  // A scan without 'inscan'.
#pragma hpp parallel reduction(+: S)
  for (int I = 0; I < N; ++I) {
    S += In[I];
    // expected-error@+1 {{'S' is not named in an 'inscan' reduction of the enclosing loop}}
#pragma hpp scan inclusive(S)
    Out[I] = S;
  }

  // 'inscan' without a scan.
  // expected-error@+1 {{loop with an 'inscan' reduction needs a '#pragma hpp scan' in its body}}
#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    S += In[I];
    Out[I] = S;
  }

  // Two 'inscan' variables, one separator naming only one of them.
#pragma hpp parallel reduction(inscan, +: S, T)
  for (int I = 0; I < N; ++I) {
    S += In[I];
    T += 1;
    // expected-error@+1 {{'inscan' reduction variables of one loop must all use the same scan directive}}
#pragma hpp scan inclusive(S)
    Out[I] = S + T;
  }

  // The separator nested in a block of the body.
#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    S += In[I];
    if (I >= 0) {
      // expected-error@+1 {{'#pragma hpp scan' must be a statement of the body of a loop with an 'inscan' reduction}}
#pragma hpp scan inclusive(S)
      Out[I] = S;
    }
  }

  // Two separators.
#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    S += In[I];
#pragma hpp scan inclusive(S)
    Out[I] = S;
    // expected-error@+1 {{'#pragma hpp scan' must be a statement of the body of a loop with an 'inscan' reduction}}
#pragma hpp scan inclusive(S)
    Out[I] += S;
  }

  // Inclusive scan: the input phase comes before the separator.
#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    S += In[I];
    // The exact wording is checked in scan_input_memory.cpp.
    // expected-error@+1 {{the input phase of a scan may only update the scan variable; 'Other[I]}}
    Other[I] = In[I];
#pragma hpp scan inclusive(S)
    Out[I] = S;
  }

#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{the input phase of a scan may only update the scan variable; 'T' is written}}
    T = In[I];
    S += In[I];
#pragma hpp scan inclusive(S)
    Out[I] = S;
  }

  // Exclusive scan: the input phase comes after the separator.
#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    Out[I] = S;
#pragma hpp scan exclusive(S)
    S += In[I];
    // expected-error@+1 {{the input phase of a scan may only update the scan variable; '*Other}}
    *Other += 1;
  }

#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{the input phase of a scan may only update the scan variable; it calls 'weight'}}
    S += weight(In[I]);
#pragma hpp scan inclusive(S)
    Out[I] = S;
  }

  // Team loops do not scan.
#pragma hpp team reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    S += In[I];
    // expected-error@+1 {{scans are supported on flat parallel loops and on thread and vector loops}}
#pragma hpp scan inclusive(S)
    Out[I] = S;
  }
}

void scanOutside(int N, double S) {
  // expected-error@+1 {{'#pragma hpp scan' must be a statement of the body of a loop with an 'inscan' reduction}}
#pragma hpp scan inclusive(S)
  S += N;
}

// An exclusive scan's input phase may read declarations of the scan phase
// only when the reduce pass can repeat them.
int next(int &K) { return K++; }

void exclusiveLocals(int N, const double *In, double *Out) {
  double S = 0;
  int K = 0;
#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    const int P = next(K) % N;
    Out[I] = S;
#pragma hpp scan exclusive(S)
    // expected-error@+1 {{the input phase of an exclusive scan reads 'P', declared before the separator, whose declaration cannot be repeated in the reduce pass: its initialiser has side effects}}
    S += In[P];
  }
#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    const double Before = S;
    const double Twice = 2 * Before;
    Out[I] = S;
#pragma hpp scan exclusive(S)
    // expected-error@+1 {{reads 'Twice', declared before the separator, whose declaration cannot be repeated in the reduce pass: it reads the scan variable}}
    S += Twice * In[I];
  }
#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    int P = I;
    Out[P] = S;
    P = N - 1 - I;
#pragma hpp scan exclusive(S)
    // expected-error@+1 {{reads 'P', declared before the separator, whose declaration cannot be repeated in the reduce pass: it is modified after its declaration}}
    S += In[P];
  }
}
