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

// MDRangePolicy with the API: rank-2 and rank-3 initialisation with and
// without tiles (tiles that divide the extents and tiles that do not, a 0
// tile letting the backend choose), non-zero lower bounds, and a rank-2
// parallel_reduce; empty boxes write nothing.
#include <cstdio>
#include <hpp/hpp.hpp>

void init2(int n0, int n1, double* a) {
  hpp::parallel_for(hpp::MDRangePolicy<2>({0, 0}, {n0, n1}),
                    [=](int i, int j) { a[i * n1 + j] = i * 1000 + j; });
}

void init2_tiled(int n0, int n1, double* a) {
  hpp::parallel_for("init2_tiled", hpp::MDRangePolicy<2>({0, 0}, {n0, n1}, {4, 8}),
                    [=](int i, int j) { a[i * n1 + j] += 2 * i - j; });
}

// Only the interior [1, n0-1) x [2, n1) is written.
void interior2(int n0, int n1, double* a) {
  hpp::parallel_for(hpp::MDRangePolicy<2>({1, 2}, {n0 - 1, n1}, {3, 0}),
                    [=](int i, int j) { a[i * n1 + j] = -a[i * n1 + j]; });
}

void init3(int n0, int n1, int n2, long* b) {
  hpp::parallel_for(hpp::MDRangePolicy<3>({0, 0, 0}, {n0, n1, n2}, {2, 3, 5}),
                    [=](int i, int j, int k) { b[(i * n1 + j) * n2 + k] = (i * 7 + j * 3 + k) % 101; });
}

void add3(int n0, int n1, int n2, long* b) {
  hpp::parallel_for(hpp::MDRangePolicy<3>({1, 0, 2}, {n0, n1, n2}), [=](int i, int j, int k) {
    b[(i * n1 + j) * n2 + k] += i * j - k;
  });
}

double sum2(int n0, int n1, const double* a) {
  double s = 0;
  hpp::parallel_reduce(
      hpp::MDRangePolicy<2>({0, 0}, {n0, n1}, {5, 5}),
      [=](int i, int j, double& acc) { acc += a[i * n1 + j] * ((i + j) % 3); }, s);
  return s;
}

long sum3(int n0, int n1, int n2, const long* b) {
  long s = 0;
  hpp::parallel_reduce(
      hpp::MDRangePolicy<3>({0, 0, 0}, {n0, n1, n2}),
      [=](int i, int j, int k, long& acc) { acc += b[(i * n1 + j) * n2 + k] * (k + 1); }, s);
  return s;
}

int main() {
  const int n0 = 37, n1 = 29, m0 = 9, m1 = 11, m2 = 13;
  double* a = hpp::alloc<double>(n0 * n1, hpp::Space::Shared);
  long* b = hpp::alloc<long>(m0 * m1 * m2, hpp::Space::Shared);
  for (int i = 0; i < n0 * n1; ++i) a[i] = -5;
  for (int i = 0; i < m0 * m1 * m2; ++i) b[i] = -5;
  init2(n0, n1, a);
  int bad = 0;
  for (int i = 0; i < n0; ++i)
    for (int j = 0; j < n1; ++j) bad += a[i * n1 + j] != i * 1000 + j;
  std::printf("init2 a[0] %.17g a[30] %.17g a[last] %.17g mismatches %d\n", a[0], a[30],
              a[n0 * n1 - 1], bad);
  init2_tiled(n0, n1, a);
  interior2(n0, n1, a);
  bad = 0;
  double cs = 0;
  for (int i = 0; i < n0; ++i)
    for (int j = 0; j < n1; ++j) {
      double v = i * 1000 + j + 2 * i - j;
      if (i >= 1 && i < n0 - 1 && j >= 2) v = -v;
      bad += a[i * n1 + j] != v;
      cs += a[i * n1 + j] * ((i * n1 + j) % 7 + 1);
    }
  std::printf("tiled+interior checksum %.17g a[1] %.17g a[31] %.17g mismatches %d\n", cs, a[1],
              a[31], bad);
  std::printf("sum2 %.17g\n", sum2(n0, n1, a));
  init3(m0, m1, m2, b);
  add3(m0, m1, m2, b);
  bad = 0;
  long cs3 = 0;
  for (int i = 0; i < m0; ++i)
    for (int j = 0; j < m1; ++j)
      for (int k = 0; k < m2; ++k) {
        long v = (i * 7 + j * 3 + k) % 101;
        if (i >= 1 && k >= 2) v += i * j - k;
        bad += b[(i * m1 + j) * m2 + k] != v;
        cs3 += b[(i * m1 + j) * m2 + k] * ((i + 2 * j + 3 * k) % 5 + 1);
      }
  std::printf("init3+add3 checksum %ld b[0] %ld b[100] %ld mismatches %d\n", cs3, b[0], b[100],
              bad);
  std::printf("sum3 %ld\n", sum3(m0, m1, m2, b));
  // Empty boxes: nothing is written and the sums are 0.
  a[0] = 77;
  init2(0, n1, a);
  init2(n0, 0, a);
  init3(m0, 0, m2, b);
  std::printf("empty a[0] %.17g b[0] %ld sum2 %.17g sum3 %ld\n", a[0], b[0], sum2(n0, 0, a),
              sum3(0, m1, m2, b));
  hpp::free(a);
  hpp::free(b);
  return 0;
}
