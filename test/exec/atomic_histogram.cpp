// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu -- -DHPP_TEST_GPU
// CUDA-BUILD: %nvcc_hpp -DHPP_TEST_GPU %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial -DHPP_TEST_GPU %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// Atomic updates from a flat loop into memory from hpp::alloc: an int
// histogram (h[b] += 1), a double sum through a pointer (*sum += x), max/min
// through max()/min() and fmax() on array elements, and p[0]++; in a team
// loop, a histogram from a vector loop and a count at team level (once per
// team). On the host backends the same atomics also update variables
// declared outside the loop; a GPU thread has its own copy of such a
// variable, so CUDA refuses them (diagnostics/cuda/gpu_restrictions.cpp) and
// that part is left out where HPP_TEST_GPU is defined.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

using std::max;
using std::min;

int main() {
  const int n = 10007, B = 13;
  int* data = hpp::alloc<int>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) data[i] = (i * 31 + 7) % 101;
  int* h = hpp::alloc<int>(B, hpp::Space::Shared);
  for (int b = 0; b < B; ++b) h[b] = 0;
  const int* dp = data;
  double* sum = hpp::alloc<double>(1, hpp::Space::Shared);
  int* ext = hpp::alloc<int>(3, hpp::Space::Shared);  // max, min, count
  double* fmx = hpp::alloc<double>(1, hpp::Space::Shared);
  *sum = 0.5;
  ext[0] = -1;
  ext[1] = 1000;
  ext[2] = 0;
  *fmx = -1e300;
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    int b = dp[i] % B;
#pragma hpp atomic
    h[b] += 1;
#pragma hpp atomic
    *sum += dp[i] * 0.25;
#pragma hpp atomic
    ext[0] = max(ext[0], dp[i]);
#pragma hpp atomic
    ext[1] = min(ext[1], dp[i] + 3);
#pragma hpp atomic
    fmx[0] = fmax(fmx[0], dp[i] * 1.5);
    if (dp[i] > 90) {
#pragma hpp atomic
      ext[2]++;
    }
  }
  std::vector<int> rh(B, 0);
  double rsum = 0.5;
  int rmx = -1, rmn = 1000, rcnt = 0;
  double rfmx = -1e300;
  for (int i = 0; i < n; ++i) {
    rh[data[i] % B] += 1;
    rsum += data[i] * 0.25;
    rmx = std::max(rmx, data[i]);
    rmn = std::min(rmn, data[i] + 3);
    rfmx = std::fmax(rfmx, data[i] * 1.5);
    rcnt += data[i] > 90;
  }
  int bad = 0, total = 0;
  for (int b = 0; b < B; ++b) {
    bad += h[b] != rh[b];
    total += h[b];
  }
  std::printf("hist");
  for (int b = 0; b < B; ++b) std::printf(" %d", h[b]);
  std::printf("\ntotal %d mismatches %d\n", total, bad);
  std::printf("sum %.17g ref %.17g max %d ref %d min %d ref %d fmax %.17g ref %.17g cnt %d ref %d\n",
              *sum, rsum, ext[0], rmx, ext[1], rmn, *fmx, rfmx, ext[2], rcnt);

#ifndef HPP_TEST_GPU
  // The same atomics on variables of the enclosing function.
  double vsum = 0.5;
  int vmx = -1, vmn = 1000, vcnt = 0;
  double vfmx = -1e300;
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
#pragma hpp atomic
    vsum += dp[i] * 0.25;
#pragma hpp atomic
    vmx = max(vmx, dp[i]);
#pragma hpp atomic
    vmn = min(vmn, dp[i] + 3);
#pragma hpp atomic
    vfmx = fmax(vfmx, dp[i] * 1.5);
    if (dp[i] > 90) {
#pragma hpp atomic
      vcnt++;
    }
  }
  std::printf("variables: sum %.17g max %d min %d fmax %.17g cnt %d\n", vsum, vmx, vmn, vfmx, vcnt);
#endif

  // Atomics in a vector loop inside a team loop: per-team histogram slices,
  // and an atomic count at team level (executed once per team).
  long* h2 = hpp::alloc<long>(B, hpp::Space::Shared);
  for (int b = 0; b < B; ++b) h2[b] = 0;
  int* teams = hpp::alloc<int>(1, hpp::Space::Shared);
  *teams = 0;
#pragma hpp team
  for (int t = 0; t < 7; ++t) {
#pragma hpp vector
    for (int i = t; i < n; i += 7) {
#pragma hpp atomic
      h2[dp[i] % B] += 2;
    }
#pragma hpp atomic
    *teams += 1;
  }
  bad = 0;
  for (int b = 0; b < B; ++b) bad += h2[b] != 2 * rh[b];
  std::printf("team hist h2[0] %ld h2[12] %ld teams %d mismatches %d\n", h2[0], h2[B - 1], *teams,
              bad);
  hpp::free(data);
  hpp::free(h);
  hpp::free(sum);
  hpp::free(ext);
  hpp::free(fmx);
  hpp::free(h2);
  hpp::free(teams);
  return 0;
}
