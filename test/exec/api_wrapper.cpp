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

// Wrapper functions that forward a policy and a body (and a label) to the
// API: hppc lowers the wrapper's call sites, where both are visible.
#include <cstdio>
#include <hpp/hpp.hpp>

template <class P, class F> void my_for(const P &p, const F &f) { hpp::parallel_for(p, f); }

template <class P, class F, class R> void my_sum(const P &p, const F &f, R &&r) {
  hpp::parallel_reduce("wrapped sum", p, f, r);
}

int main() {
  const int n = 1003, rows = 41, cols = 29;
  double *x = hpp::alloc<double>(n, hpp::Space::Shared);
  double *m = hpp::alloc<double>(rows * cols, hpp::Space::Shared);
  my_for(hpp::RangePolicy(0, n), [=](int i) { x[i] = (i * 7) % 13 - 6; });
  double s = -1;
  my_sum(n, [=](int i, double &a) { a += x[i]; }, s);
  double mx = -1;
  my_sum(hpp::RangePolicy(1, n), [=](int i, double &a) { a = x[i] > a ? x[i] : a; }, hpp::Max<double>(mx));
  my_for(hpp::MDRangePolicy<2>({0, 0}, {rows, cols}), [=](int i, int j) { m[i * cols + j] = i - j; });
  double total = 0;
  for (int i = 0; i < rows * cols; ++i)
    total += m[i];
  std::printf("sum %.1f max %.1f total %.1f x0 %.1f xlast %.1f\n", s, mx, total, x[0], x[n - 1]);
  hpp::free(x);
  hpp::free(m);
  return 0;
}
