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

// Flat scans whose int index runs near INT_MIN or INT_MAX and whose body
// subtracts the first index to address the arrays (found by utils/difftest,
// seed 2811, kernels 430 and 492). On an H200, nvcc 13 derived one unrolled
// item's address from the next one's with a zero-extended -32: the kernel
// read 32 GiB past `in` and failed with an illegal address, where the
// serial loop is correct. hpprt's scan_item() now hides each item's
// iteration from the optimizer (runtime/gpu/scan.hpp).
#include <cstdio>
#include <hpp/hpp.hpp>

static unsigned long long hash(const unsigned long long* v, int n) {
  unsigned long long h = 1469598103934665603ULL;
  for (int q = 0; q < n; ++q)
    h = (h ^ v[q]) * 1099511628211ULL;
  return h;
}

// Upward with '!=', from just above INT_MIN: an inclusive '|' scan and an
// inclusive '+' scan.
static void up(int trips, const unsigned long long* in, unsigned long long* out) {
  const int lb = -2147483646;
  const int ub = lb + trips;
  unsigned long long s = 0;
#pragma hpp parallel reduction(inscan, |: s)
  for (int i = lb; i != ub; i += 1) {
    const long long p = static_cast<long long>(i - lb);
    s |= in[p] & 0xF0F;
#pragma hpp scan inclusive(s)
    out[p] = s;
  }
  std::printf("up %d or: %llx total %llx\n", trips, hash(out, trips), s);
  unsigned long long t = 0;
#pragma hpp parallel reduction(inscan, +: t)
  for (int i = lb; i != ub; i += 1) {
    const long long p = static_cast<long long>(i - lb);
    t += in[p];
#pragma hpp scan inclusive(t)
    out[p] = t;
  }
  std::printf("up %d sum: %llx total %llu\n", trips, hash(out, trips), t);
}

// Downward from just below INT_MAX: an exclusive '|' scan and an exclusive
// '+' scan.
static void down(int trips, const unsigned long long* in, unsigned long long* out) {
  const int lb = 2147483645;
  const int ub = lb - trips + 1;
  unsigned long long s = 0;
#pragma hpp parallel reduction(inscan, |: s)
  for (int i = lb; i >= ub; i--) {
    const long long p = static_cast<long long>(lb - i);
    out[p] = s;
#pragma hpp scan exclusive(s)
    s |= in[p] & 0xF0F;
  }
  std::printf("down %d or: %llx total %llx\n", trips, hash(out, trips), s);
  unsigned long long t = 0;
#pragma hpp parallel reduction(inscan, +: t)
  for (int i = lb; i >= ub; i--) {
    const long long p = static_cast<long long>(lb - i);
    out[p] = t;
#pragma hpp scan exclusive(t)
    t += in[p];
  }
  std::printf("down %d sum: %llx total %llu\n", trips, hash(out, trips), t);
}

int main() {
  const int most = 70000; // more than one tile of 4096 items
  unsigned long long* in = hpp::alloc<unsigned long long>(most, hpp::Space::Shared);
  unsigned long long* out = hpp::alloc<unsigned long long>(most, hpp::Space::Shared);
  for (int q = 0; q < most; ++q)
    in[q] = static_cast<unsigned long long>((q * 28 + 47) % 7) << (q % 13);
  for (int trips : {1, 5, 37, 33, 1000, 4097, most}) {
    up(trips, in, out);
    down(trips, in, out);
  }
  hpp::free(in);
  hpp::free(out);
  return 0;
}
