// A bad codegen test as FileCheck alone would pass it: the translated file
// holds this comment block, so each check finds its own copy. (A prose
// line that reads "on CUDA" followed by a colon is a directive too.)
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu

void scale(int n, double *x) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    x[i] *= 2;
}

// CUDA: hpprt::cuda::no_such_function();
// CUDA-NEXT: hpprt::cuda::nor_this_one();
