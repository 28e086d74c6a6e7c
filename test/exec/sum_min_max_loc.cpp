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

// sum, min, max, minloc and maxloc in one flat loop. The data has repeated
// minima and maxima, so the index of the first occurrence must be found.
#include <cstdio>
#include <hpp/hpp.hpp>

struct Result {
  double sum, mn, mx, minv, maxv;
  int mini, maxi;
};

Result all(int n, const double* v, double init_min = 1e300, double init_max = -1e300) {
  double sum = 0, mn = init_min, mx = init_max;
  double minv = init_min, maxv = init_max;
  int mini = -1, maxi = -1;
#pragma hpp parallel reduction(+: sum) reduction(min: mn) reduction(max: mx) reduction(minloc: minv, mini) reduction(maxloc: maxv, maxi)
  for (int i = 0; i < n; ++i) {
    sum += v[i];
    if (v[i] < mn) mn = v[i];
    if (v[i] > mx) mx = v[i];
    if (v[i] < minv) { minv = v[i]; mini = i; }
    if (v[i] > maxv) { maxv = v[i]; maxi = i; }
  }
  return {sum, mn, mx, minv, maxv, mini, maxi};
}

void print(const char* tag, const Result& r) {
  std::printf("%s sum %.17g min %.17g max %.17g minloc %.17g @ %d maxloc %.17g @ %d\n", tag,
              r.sum, r.mn, r.mx, r.minv, r.mini, r.maxv, r.maxi);
}

int main() {
  const int n = 1001;
  double* v = hpp::alloc<double>(n, hpp::Space::Shared);
  // Values in [-20, 20]; the minimum -20 occurs many times, first at an
  // index in the middle of the range, and so does the maximum.
  for (int i = 0; i < n; ++i)
    v[i] = (i * 37 + 5) % 41 - 20;
  print("pattern", all(n, v));
  // All equal: first index wins for both.
  double* c = hpp::alloc<double>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) c[i] = 3.0;
  print("constant", all(n, c));
  // Ties placed in the last chunk only and in the first chunk only.
  double* w = hpp::alloc<double>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) w[i] = 0.0;
  w[n - 1] = -5; w[n - 2] = -5; w[n - 300] = 9; w[2] = 9; w[1] = -5 + 1; w[700] = -5; w[500] = -5;
  print("ties", all(n, w));
  // Zero trips keep the initial values.
  print("empty", all(0, v));
  // The initial values already equal the extremes: strict comparisons keep
  // the initial index -1; a smaller initial minimum than any element wins.
  print("init ties", all(n, v, -20, 20));
  print("init wins", all(n, v, -30, 30));
  // One element.
  print("one", all(1, v + 5));
  hpp::free(v);
  hpp::free(c);
  hpp::free(w);

  return 0;
}
