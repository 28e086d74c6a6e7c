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

// Scratch arrays of a plain struct type, fixed and run-time size.
#include <cstdio>
#include <hpp/hpp.hpp>

struct P {
  double x, y;
};

int main() {
  const int T = 11, N = 9;
  double* out = hpp::alloc<double>(T, hpp::Space::Shared);
  for (int t = 0; t < T; ++t) out[t] = -1;
  double* op = out;
#pragma hpp team
  for (int t = 0; t < T; ++t) {
#pragma hpp scratch
    P pts[N];
#pragma hpp vector
    for (int q = 0; q < N; ++q) {
      pts[q].x = q + t;
      pts[q].y = 2 * q - t;
    }
    double s = 0;
#pragma hpp vector reduction(+: s)
    for (int q = 0; q < N; ++q)
      s += pts[q].x * pts[N - 1 - q].y;
    op[t] = s;
  }
  int bad = 0;
  double cs = 0;
  for (int t = 0; t < T; ++t) {
    double s = 0;
    for (int q = 0; q < N; ++q) s += (q + t) * (2.0 * (N - 1 - q) - t);
    bad += out[t] != s;
    cs += out[t] * (t + 1);
  }
  std::printf("checksum %.17g out[0] %.17g out[5] %.17g out[10] %.17g mismatches %d\n", cs, out[0],
              out[5], out[T - 1], bad);
  hpp::free(out);

  return 0;
}
