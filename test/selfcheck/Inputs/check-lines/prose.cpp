// A bad test: this comment explains what happens on CUDA: the league runs
// over blocks. FileCheck reads "the league runs" as a CUDA check.
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu

void scale(int n, double *x) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    x[i] *= 2;
}

// CUDA: hpprt::cuda::launch(
