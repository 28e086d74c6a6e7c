// Clause tile(...) gives one size per collapsed loop; its two innermost
// sizes make a GPU block of rows x columns, which holds at most 1024
// threads. Both are errors at the clause on every backend, and no file is
// written. Sizes that depend on a template parameter reach the runtime.
// RUN: %hppc translate --backend=openmp %s -o %t.omp.cpp -- -Xclang -verify
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -Xclang -verify
// RUN: not test -e %t.omp.cpp
// RUN: not test -e %t.cu

void sizes(int n, int m, double *a) {
  // expected-error@+1 {{clause 'tile' needs one size per collapsed loop (2); it has 1}}
#pragma hpp parallel collapse(2) tile(4)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      a[i * m + j] = 0;

  // expected-error@+1 {{clause 'tile' needs one size per collapsed loop (1); it has 2}}
#pragma hpp parallel tile(4, 8)
  for (int i = 0; i < n; ++i)
    a[i] = 0;

  // expected-error@+1 {{clause 'tile' asks for blocks of 64 rows x 32 columns, 2048 threads; a GPU block holds at most 1024}}
#pragma hpp parallel collapse(3) tile(2, 64, 32)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      for (int k = 0; k < m; ++k)
        a[(i * m + j) * m + k] = 0;

  // 0 leaves a size to the runtime; an outer size is not part of the block.
#pragma hpp parallel collapse(3) tile(4096, 0, 1024)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      for (int k = 0; k < m; ++k)
        a[(i * m + j) * m + k] = 1;
}

template <int R, int C> void dependent(int n, int m, double *a) {
#pragma hpp parallel collapse(2) tile(R, C)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      a[i * m + j] = 2;
}
template void dependent<4, 8>(int, int, double *);
