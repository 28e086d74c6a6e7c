//===- AtomicTest.cpp - Host atomics under contention ---------------------===//
// Every operation is hammered from several OpenMP threads; each test checks an
// invariant that a lost update or torn read would break.
#include <hpp/hpp.hpp>
#include <hpprt/openmp/hpprt.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

namespace {

constexpr int Threads = 4;
constexpr int N = 1000000;

template <class T> void check_add_contended() {
  T counter = 0;
#pragma omp parallel for num_threads(Threads)
  for (int i = 0; i < N; ++i)
    hpprt::atomic_add(&counter, T(1));
  EXPECT_EQ(counter, T(N));
}

TEST(Atomic, AddUnderContention) {
  check_add_contended<std::int32_t>();
  check_add_contended<std::int64_t>();
  check_add_contended<std::uint32_t>();
  check_add_contended<std::uint64_t>();
  // Exact in float up to 2^24 increments.
  check_add_contended<float>();
  check_add_contended<double>();
}

TEST(Atomic, FetchAddReturnsEveryOldValueOnce) {
  std::int64_t counter = 0;
  std::vector<unsigned char> seen(N, 0);
#pragma omp parallel for num_threads(Threads)
  for (int i = 0; i < N; ++i) {
    const std::int64_t old = hpprt::atomic_fetch_add(&counter, std::int64_t(1));
    seen[std::size_t(old)] += 1; // distinct olds: no two threads share a slot
  }
  EXPECT_EQ(counter, N);
  std::size_t once = 0;
  for (unsigned char s : seen)
    once += s == 1;
  EXPECT_EQ(once, std::size_t(N));
}

TEST(Atomic, FloatingAddAndSub) {
  double d = 0;
  float f = 1000.0f;
#pragma omp parallel for num_threads(Threads)
  for (int i = 0; i < N; ++i) {
    hpprt::atomic_add(&d, 0.5);
    if (i % 2)
      hpprt::atomic_sub(&f, 0.25f);
    else
      hpprt::atomic_add(&f, 0.25f);
  }
  EXPECT_EQ(d, 0.5 * N);
  EXPECT_EQ(f, 1000.0f);
  double old = hpprt::atomic_fetch_sub(&d, 1.5);
  EXPECT_EQ(old, 0.5 * N);
  EXPECT_EQ(d, 0.5 * N - 1.5);
}

template <class T> void check_min_max(T lo_bias) {
  // Values whose extremes sit in the middle of the range, so every thread
  // competes.
  auto value = [lo_bias](int i) {
    return static_cast<T>(T((i * 7919LL) % 100003) + lo_bias);
  };
  T serial_min = value(0), serial_max = value(0);
  for (int i = 0; i < N; ++i) {
    serial_min = value(i) < serial_min ? value(i) : serial_min;
    serial_max = serial_max < value(i) ? value(i) : serial_max;
  }
  T mn = std::numeric_limits<T>::max();
  T mx = std::numeric_limits<T>::lowest();
  bool old_ok = true;
#pragma omp parallel for num_threads(Threads)
  for (int i = 0; i < N; ++i) {
    hpprt::atomic_min(&mn, value(i));
    const T old = hpprt::atomic_fetch_max(&mx, value(i));
    if (old < serial_min && old != std::numeric_limits<T>::lowest())
      old_ok = false; // an old value that no update ever stored
  }
  EXPECT_EQ(mn, serial_min);
  EXPECT_EQ(mx, serial_max);
  EXPECT_TRUE(old_ok);
}

TEST(Atomic, MinMaxUnderContention) {
  check_min_max<std::int32_t>(-50000);
  check_min_max<std::int64_t>(-(std::int64_t(1) << 40));
  check_min_max<std::uint32_t>(7);
  check_min_max<std::uint64_t>(std::uint64_t(1) << 40);
  check_min_max<float>(-0.5f);
  check_min_max<double>(-1e10);
}

TEST(Atomic, MinMaxReturnOldValue) {
  double d = 1.0;
  EXPECT_EQ(hpprt::atomic_fetch_min(&d, 2.0), 1.0);
  EXPECT_EQ(d, 1.0);
  EXPECT_EQ(
      hpprt::atomic_fetch_min(&d, -std::numeric_limits<double>::infinity()),
      1.0);
  EXPECT_EQ(d, -std::numeric_limits<double>::infinity());
  int i = 5;
  EXPECT_EQ(hpprt::atomic_fetch_max(&i, 9), 5);
  EXPECT_EQ(hpprt::atomic_fetch_max(&i, 3), 9);
  EXPECT_EQ(i, 9);
}

TEST(Atomic, BitwiseUnderContention) {
  std::uint64_t bits = 0;
  std::uint32_t mask = ~0u;
  std::int32_t x = 0x1234;
#pragma omp parallel for num_threads(Threads)
  for (int i = 0; i < N; ++i) {
    hpprt::atomic_or(&bits, std::uint64_t(1) << (i % 64));
    if (i % 32 != 3)
      hpprt::atomic_and(&mask, ~(1u << (i % 32)));
    hpprt::atomic_xor(&x, i); // every i twice below: cancels out
  }
#pragma omp parallel for num_threads(Threads)
  for (int i = 0; i < N; ++i)
    hpprt::atomic_fetch_xor(&x, i);
  EXPECT_EQ(bits, ~std::uint64_t(0));
  EXPECT_EQ(mask, 1u << 3);
  EXPECT_EQ(x, 0x1234);
  EXPECT_EQ(hpprt::atomic_fetch_or(&mask, 1u), 8u);
  EXPECT_EQ(hpprt::atomic_fetch_and(&mask, 1u), 9u);
  EXPECT_EQ(mask, 1u);
}

TEST(Atomic, CompareExchangeInt64Counter) {
  std::int64_t counter = std::int64_t(1) << 40;
#pragma omp parallel for num_threads(Threads)
  for (int i = 0; i < N; ++i) {
    std::int64_t seen = hpprt::atomic_load(&counter);
    for (;;) {
      const std::int64_t old =
          hpprt::atomic_compare_exchange(&counter, seen, seen + 1);
      if (old == seen)
        break;
      seen = old;
    }
  }
  EXPECT_EQ(counter, (std::int64_t(1) << 40) + N);
}

TEST(Atomic, CompareExchangeFailsWithoutStoring) {
  double d = 1.5;
  EXPECT_EQ(hpprt::atomic_compare_exchange(&d, 2.0, 3.0), 1.5);
  EXPECT_EQ(d, 1.5);
  EXPECT_EQ(hpprt::atomic_compare_exchange(&d, 1.5, 3.0), 1.5);
  EXPECT_EQ(d, 3.0);
  std::uint32_t u = 7;
  EXPECT_EQ(hpprt::atomic_compare_exchange(&u, 7u, 9u), 7u);
  EXPECT_EQ(u, 9u);
}

TEST(Atomic, ExchangeConservesTokens) {
  // Each thread swaps its own values in; what comes out plus what is left
  // must be exactly what went in.
  std::int64_t slot = 0;
  std::int64_t out_sum = 0;
#pragma omp parallel for num_threads(Threads) reduction(+ : out_sum)
  for (int i = 1; i <= N; ++i)
    out_sum += hpprt::atomic_exchange(&slot, std::int64_t(i));
  EXPECT_EQ(out_sum + slot, std::int64_t(N) * (N + 1) / 2);
  float f = 1.0f;
  EXPECT_EQ(hpprt::atomic_exchange(&f, 2.0f), 1.0f);
  EXPECT_EQ(f, 2.0f);
}

TEST(Atomic, ValueOperandConverts) {
  // atomic_add(&double, int) must deduce T from the pointer, like `x += 1`.
  double d = 0;
  hpprt::atomic_add(&d, 1);
  hpp::atomic_add(&d, 2);
  float f = 0;
  hpprt::atomic_max(&f, 3);
  EXPECT_EQ(d, 3.0);
  EXPECT_EQ(f, 3.0f);
  std::int64_t l = 0;
  hpprt::atomic_increment(&l);
  hpp::atomic_sub(&l, 3);
  EXPECT_EQ(l, -2);
}

TEST(HppApi, AllocAndFree) {
  double* p = hpp::alloc<double>(1000);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % 64, 0u);
  for (int i = 0; i < 1000; ++i)
    p[i] = i;
  hpp::free(p);
  char* z = hpp::alloc<char>(0, hpp::Space::Host);
  EXPECT_NE(z, nullptr);
  hpp::free(z);
  hpp::free(static_cast<int*>(nullptr));
  EXPECT_THROW(hpp::alloc<double>(std::numeric_limits<std::size_t>::max() / 4),
               std::bad_alloc);
  hpp::fence();
  static_assert(HPP_VERSION_MAJOR == 0, "version macros");
  static_assert(std::is_same<hpp::index_t, std::int64_t>::value, "index_t");
}

} // namespace
