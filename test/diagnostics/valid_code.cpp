// Tricky code that is valid: hppc must translate it without a diagnostic.
// (A lambda with a 'return' in the loop body: branches_lambda_return.cpp.)
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify
// expected-no-diagnostics

#include <cmath>

double Global;

double square(double X) { return X * X; }

double sums(int N, const double *A) {
  double S = 0, P = 1, T = 0;
  // A reduction written as an assignment, either way round.
#pragma hpp parallel reduction(+: S, T) reduction(*: P)
  for (int I = 0; I < N; ++I) {
    S = S + A[I];
    T = A[I] + T;
    P = P * 2;
  }
  double Lo = A[0];
  int Where = 0;
#pragma hpp parallel reduction(minloc: Lo, Where)
  for (int I = 0; I < N; ++I)
    if (A[I] < Lo) {
      Lo = A[I];
      Where = I;
    }
  double Hi = A[0];
#pragma hpp parallel reduction(max: Hi)
  for (int I = 0; I < N; ++I)
    Hi = std::fmax(Hi, square(A[I]));
  return S + T + P + Lo + Where + Hi;
}

void locals(int N, double *A) {
  // Variables declared inside the loop are private to an iteration.
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    double Tmp = A[I];
    Tmp *= 2;
    int K;
    K = I;
    double &Ref = A[I];
    Ref = Tmp + K;
    for (int J = 0; J < 3; ++J)
      Tmp += J;
    A[I] = Tmp;
  }
}

void branchesThatStay(int N, double *A) {
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // break leaves only the inner, unannotated loop or the switch.
    for (int J = 0; J < N; ++J) {
      if (A[J] < 0)
        break;
      A[I] += 1;
    }
    switch (I % 2) {
    case 0:
      A[I] = 0;
      break;
    default:
      break;
    }
    // A throw caught inside the body.
    try {
      if (A[I] > 100)
        throw 1;
    } catch (int) {
      A[I] = 100;
    }
    // A goto to a label inside the body.
    if (A[I] > 10)
      goto next;
    A[I] += 1;
  next:
    A[I] *= 2;
  }
}

void atomicsOnOuterScalars(int N, const double *A, int *Hist) {
  double S = 0, M = 0;
  long Count = 0;
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
#pragma hpp atomic
    S += A[I];
#pragma hpp atomic
    Count++;
#pragma hpp atomic
    M = std::fmax(M, A[I]);
#pragma hpp atomic
    Global = Global + A[I];
#pragma hpp atomic
    Hist[I % 8] += 1;
  }
  Hist[0] = static_cast<int>(S + M + Count);
}

void hierarchy(int N, int M, double *A, double *Out) {
#pragma hpp team league(64) team_size(auto)
  for (int I = 0; I < N; ++I) {
#pragma hpp scratch level(0) per(team)
    double Tile[256];
#pragma hpp scratch level(1)
    double Big[M];
#pragma hpp vector
    for (int J = 0; J < 256; ++J)
      Tile[J] = A[J];
#pragma hpp barrier
    double Row = 0;
#pragma hpp thread reduction(+: Row)
    for (int J = 0; J < M; ++J) {
      Big[J] = Tile[J % 256];
      double Part = 0;
#pragma hpp vector reduction(+: Part)
      for (int K = 0; K < 4; ++K)
        Part += Big[J] * K;
      Row += Part;
    }
    double Shared;
#pragma hpp single
    Shared = Row * 2;
    Out[I] = Shared;
  }
}

void scans(int N, const double *In, double *Out) {
  double S = 0;
#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    double V = In[I] * 2;
    S += V;
#pragma hpp scan inclusive(S)
    Out[I] = S;
  }
  double E = 0;
#pragma hpp parallel reduction(inscan, +: E)
  for (int I = 0; I < N; ++I) {
    Out[I] = E;
#pragma hpp scan exclusive(E)
    E += In[I];
  }
}

void collapsed(int N, int M, double *A) {
#pragma hpp parallel collapse(2)
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < M; ++J)
      A[I * M + J] = I + J;
#pragma hpp parallel collapse(2)
  for (int I = N - 1; I >= 0; --I) {
    for (int J = 0; J != M; J += 1)
      A[I * M + J] = 0;
  }
}
