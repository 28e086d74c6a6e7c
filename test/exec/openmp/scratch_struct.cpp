// RUN: %hppc translate --backend=openmp %s -o %t.omp.cpp
// RUN: %cxx_omp %t.omp.cpp -o %t.omp %cxx_omp_link
// RUN: %t.omp > %t.omp.out
// RUN: %cxx_serial %s -o %t.ser
// RUN: %t.ser > %t.ser.out
// RUN: %compare %t.ser.out %t.omp.out

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
