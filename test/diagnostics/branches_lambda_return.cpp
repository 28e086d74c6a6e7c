// A return inside a lambda defined in the loop body returns from the
// lambda, not from the loop: nothing to diagnose.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify
// expected-no-diagnostics

void lambdaInLoop(int N, double *A) {
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    auto Clamp = [](double V) {
      if (V > 1)
        return 1.0;
      return V;
    };
    A[I] = Clamp(A[I]);
  }
}
