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

// Common user patterns: an annotated loop inside a serial time-step loop
// using the outer index, 'continue' and an inner serial loop with 'break'
// inside a parallel loop, 's = s + e' and 'p = p * e' reduction forms, a
// lambda capturing by value defined outside the loop, collapse with '<='
// and a descending inner loop, and a bound from size(). The regions read a
// copy of the global array g_coef in memory from hpp::alloc. On the host
// backends a region may also read the global itself and call a lambda that
// captures by reference; CUDA refuses both (device code can reach neither
// host globals nor the host's variables: diagnostics/cuda/gpu_restrictions.cpp),
// so that part is left out where HPP_TEST_GPU is defined.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

double g_coef[7] = {1, -2, 3, -4, 5, -6, 7};

int main() {
  const int n = 1001;
  double* u = hpp::alloc<double>(n, hpp::Space::Shared);
  std::vector<double> ref(n);
  for (int i = 0; i < n; ++i) u[i] = ref[i] = i % 10;
  double* up = u;
  double* coef = hpp::alloc<double>(7, hpp::Space::Shared);
  for (int k = 0; k < 7; ++k) coef[k] = g_coef[k];

  // Time steps: each step is one parallel region using the step number.
  double energy = 0;
  for (int step = 0; step < 5; ++step) {
    double e = 0;
#pragma hpp parallel reduction(+: e)
    for (int i = 0; i < n; ++i) {
      up[i] = up[i] * 0.5 + step + coef[i % 7];
      e = e + up[i];
    }
    energy += e;
  }
  double renergy = 0;
  for (int step = 0; step < 5; ++step)
    for (int i = 0; i < n; ++i) {
      ref[i] = ref[i] * 0.5 + step + g_coef[i % 7];
      renergy += ref[i];
    }
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += u[i] != ref[i];
  std::printf("energy %.17g ref %.17g u[0] %.17g u[500] %.17g u[1000] %.17g mismatches %d\n", energy,
              renergy, u[0], u[500], u[n - 1], bad);

  // continue, and break out of an inner serial loop.
  int* first = hpp::alloc<int>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) first[i] = -1;
  int* fp = first;
  long cnt = 0;
  long prod = 1;
#pragma hpp parallel reduction(+: cnt) reduction(*: prod)
  for (int i = 0; i < n; ++i) {
    if (i % 4 == 1) continue;
    for (int k = 2; k < 50; ++k)
      if (i % k == 0) {
        fp[i] = k;
        break;
      }
    cnt += 1;
    if (i % 250 == 3) prod = prod * 3;
  }
  long rcnt = 0, rprod = 1;
  bad = 0;
  for (int i = 0; i < n; ++i) {
    int f = -1;
    if (i % 4 != 1) {
      for (int k = 2; k < 50; ++k)
        if (i % k == 0) { f = k; break; }
      rcnt += 1;
      if (i % 250 == 3) rprod *= 3;
    }
    bad += first[i] != f;
  }
  std::printf("cnt %ld ref %ld prod %ld ref %ld first[0] %d first[999] %d first[1000] %d mismatches %d\n",
              cnt, rcnt, prod, rprod, first[0], first[999], first[n - 1], bad);

  // A lambda capturing by value, defined outside the loop.
  double* w = hpp::alloc<double>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) w[i] = 0;
  double* wp = w;
  double shift = 2.5;
  auto f = [=](int i) { return up[i] * shift + coef[i % 7]; };
#pragma hpp parallel
  for (int i = 0; i < n; ++i) wp[i] = f(i);
  bad = 0;
  for (int i = 0; i < n; ++i) bad += w[i] != u[i] * 2.5 + g_coef[i % 7];
  std::printf("lambda w[3] %.17g w[1000] %.17g mismatches %d\n", w[3], w[n - 1], bad);

#ifndef HPP_TEST_GPU
  // The global array read in a region, and through a lambda capturing by
  // reference.
  auto byref = [&](int i) { return up[i] * shift + g_coef[i % 7]; };
  double coef_sum = 0, byref_sum = 0;
#pragma hpp parallel reduction(+: coef_sum, byref_sum)
  for (int i = 0; i < n; ++i) {
    coef_sum += g_coef[i % 7];
    byref_sum += byref(i);
  }
  double rcoef_sum = 0, rbyref_sum = 0;
  for (int i = 0; i < n; ++i) {
    rcoef_sum += g_coef[i % 7];
    rbyref_sum += u[i] * 2.5 + g_coef[i % 7];
  }
  std::printf("global: sum %.17g ref %.17g; by reference: sum %.17g ref %.17g\n", coef_sum,
              rcoef_sum, byref_sum, rbyref_sum);
#endif

  // collapse(2) with '<=' on the outer loop and a descending inner loop.
  const int R = 12, C = 17;  // rows 0..12, columns 16..0
  int* m = hpp::alloc<int>((R + 1) * C, hpp::Space::Shared);
  for (int i = 0; i < (R + 1) * C; ++i) m[i] = -1;
  int* mp = m;
#pragma hpp parallel collapse(2)
  for (int i = 0; i <= R; ++i)
    for (int j = C - 1; j >= 0; --j)
      mp[i * C + j] = i * 100 + j;
  bad = 0;
  for (int i = 0; i <= R; ++i)
    for (int j = 0; j < C; ++j) bad += m[i * C + j] != i * 100 + j;
  std::printf("collapse m[0] %d m[last] %d mismatches %d\n", m[0], m[(R + 1) * C - 1], bad);

  // A bound taken from std::vector::size() (a host copy of w; the region
  // reads the hpp::alloc array).
  std::vector<double> wv(w, w + n);
  double total = 0;
#pragma hpp parallel reduction(+: total)
  for (std::size_t i = 0; i < wv.size(); ++i) total += wp[i];
  double rtotal = 0;
  for (std::size_t i = 0; i < wv.size(); ++i) rtotal += wv[i];
  std::printf("size bound total %.17g ref %.17g\n", total, rtotal);
  hpp::free(u);
  hpp::free(coef);
  hpp::free(first);
  hpp::free(w);
  hpp::free(m);
  return 0;
}
