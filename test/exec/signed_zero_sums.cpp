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

// Sums that start from -0.0 and add only -0.0 stay -0.0 in the serial
// program (-0.0 + -0.0 is -0.0). The runtime's accumulators must start
// from the additive identity that keeps that, -0.0: from +0.0 every
// partial sum turned the zero positive (+0.0 + -0.0 is +0.0), and the
// translated program printed +0 where the serial one prints -0. The sign
// is printed as a word, since the output comparison reads -0 and 0 as
// equal numbers. Flat, team and vector reductions, and scans, over zero
// iterations and over many.
#include <cmath>
#include <cstdio>
#include <hpp/hpp.hpp>

static const char* sign(double v) { return std::signbit(v) ? "negative" : "positive"; }

int main() {
  const int n = 100000, rows = 300, cols = 257;
  double* x = hpp::alloc<double>(n, hpp::Space::Device);
  double* out = hpp::alloc<double>(n, hpp::Space::Device);
#pragma hpp parallel name("fill")
  for (int i = 0; i < n; ++i)
    x[i] = -0.0;

  const int trips[] = {0, 1, n};
  for (int t : trips) {
    double s = -0.0;
#pragma hpp parallel reduction(+ : s) name("flat_sum")
    for (int i = 0; i < t; ++i)
      s += x[i];
    std::printf("flat sum over %d: %g %s\n", t, s, sign(s));
  }

  double total = -0.0;
#pragma hpp team reduction(+ : total) name("team_sum")
  for (int r = 0; r < rows; ++r) {
    double row = -0.0;
#pragma hpp vector reduction(+ : row)
    for (int c = 0; c < cols; ++c)
      row += x[r * cols + c];
    total += row;
  }
  std::printf("team sum: %g %s\n", total, sign(total));

  for (int t : trips) {
    double s = -0.0;
#pragma hpp parallel reduction(inscan, + : s) name("exclusive_scan")
    for (int i = 0; i < t; ++i) {
      out[i] = s;
#pragma hpp scan exclusive(s)
      s += x[i];
    }
    int positive = 0;
#pragma hpp parallel reduction(+ : positive) name("count_exclusive")
    for (int i = 0; i < t; ++i)
      positive += std::signbit(out[i]) ? 0 : 1;
    std::printf("exclusive scan over %d: %d positive prefixes, total %s\n", t, positive,
                sign(s));
  }

  for (int t : trips) {
    double s = -0.0;
#pragma hpp parallel reduction(inscan, + : s) name("inclusive_scan")
    for (int i = 0; i < t; ++i) {
      s += x[i];
#pragma hpp scan inclusive(s)
      out[i] = s;
    }
    int positive = 0;
#pragma hpp parallel reduction(+ : positive) name("count_inclusive")
    for (int i = 0; i < t; ++i)
      positive += std::signbit(out[i]) ? 0 : 1;
    std::printf("inclusive scan over %d: %d positive prefixes, total %s\n", t, positive,
                sign(s));
  }

  hpp::free(x);
  hpp::free(out);
  return 0;
}
