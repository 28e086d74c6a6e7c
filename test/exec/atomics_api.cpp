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

// The hpp::atomic_* API called inside regions: every operation and its
// fetch form on int, unsigned, long long, unsigned long long, float and
// double (and short, which GPUs update through the 32-bit word holding it),
// from a '#pragma hpp parallel' loop, from hpp::parallel_for and from a
// vector loop of a team region. Results whose value depends on the order
// of the updates are reduced to what does not: sums of integers (exact in
// float and double too), extrema, bit sets, and the tickets handed out by
// fetch_add, exchange and compare_exchange, each of which is checked to be
// unique.
#include <cstdio>
#include <hpp/hpp.hpp>

template <class T> T* zeros(int n) {
  T* p = hpp::alloc<T>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) p[i] = T(0);
  return p;
}

struct Totals {
  int* i;  // sum, sub, min, max, and, or, xor, inc
  unsigned* u;
  long long* ll;
  unsigned long long* ull;
  float* f;  // sum, sub, min, max
  double* d;
  short* s;
};

Totals make_totals() {
  Totals t{zeros<int>(8), zeros<unsigned>(8), zeros<long long>(8),
           zeros<unsigned long long>(8), zeros<float>(4), zeros<double>(4), zeros<short>(2)};
  t.i[2] = 1 << 30;
  t.i[4] = -1;
  t.u[2] = 0xffffffffu;
  t.u[4] = 0xffffffffu;
  t.ll[2] = 1LL << 60;
  t.ll[4] = -1;
  t.ull[2] = ~0ULL;
  t.ull[4] = ~0ULL;
  t.f[2] = 1e30f;
  t.f[3] = -1e30f;
  t.d[2] = 1e300;
  t.d[3] = -1e300;
  return t;
}

// One iteration's updates: the same from every kind of region.
HPP_FUNCTION inline void update(const Totals& t, int i) {
  const int v = (i * 37) % 1001 - 500;
  hpp::atomic_add(&t.i[0], v);
  hpp::atomic_sub(&t.i[1], v);
  hpp::atomic_min(&t.i[2], v);
  hpp::atomic_max(&t.i[3], v);
  hpp::atomic_and(&t.i[4], ~(1 << (i % 31)) | (i % 7 == 0 ? 0 : 1 << (i % 31)));
  hpp::atomic_or(&t.i[5], 1 << (i % 29));
  hpp::atomic_xor(&t.i[6], i);
  hpp::atomic_increment(&t.i[7]);

  const unsigned uv = unsigned(i) * 2654435761u;
  hpp::atomic_add(&t.u[0], uv);
  hpp::atomic_sub(&t.u[1], uv);
  hpp::atomic_min(&t.u[2], uv >> 1);
  hpp::atomic_max(&t.u[3], uv >> 1);
  hpp::atomic_and(&t.u[4], ~(1u << (i % 13)));
  hpp::atomic_or(&t.u[5], 1u << (i % 32));
  hpp::atomic_xor(&t.u[6], uv);
  hpp::atomic_decrement(&t.u[7]);

  const long long lv = (long long)v * 3000000000LL;
  hpp::atomic_add(&t.ll[0], lv);
  hpp::atomic_sub(&t.ll[1], lv);
  hpp::atomic_min(&t.ll[2], lv);
  hpp::atomic_max(&t.ll[3], lv);
  hpp::atomic_and(&t.ll[4], ~(1LL << (i % 61)));
  hpp::atomic_or(&t.ll[5], 1LL << (i % 63));
  hpp::atomic_xor(&t.ll[6], lv);
  hpp::atomic_increment(&t.ll[7]);

  const unsigned long long uv64 = (unsigned long long)i * 0x9e3779b97f4a7c15ULL;
  hpp::atomic_add(&t.ull[0], uv64);
  hpp::atomic_sub(&t.ull[1], uv64);
  hpp::atomic_min(&t.ull[2], uv64 | 1);
  hpp::atomic_max(&t.ull[3], uv64);
  hpp::atomic_and(&t.ull[4], ~(1ULL << (i % 64)));
  hpp::atomic_or(&t.ull[5], 1ULL << (i % 50));
  hpp::atomic_xor(&t.ull[6], uv64);
  hpp::atomic_increment(&t.ull[7]);

  hpp::atomic_add(&t.f[0], float(v));
  hpp::atomic_sub(&t.f[1], float(v) * 0.5f);
  hpp::atomic_min(&t.f[2], float(v) * 0.25f);
  hpp::atomic_max(&t.f[3], float(v) * 0.25f);
  hpp::atomic_add(&t.d[0], v * 0.5);
  hpp::atomic_sub(&t.d[1], v * 0.125);
  hpp::atomic_min(&t.d[2], v * 1.5);
  hpp::atomic_max(&t.d[3], v * 1.5);

  hpp::atomic_add(&t.s[0], short(i % 3));
  hpp::atomic_max(&t.s[1], short(i % 1000));
}

