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

// Scans and reductions whose variable nothing reads after the region: on a
// GPU their results are not delivered, so regions on device memory return
// without waiting. The work is still done and ordered: chains of such
// scans, each reading the previous one's output, a reduction whose value is
// dropped between them, and the host reading the arrays through deep_copy
// must all see what the serial loops leave.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

// Exclusive offsets of in into out; the total is dropped.
void offsets(int n, const long* in, long* out) {
  long s = 0;
#pragma hpp parallel reduction(inscan, + : s)
  for (int i = 0; i < n; ++i) {
    out[i] = s;
#pragma hpp scan exclusive(s)
    s += in[i];
  }
}

// Inclusive running maximum starting from a value passed by copy.
void running_max(int n, const long* in, long* out, long m) {
#pragma hpp parallel reduction(inscan, max : m)
  for (int i = 0; i < n; ++i) {
    m = in[i] > m ? in[i] : m;
#pragma hpp scan inclusive(m)
    out[i] = m;
  }
}

// A reduction whose value is computed and dropped; its loop also writes.
void scaled(int n, const long* in, long* out) {
  long unused = 0;
#pragma hpp parallel reduction(+ : unused)
  for (int i = 0; i < n; ++i) {
    out[i] = in[i] % 1000 - 500;
    unused += out[i];
  }
}

int main() {
  const int n = 1 << 20;
  long* a = hpp::alloc<long>(n, hpp::Space::Device);
  long* b = hpp::alloc<long>(n, hpp::Space::Device);
  std::vector<long> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = (i * 37L) % 101 - 50 + i % 7;
  hpp::deep_copy(a, h.data(), sizeof(long) * n);

  // Serial reference of the same chain.
  std::vector<long> ra(h), rb(n);
  for (int round = 0; round < 5; ++round) {
    offsets(n, a, b);
    running_max(n, b, a, -1000000000L + round);
    scaled(n, a, b);
    offsets(n, b, a);

    long s = 0, m = -1000000000L + round;
    for (int i = 0; i < n; ++i) {
      rb[i] = s;
      s += ra[i];
    }
    for (int i = 0; i < n; ++i) {
      m = rb[i] > m ? rb[i] : m;
      ra[i] = m;
    }
    for (int i = 0; i < n; ++i)
      rb[i] = ra[i] % 1000 - 500;
    s = 0;
    for (int i = 0; i < n; ++i) {
      ra[i] = s;
      s += rb[i];
    }
  }
  hpp::deep_copy(h.data(), a, sizeof(long) * n);
  long bad = 0, sum = 0;
  for (int i = 0; i < n; ++i) {
    bad += h[i] != ra[i];
    sum += h[i] % 9973;
  }
  std::printf("a[0] %ld a[1] %ld a[n/2] %ld a[n-1] %ld checksum %ld mismatches %ld\n", h[0], h[1],
              h[n / 2], h[n - 1], sum, bad);
  hpp::free(a);
  hpp::free(b);
  return 0;
}
