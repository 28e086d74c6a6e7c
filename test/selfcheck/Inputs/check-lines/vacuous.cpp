// A bad codegen test: every check matches the user's code, which hppc
// copies into its output, so a translator that did nothing would pass it.
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu

void scale(int n, double *x) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    x[i] *= 2;
}

// CUDA: void scale(int n, double *x) {
// CUDA: x[i] *= 2;