void print(const char* what, const Totals& t) {
  std::printf("%s int", what);
  for (int k = 0; k < 8; ++k) std::printf(" %d", t.i[k]);
  std::printf("\n%s unsigned", what);
  for (int k = 0; k < 8; ++k) std::printf(" %u", t.u[k]);
  std::printf("\n%s long long", what);
  for (int k = 0; k < 8; ++k) std::printf(" %lld", t.ll[k]);
  std::printf("\n%s unsigned long long", what);
  for (int k = 0; k < 8; ++k) std::printf(" %llu", t.ull[k]);
  std::printf("\n%s float", what);
  for (int k = 0; k < 4; ++k) std::printf(" %.9g", t.f[k]);
  std::printf("\n%s double", what);
  for (int k = 0; k < 4; ++k) std::printf(" %.17g", t.d[k]);
  std::printf("\n%s short %d %d\n", what, t.s[0], t.s[1]);
}

void release(const Totals& t) {
  hpp::free(t.i);
  hpp::free(t.u);
  hpp::free(t.ll);
  hpp::free(t.ull);
  hpp::free(t.f);
  hpp::free(t.d);
  hpp::free(t.s);
}

// Tickets: fetch_add hands out 0..n-1 once each; exchange and
// compare_exchange claim slots, each claim seen by exactly one iteration.
void tickets(int n) {
  int* counter = zeros<int>(1);
  long long* counter64 = zeros<long long>(1);
  int* seen = zeros<int>(n);
  int* seen64 = zeros<int>(n);
  double* slots = zeros<double>(n);
  int* flags = zeros<int>(n / 4);
  int* claims = zeros<int>(1);
  int* swapped = zeros<int>(1);
  const int quarter = n / 4;
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    const int t = hpp::atomic_fetch_add(counter, 1);
    hpp::atomic_add(&seen[t], 1);
    const long long t64 = hpp::atomic_fetch_sub(counter64, 1LL);
    hpp::atomic_add(&seen64[-t64], 1);
    // Every slot is exchanged once, so the old value is always 0.
    const double old = hpp::atomic_exchange(&slots[i], i + 0.5);
    if (old != 0.0) hpp::atomic_add(swapped, 1);
    // Four iterations race for each flag; exactly one wins it.
    if (hpp::atomic_compare_exchange(&flags[i % quarter], 0, i + 1) == 0)
      hpp::atomic_add(claims, 1);
  }
  int once = 0, once64 = 0, winners = 0;
  double slot_sum = 0;
  for (int i = 0; i < n; ++i) {
    once += seen[i] == 1;
    once64 += seen64[i] == 1;
    slot_sum += slots[i];
  }
  for (int k = 0; k < quarter; ++k) winners += flags[k] % quarter == (k + 1) % quarter;
  std::printf("tickets %d of %d unique, 64-bit %d, counter %d %lld, exchange olds %d sum %.1f, "
              "claims %d winners %d of %d\n",
              once, n, once64, *counter, *counter64, *swapped, slot_sum, *claims, winners,
              quarter);
  hpp::free(counter);
  hpp::free(counter64);
  hpp::free(seen);
  hpp::free(seen64);
  hpp::free(slots);
  hpp::free(flags);
  hpp::free(claims);
  hpp::free(swapped);
}

int main() {
  const int n = 50000;
  {
    Totals t = make_totals();
#pragma hpp parallel
    for (int i = 0; i < n; ++i) update(t, i);
    print("pragma", t);
    release(t);
  }
  {
    Totals t = make_totals();
    hpp::parallel_for(
        "atomics_api", n, [=](int i) { update(t, i); });
    print("parallel_for", t);
    release(t);
  }
  {
    Totals t = make_totals();
#pragma hpp team
    for (int b = 0; b < 50; ++b) {
#pragma hpp vector
      for (int i = b * (n / 50); i < (b + 1) * (n / 50); ++i) update(t, i);
    }
    print("vector", t);
    release(t);
  }
  tickets(20000);
  return 0;
}
