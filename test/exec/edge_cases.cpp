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

// Edge cases of loop shapes: zero-trip loops for every construct (reductions
// keep their initial values), negative steps, '!=' loops, unsigned and 64-bit
// indices, '<=' bounds, '>' and '>=' bounds, steps other than 1, a league
// smaller than the thread count, and odd trip counts.
#include <cstddef>
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

int main() {
  const int n = 1001;
  long* a = hpp::alloc<long>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) a[i] = 0;
  long* ap = a;

  // Negative step of 3 from n-1 down to 0.
  long s1 = 0;
#pragma hpp parallel reduction(+: s1)
  for (int i = n - 1; i >= 0; i -= 3) {
    ap[i] += 1;
    s1 += i;
  }
  // '!=' counting up and down.
  long s2 = 0;
#pragma hpp parallel reduction(+: s2)
  for (int i = 5; i != n; ++i) {
    ap[i] += 10;
    s2 += i;
  }
  long s3 = 0;
#pragma hpp parallel reduction(+: s3)
  for (int i = n - 2; i != 2; i--) {
    ap[i] += 100;
    s3 += 2 * i;
  }
  // size_t index with '<=' and a step of 2.
  std::size_t un = n;
  unsigned long s4 = 0;
#pragma hpp parallel reduction(+: s4)
  for (std::size_t i = 1; i <= un - 1; i += 2) {
    ap[i] += 1000;
    s4 += i;
  }
  // long long index with '>' and step -7.
  long long s5 = 0;
#pragma hpp parallel reduction(+: s5)
  for (long long i = n - 1; i > 3; i -= 7) {
    ap[i] += 10000;
    s5 += i;
  }
  // unsigned index counting down with '>' so that it never wraps.
  unsigned s6 = 0;
#pragma hpp parallel reduction(+: s6)
  for (unsigned i = n; i > 0; --i)
    s6 += i;
  // A large long long range: sum of i over 0..2^20+3 (fits easily).
  long long big = (1LL << 20) + 3, s7 = 0;
#pragma hpp parallel reduction(+: s7)
  for (long long i = 0; i < big; ++i)
    s7 += i;

  // Serial reference for the array.
  std::vector<long> r(n, 0);
  long r1 = 0, r2 = 0, r3 = 0, r5 = 0;
  unsigned long r4 = 0;
  unsigned r6 = 0;
  for (int i = n - 1; i >= 0; i -= 3) { r[i] += 1; r1 += i; }
  for (int i = 5; i != n; ++i) { r[i] += 10; r2 += i; }
  for (int i = n - 2; i != 2; i--) { r[i] += 100; r3 += 2 * i; }
  for (std::size_t i = 1; i <= un - 1; i += 2) { r[i] += 1000; r4 += i; }
  for (long long i = n - 1; i > 3; i -= 7) { r[i] += 10000; r5 += i; }
  for (unsigned i = n; i > 0; --i) r6 += i;
  int bad = 0;
  long cs = 0;
  for (int i = 0; i < n; ++i) {
    bad += a[i] != r[i];
    cs += a[i] * (i % 7 + 1);
  }
  std::printf("s1 %ld %ld s2 %ld %ld s3 %ld %ld s4 %lu %lu s5 %lld %ld s6 %u %u s7 %lld\n", s1, r1,
              s2, r2, s3, r3, s4, r4, s5, r5, s6, r6, s7);
  std::printf("array checksum %ld a[0] %ld a[1] %ld a[500] %ld a[999] %ld a[1000] %ld mismatches %d\n",
              cs, a[0], a[1], a[500], a[999], a[n - 1], bad);

  // Zero-trip loops of every kind. Reductions keep initial values; nothing
  // is written.
  int zero = 0;
  long zs = 17, zp = 3, zmn = 99, zmx = -99, zb = 6, zo = 1, zx = 5;
  bool zand = true, zor = false;
  double zmv = 7.5;
  int zmi = -4;
