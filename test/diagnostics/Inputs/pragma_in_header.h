// Included by pragma_syntax.cpp: hpp pragmas outside the main file are
// not translated.
inline void scaleInHeader(int N, double *A) {
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    A[I] *= 2;
}
