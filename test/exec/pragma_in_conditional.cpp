// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.teams.cpp -- -DUSE_TEAMS=1
// OPENMP-RUN: %cxx_omp -DUSE_TEAMS=1 %t.teams.cpp -o %t.teams %cxx_omp_link
// OPENMP-RUN: %t.teams > %t.teams.out
// OPENMP-RUN: %cxx_serial -DUSE_TEAMS=1 %s -o %t.ser.teams && %t.ser.teams > %t.ser.teams.out
// OPENMP-RUN: %compare %t.ser.teams.out %t.teams.out
// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.flat.cpp
// OPENMP-RUN: %cxx_omp %t.flat.cpp -o %t.flat %cxx_omp_link
// OPENMP-RUN: %t.flat > %t.flat.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser.flat && %t.ser.flat > %t.ser.flat.out
// OPENMP-RUN: %compare %t.ser.flat.out %t.flat.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.teams.cu -- -DUSE_TEAMS=1
// CUDA-BUILD: %nvcc_hpp -DUSE_TEAMS=1 %t.teams.cu -o %t.teams %nvcc_hpp_link
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.flat.cu
// CUDA-BUILD: %nvcc_hpp %t.flat.cu -o %t.flat %nvcc_hpp_link
// CUDA-RUN: %t.teams > %t.teams.out
// CUDA-RUN: %cxx_serial -DUSE_TEAMS=1 %s -o %t.ser.teams && %t.ser.teams > %t.ser.teams.out
// CUDA-RUN: %compare %t.ser.teams.out %t.teams.out
// CUDA-RUN: %t.flat > %t.flat.out
// CUDA-RUN: %cxx_serial %s -o %t.ser.flat && %t.ser.flat > %t.ser.flat.out
// CUDA-RUN: %compare %t.ser.flat.out %t.flat.out

// A pragma inside #if/#else/#endif just before its loop applies to the
// loop, as in OpenMP: the conditional directives and the skipped branch
// (which holds another pragma, or code) stand between them. Translated
// and run with each branch taken; the output keeps the #else/#endif
// around the rewritten pragma and compiles with the same macros.
#include <cstdio>
#include <hpp/hpp.hpp>

#ifndef USE_TEAMS
#define USE_TEAMS 0
#endif

void row_sums(int rows, int cols, const double *a, double *out) {
#if USE_TEAMS
#pragma hpp team
#else
#pragma hpp parallel
#endif
  for (int r = 0; r < rows; ++r) {
    double s = 0;
    for (int c = 0; c < cols; ++c)
      s += a[r * cols + c];
    out[r] = s;
  }
}

double total(int n, const double *a) {
  double sum = 0;
#ifdef NEVER_DEFINED
  sum = -1; // skipped code between the pragma's branch and the loop
#elif USE_TEAMS
#pragma hpp team reduction(+: sum)
#else
#pragma hpp parallel reduction(+: sum)
#endif
  for (int i = 0; i < n; ++i)
    sum += a[i];
  return sum;
}

int main() {
  const int rows = 37, cols = 11;
  // Device-accessible memory: the GPU run reads and writes it.
  double *a = hpp::alloc<double>(rows * cols, hpp::Space::Shared);
  double *out = hpp::alloc<double>(rows, hpp::Space::Shared);
  for (int i = 0; i < rows * cols; ++i)
    a[i] = (i * 7) % 13 - 6;
  row_sums(rows, cols, a, out);
  for (int r = 0; r < rows; ++r)
    std::printf("row %d: %g\n", r, out[r]);
  std::printf("total %g\n", total(rows * cols, a));
  hpp::free(a);
  hpp::free(out);
}
