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

// y = a*x + y with a flat parallel loop, plus a zero-trip call.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

void daxpy(int n, double a, const double* x, double* y) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1001;
  double* x = hpp::alloc<double>(n, hpp::Space::Shared);
  double* y = hpp::alloc<double>(n, hpp::Space::Shared);
  std::vector<double> ref(n);
  for (int i = 0; i < n; ++i) {
    x[i] = i % 17 - 8;
    y[i] = (i * 7) % 13;
    ref[i] = 2.5 * x[i] + y[i];
  }
  daxpy(n, 2.5, x, y);
  double sum = 0;
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    sum += y[i] * (i % 5 + 1);
    bad += y[i] != ref[i];
  }
  std::printf("checksum %.17g\n", sum);
  std::printf("y[0] %.17g y[500] %.17g y[1000] %.17g\n", y[0], y[500], y[n - 1]);
  std::printf("mismatches %d\n", bad);

  // Zero trips: nothing changes.
  daxpy(0, 3.0, x, y);
  std::printf("after zero-trip y[0] %.17g\n", y[0]);

  // Flat loop over the middle, with a non-zero start.
  double* yp = y;
  const double* xp = x;
#pragma hpp team thread vector
  for (int i = 3; i < n - 5; ++i)
    yp[i] -= xp[i];
  bad = 0;
  for (int i = 0; i < n; ++i)
    bad += y[i] != ((i >= 3 && i < n - 5) ? ref[i] - x[i] : ref[i]);
  std::printf("mismatches2 %d y[3] %.17g y[995] %.17g y[996] %.17g\n", bad, y[3], y[995], y[996]);
  hpp::free(x);
  hpp::free(y);

  return 0;

}
