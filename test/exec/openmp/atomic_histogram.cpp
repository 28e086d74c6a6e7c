// RUN: %hppc translate --backend=openmp %s -o %t.omp.cpp
// RUN: %cxx_omp %t.omp.cpp -o %t.omp %cxx_omp_link
// RUN: %t.omp > %t.omp.out
// RUN: %cxx_serial %s -o %t.ser
// RUN: %t.ser > %t.ser.out
// RUN: %compare %t.ser.out %t.omp.out

// Atomic updates from a flat loop: an int histogram (h[b] += 1), an atomic
// double sum into a scalar declared outside the loop, atomic max/min through
// max()/min() and fmax(), and x++.
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
  int* hp = h;
  const int* dp = data;
  double sum = 0.5;
  int mx = -1, mn = 1000, cnt = 0;
  double fmx = -1e300;
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    int b = dp[i] % B;
#pragma hpp atomic
    hp[b] += 1;
#pragma hpp atomic
    sum += dp[i] * 0.25;
#pragma hpp atomic
    mx = max(mx, dp[i]);
#pragma hpp atomic
    mn = min(mn, dp[i] + 3);
#pragma hpp atomic
    fmx = fmax(fmx, dp[i] * 1.5);
    if (dp[i] > 90) {
#pragma hpp atomic
      cnt++;
    }
  }
  std::vector<int> rh(B, 0);
  double rsum = 0.5;
  int rmx = -1, rmn = 1000, rcnt = 0;
  for (int i = 0; i < n; ++i) {
    rh[data[i] % B] += 1;
    rsum += data[i] * 0.25;
    rmx = std::max(rmx, data[i]);
    rmn = std::min(rmn, data[i] + 3);
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
  std::printf("sum %.17g ref %.17g max %d ref %d min %d ref %d fmax %.17g cnt %d ref %d\n", sum,
              rsum, mx, rmx, mn, rmn, fmx, cnt, rcnt);

  // Atomics in a vector loop inside a team loop: per-team histogram slices.
  long* h2 = hpp::alloc<long>(B, hpp::Space::Shared);
  for (int b = 0; b < B; ++b) h2[b] = 0;
  long* h2p = h2;
#pragma hpp team
  for (int t = 0; t < 7; ++t) {
#pragma hpp vector
    for (int i = t; i < n; i += 7) {
#pragma hpp atomic
      h2p[dp[i] % B] += 2;
    }
  }
  bad = 0;
  for (int b = 0; b < B; ++b) bad += h2[b] != 2 * rh[b];
  std::printf("team hist h2[0] %ld h2[12] %ld mismatches %d\n", h2[0], h2[B - 1], bad);
  hpp::free(data);
  hpp::free(h);
  hpp::free(h2);

  return 0;
}
