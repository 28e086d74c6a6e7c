// Diagnostics added with later rules: inscan syntax, scratch of class type,
// single on a declaration, and the warning for minloc in a downward loop.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify

struct Counter {
  Counter() : n(0) {}
  int n;
};

void inscanComma(int N, const long *In, long *Out) {
  long S = 0;
  // expected-error@+1 {{expected ',' after 'inscan'}}
#pragma hpp parallel reduction(inscan +: S)
  for (int I = 0; I < N; ++I) {
    S += In[I];
    Out[I] = S;
  }
}

void scratchOfClassType(int N, double *Out) {
#pragma hpp team
  for (int E = 0; E < N; ++E) {
#pragma hpp scratch
    // expected-error@+1 {{elements of scratch array 'C' must be trivially default-constructible}}
    Counter C[4];
    Out[E] = C[0].n;
  }
}

void singleDeclaration(int N, double *Out) {
#pragma hpp team
  for (int E = 0; E < N; ++E) {
#pragma hpp single
    // expected-error@+1 {{'#pragma hpp single' cannot apply to a declaration}}
    double V = Out[E];
    Out[E] = V;
  }
}

void minlocDownward(int N, const double *X, double &M, int &At) {
  double V = 1e300;
  int I0 = -1;
  // expected-warning@+1 {{ties in 'minloc' go to the lowest index; in this loop, which runs downwards}}
#pragma hpp parallel reduction(minloc: V, I0)
  for (int I = N - 1; I >= 0; --I)
    if (X[I] < V) {
      V = X[I];
      I0 = I;
    }
  M = V;
  At = I0;
}
