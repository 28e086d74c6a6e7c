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

// pi by the midpoint rule with a flat sum reduction.
#include <cmath>
#include <cstdio>

double pi(long n) {
  const double h = 1.0 / n;
  double s = 0;
#pragma hpp parallel reduction(+: s)
  for (long i = 0; i < n; ++i) {
    double x = (i + 0.5) * h;
    s += 4.0 / (1.0 + x * x);
  }
  return s * h;
}

int main() {
  long sizes[] = {1, 7, 1001, 100003};
  for (long n : sizes) {
    double p = pi(n);
    std::printf("n %ld pi %.15g err<1e-6 %d\n", n, p, std::fabs(p - M_PI) < 1e-6);
  }
  return 0;
}
