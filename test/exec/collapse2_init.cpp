// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// collapse(2) initialisation of a 2-D array and collapse(3) of a 3-D array,
// with a collapsed reduction, non-zero lower bounds and an empty dimension.
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int n0 = 37, n1 = 53;
  double* a = hpp::alloc<double>(n0 * n1, hpp::Space::Shared);
  for (int i = 0; i < n0 * n1; ++i) a[i] = -1.0;
  double* ap = a;
#pragma hpp parallel collapse(2)
  for (int i = 0; i < n0; ++i)
    for (int j = 0; j < n1; ++j)
      ap[i * n1 + j] = i * 100 + j;
  int bad = 0;
  double cs = 0;
  for (int i = 0; i < n0; ++i)
    for (int j = 0; j < n1; ++j) {
      bad += a[i * n1 + j] != i * 100 + j;
      cs += a[i * n1 + j] * ((i + j) % 3 + 1);
    }
  std::printf("2d checksum %.17g mismatches %d a[0] %.17g a[mid] %.17g a[last] %.17g\n", cs, bad,
              a[0], a[18 * n1 + 26], a[n0 * n1 - 1]);

  // collapse(2) with a reduction and non-zero lower bounds.
  double s = 0;
#pragma hpp parallel collapse(2) reduction(+: s)
  for (int i = 2; i < n0; ++i)
    for (int j = 5; j < n1; ++j)
      s += ap[i * n1 + j];
  double rs = 0;
  for (int i = 2; i < n0; ++i)
    for (int j = 5; j < n1; ++j)
      rs += a[i * n1 + j];
  std::printf("2d sum %.17g ref %.17g\n", s, rs);

  // collapse(3).
  const int m0 = 5, m1 = 7, m2 = 11;
  int* b = hpp::alloc<int>(m0 * m1 * m2, hpp::Space::Shared);
  for (int i = 0; i < m0 * m1 * m2; ++i) b[i] = -1;
  int* bp = b;
#pragma hpp team thread vector collapse(3)
  for (int i = 0; i < m0; ++i)
    for (int j = 0; j < m1; ++j)
      for (int k = 0; k < m2; ++k)
        bp[(i * m1 + j) * m2 + k] = i * 10000 + j * 100 + k;
  bad = 0;
  long cs3 = 0;
  for (int i = 0; i < m0; ++i)
    for (int j = 0; j < m1; ++j)
      for (int k = 0; k < m2; ++k) {
        int v = b[(i * m1 + j) * m2 + k];
        bad += v != i * 10000 + j * 100 + k;
        cs3 += (long)v * (k + 1);
      }
  std::printf("3d checksum %ld mismatches %d b[0] %d b[mid] %d b[last] %d\n", cs3, bad, b[0],
              b[(2 * m1 + 3) * m2 + 5], b[m0 * m1 * m2 - 1]);

  // An empty inner dimension: nothing is written, the sum stays.
  double e = 7;
  int zero = 0;
#pragma hpp parallel collapse(2) reduction(+: e)
  for (int i = 0; i < n0; ++i)
    for (int j = 0; j < zero; ++j)
      e += ap[i];
  std::printf("empty collapse %.17g\n", e);
  hpp::free(a);
  hpp::free(b);

  return 0;
}