#pragma hpp parallel reduction(+: zs) reduction(*: zp) reduction(min: zmn) reduction(max: zmx) reduction(&: zb) reduction(|: zo) reduction(^: zx) reduction(&&: zand) reduction(||: zor) reduction(minloc: zmv, zmi)
  for (int i = 0; i < zero; ++i) {
    zs += ap[i];
    zp *= ap[i];
    zmn = ap[i] < zmn ? ap[i] : zmn;
    zmx = ap[i] > zmx ? ap[i] : zmx;
    zb &= ap[i];
    zo |= ap[i];
    zx ^= ap[i];
    zand = zand && ap[i] > 0;
    zor = zor || ap[i] > 0;
    if (ap[i] < zmv) { zmv = ap[i]; zmi = i; }
  }
  std::printf("zero flat %ld %ld %ld %ld %ld %ld %ld %d %d %.17g %d\n", zs, zp, zmn, zmx, zb, zo, zx,
              (int)zand, (int)zor, zmv, zmi);
  // Empty ranges written with each comparison.
#pragma hpp parallel
  for (int i = 10; i < 10; ++i) ap[i] = -1;
#pragma hpp parallel
  for (int i = 10; i <= 9; ++i) ap[i] = -1;
#pragma hpp parallel
  for (int i = 9; i > 9; --i) ap[i] = -1;
#pragma hpp parallel
  for (int i = 9; i >= 10; i -= 2) ap[i] = -1;
#pragma hpp parallel
  for (int i = 9; i != 9; ++i) ap[i] = -1;
#pragma hpp parallel
  for (std::size_t i = 0; i < 0u; ++i) ap[i] = -1;
  // Zero-trip team loop, and zero-trip inner loops in a non-empty team loop.
  long zt = 11;
#pragma hpp team reduction(+: zt)
  for (int t = 0; t < zero; ++t) {
    ap[t] = -1;
    zt += 1;
  }
  long* inner = hpp::alloc<long>(5, hpp::Space::Shared);
  for (int i = 0; i < 5; ++i) inner[i] = -2;
  long* inp = inner;
  long zt2 = 0;
#pragma hpp team reduction(+: zt2)
  for (int t = 0; t < 5; ++t) {
    long v = 3, th = 4;
#pragma hpp vector reduction(+: v)
    for (int i = 0; i < zero; ++i) v += ap[i];
#pragma hpp thread reduction(*: th)
    for (int i = 0; i < zero; ++i) {
#pragma hpp vector
      for (int j = 0; j < 3; ++j) ap[j] = -1;
      th *= 2;
    }
    inp[t] = v + th;
    zt2 += v;
  }
  bad = 0;
  for (int i = 0; i < n; ++i) bad += a[i] != r[i];
  std::printf("zero team %ld inner %ld %ld zt2 %ld array unchanged mismatches %d\n", zt, inner[0],
              inner[4], zt2, bad);

  // A team loop with a league (2) smaller than the thread count (3), with a
  // descending team index and odd inner trip counts.
  double* out = hpp::alloc<double>(2 * 37, hpp::Space::Shared);
  for (int i = 0; i < 2 * 37; ++i) out[i] = -1;
  double* op = out;
  double tsum = 0;
#pragma hpp team reduction(+: tsum)
  for (int t = 1; t >= 0; --t) {
    double row = 0;
#pragma hpp vector reduction(+: row)
    for (int i = 36; i >= 0; i -= 1) {
      op[t * 37 + i] = t * 100 + i;
      row += i;
    }
    tsum += row + t;
  }
  bad = 0;
  for (int t = 0; t < 2; ++t)
    for (int i = 0; i < 37; ++i) bad += out[t * 37 + i] != t * 100 + i;
  std::printf("small league tsum %.17g out[0] %.17g out[73] %.17g mismatches %d\n", tsum, out[0],
              out[73], bad);
  hpp::free(a);
  hpp::free(inner);
  hpp::free(out);
  return 0;

}
