//===- LoopTest.cpp - trip_count, index_at, static_chunk ------------------===//
// trip_count is checked against the loop it stands for: every small
// (lb, ub, step) combination is run for real and the iterations compared.
#include <hpprt/common/loop.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

using hpprt::Cmp;
using hpprt::index_at;
using hpprt::index_t;
using hpprt::trip_count;

namespace {

TEST(TripCount, Examples) {
  EXPECT_EQ((trip_count<Cmp::Lt>(0, 10, 3)), 4);
  EXPECT_EQ((trip_count<Cmp::Le>(0, 9, 3)), 4);
  EXPECT_EQ((trip_count<Cmp::Le>(0, 10, 3)), 4);
  EXPECT_EQ((trip_count<Cmp::Le>(0, 12, 3)), 5);
  EXPECT_EQ((trip_count<Cmp::Ge>(10u, 0u, -2)), 6);
  EXPECT_EQ((trip_count<Cmp::Gt>(10u, 0u, -2)), 5);
  EXPECT_EQ((trip_count<Cmp::Gt>(10, -1, -3)), 4);
  EXPECT_EQ((trip_count<Cmp::Ne>(0, 10, 1)), 10);
  EXPECT_EQ((trip_count<Cmp::Ne>(10, 0, -1)), 10);
  EXPECT_EQ((trip_count<Cmp::Ne>(0, 12, 3)), 4);
}

TEST(TripCount, ZeroTrip) {
  EXPECT_EQ((trip_count<Cmp::Lt>(5, 5, 1)), 0);
  EXPECT_EQ((trip_count<Cmp::Lt>(6, 5, 1)), 0);
  EXPECT_EQ((trip_count<Cmp::Le>(6, 5, 1)), 0);
  EXPECT_EQ((trip_count<Cmp::Gt>(5, 5, -1)), 0);
  EXPECT_EQ((trip_count<Cmp::Ge>(4, 5, -1)), 0);
  EXPECT_EQ((trip_count<Cmp::Ne>(7u, 7u, 1)), 0);
  EXPECT_EQ((trip_count<Cmp::Lt>(std::int64_t(0), std::int64_t(-1), 2)), 0);
  EXPECT_EQ((trip_count<Cmp::Ge>(0u, 1u, -1)), 0);
}

TEST(TripCount, UsualArithmeticConversions) {
  // -1 < 10u compares as unsigned: the serial loop does not run.
  EXPECT_EQ((trip_count<Cmp::Lt>(-1, 10u, 1)), 0);
  EXPECT_EQ((trip_count<Cmp::Lt>(0, std::size_t(10), 3)), 4);
  EXPECT_EQ((trip_count<Cmp::Lt>(-5, std::int64_t(5), 1)), 10);
  EXPECT_EQ((trip_count<Cmp::Lt>(short(-3), short(4), 2)), 4);
  EXPECT_EQ((trip_count<Cmp::Lt>(std::uint8_t(250), std::uint8_t(255), 1)), 5);
  // A signed loop variable against an unsigned bound above INT_MAX.
  EXPECT_EQ((trip_count<Cmp::Lt>(0u, 3000000000u, 1000000000)), 3);
}

TEST(TripCount, FullRangesDoNotOverflow) {
  constexpr auto I32Min = std::numeric_limits<std::int32_t>::min();
  constexpr auto I32Max = std::numeric_limits<std::int32_t>::max();
  constexpr auto I64Min = std::numeric_limits<std::int64_t>::min();
  constexpr auto I64Max = std::numeric_limits<std::int64_t>::max();
  constexpr auto U32Max = std::numeric_limits<std::uint32_t>::max();
  constexpr auto U64Max = std::numeric_limits<std::uint64_t>::max();
  EXPECT_EQ((trip_count<Cmp::Lt>(I32Min, I32Max, 1)), index_t(U32Max));
  EXPECT_EQ((trip_count<Cmp::Le>(I32Min, I32Max, 1)), index_t(U32Max) + 1);
  EXPECT_EQ((trip_count<Cmp::Ge>(I32Max, I32Min, -1)), index_t(U32Max) + 1);
  EXPECT_EQ((trip_count<Cmp::Ge>(U32Max, 0u, -1)), index_t(U32Max) + 1);
  EXPECT_EQ((trip_count<Cmp::Lt>(I64Min, I64Max, 4)), index_t(1) << 62);
  EXPECT_EQ((trip_count<Cmp::Le>(I64Min, I64Max, 4)), index_t(1) << 62);
  EXPECT_EQ((trip_count<Cmp::Gt>(I64Max, I64Min, -4)), index_t(1) << 62);
  EXPECT_EQ((trip_count<Cmp::Lt>(I64Min, I64Max, I64Max)), 3);
  EXPECT_EQ((trip_count<Cmp::Gt>(I64Max, I64Min, I64Min)), 2);
  EXPECT_EQ((trip_count<Cmp::Lt>(std::uint64_t(0), U64Max, I64Max)), 3);
  EXPECT_EQ((trip_count<Cmp::Ge>(U64Max, std::uint64_t(1), -3)),
            index_t((U64Max - 1) / 3 + 1));
  EXPECT_EQ((trip_count<Cmp::Lt>(I64Max - 1, I64Max, 1000)), 1);
}

TEST(TripCount, NotEqualWrapsLikeTheSerialLoop) {
  // Unsigned i from 5 up to 3 passes through 2^32 - 1 and 0.
  EXPECT_EQ((trip_count<Cmp::Ne>(5u, 3u, 1)), (index_t(1) << 32) - 2);
  EXPECT_EQ((trip_count<Cmp::Ne>(3u, 5u, -1)), (index_t(1) << 32) - 2);
  EXPECT_EQ((trip_count<Cmp::Ne>(5u, 0u, -1)), 5);
  EXPECT_EQ((trip_count<Cmp::Ne>(std::uint64_t(10), std::uint64_t(0), -5)), 2);
}

// Runs `for (L i = lb; i CMP ub; i += step)` for at most Cap iterations.
// Returns false when it did not finish or the loop variable overflowed (the
// serial loop would then be undefined or endless); trip_count does not model
// those loops.
constexpr int Cap = 600;

template <Cmp C, class L, class U> bool test_cmp(L i, U ub) {
  // The comparison in the common type, as the serial loop writes it.
  using T = decltype(i + ub);
  const T a = static_cast<T>(i), b = static_cast<T>(ub);
  switch (C) {
  case Cmp::Lt:
    return a < b;
  case Cmp::Le:
    return a <= b;
  case Cmp::Gt:
    return a > b;
  case Cmp::Ge:
    return a >= b;
  case Cmp::Ne:
    return a != b;
  }
  return false;
}

template <Cmp C, class L, class U>
bool run_loop(L lb, U ub, long long step, std::vector<L>& seen) {
  seen.clear();
  __int128 i = lb;
  for (int k = 0;; ++k) {
    if (!test_cmp<C>(static_cast<L>(i), ub))
      return true;
    if (k == Cap)
      return false;
    seen.push_back(static_cast<L>(i));
    i += step;
    if (i < __int128(std::numeric_limits<L>::min()) ||
        i > __int128(std::numeric_limits<L>::max())) {
      if (std::is_signed<L>::value)
        return false;
      // Unsigned wrap-around is defined; keep going like the serial loop.
      i = static_cast<L>(i);
    }
  }
}

template <class T> std::vector<T> interesting_values() {
  std::vector<T> v;
  for (int d = -7; d <= 7; ++d)
    v.push_back(static_cast<T>(d));
  using Lim = std::numeric_limits<T>;
  for (int d = 0; d < 4; ++d) {
    v.push_back(static_cast<T>(Lim::max() - T(d)));
    v.push_back(static_cast<T>(Lim::min() + T(d)));
    v.push_back(static_cast<T>(Lim::max() - T(d * 97)));
  }
  v.push_back(T(100));
  v.push_back(T(200));
  return v;
}

template <Cmp C, class L, class U> int cross_check(const char* what) {
  const long long steps[] = {1,  2,  3,  5,  7,  64,  101,
                             -1, -2, -3, -5, -7, -64, -101};
  std::vector<L> seen;
  int checked = 0;
  for (L lb : interesting_values<L>())
    for (U ub : interesting_values<U>())
      for (long long step : steps) {
        // The translator only emits trip_count for canonical loops.
        if ((C == Cmp::Lt || C == Cmp::Le) && step < 0)
          continue;
        if ((C == Cmp::Gt || C == Cmp::Ge) && step > 0)
          continue;
        if (!run_loop<C>(lb, ub, step, seen))
          continue;
        ++checked;
        const index_t n = trip_count<C>(lb, ub, step);
        EXPECT_EQ(n, index_t(seen.size()))
            << what << " lb=" << +lb << " ub=" << +ub << " step=" << step;
        for (index_t k = 0; k < index_t(seen.size()) && k < n; ++k)
          EXPECT_EQ(index_at(lb, k, step), seen[std::size_t(k)])
              << what << " lb=" << +lb << " step=" << step << " k=" << k;
      }
  return checked;
}

template <class L, class U> void cross_check_all(const char* what) {
  int checked =
      cross_check<Cmp::Lt, L, U>(what) + cross_check<Cmp::Le, L, U>(what) +
      cross_check<Cmp::Gt, L, U>(what) + cross_check<Cmp::Ge, L, U>(what) +
      cross_check<Cmp::Ne, L, U>(what);
  // Guard against a cross-check that silently skips everything.
  EXPECT_GT(checked, 2000) << what;
}

TEST(TripCount, BruteForceSameTypes) {
  cross_check_all<std::int32_t, std::int32_t>("i32/i32");
  cross_check_all<std::uint32_t, std::uint32_t>("u32/u32");
  cross_check_all<std::int64_t, std::int64_t>("i64/i64");
  cross_check_all<std::uint64_t, std::uint64_t>("u64/u64");
}

TEST(TripCount, BruteForceMixedTypes) {
  cross_check_all<std::int32_t, std::uint32_t>("i32/u32");
  cross_check_all<std::uint32_t, std::int32_t>("u32/i32");
  cross_check_all<std::int32_t, std::int64_t>("i32/i64");
  cross_check_all<std::uint32_t, std::int64_t>("u32/i64");
  cross_check_all<std::int64_t, std::uint64_t>("i64/u64");
  cross_check_all<std::int16_t, std::int32_t>("i16/i32");
}

TEST(IndexAt, WrapsInTheUnsignedType) {
  EXPECT_EQ(index_at(10u, 3, -2), 4u);
  EXPECT_EQ(index_at(0u, 1, -1), std::numeric_limits<unsigned>::max());
  EXPECT_EQ(index_at(std::numeric_limits<std::uint64_t>::max(), 1, 1),
            std::uint64_t(0));
  EXPECT_EQ(index_at(std::numeric_limits<std::int64_t>::min(),
                     (index_t(1) << 62) - 1, 4),
            std::numeric_limits<std::int64_t>::max() - 3);
  EXPECT_EQ(index_at(std::numeric_limits<std::int32_t>::max(), 3, -1000000000),
            std::numeric_limits<std::int32_t>::max() - 3000000000ll);
  EXPECT_EQ(index_at(std::uint8_t(250), 10, 1), std::uint8_t(4));
  EXPECT_EQ(index_at(short(-3), 3, 2), short(3));
  static_assert(std::is_same<decltype(index_at(short(0), 0, 1)), short>::value,
                "index_at keeps the loop variable's type");
}

TEST(AlignUp, Values) {
  static_assert(hpprt::align_up(0, 64) == 0, "");
  static_assert(hpprt::align_up(1, 64) == 64, "");
  static_assert(hpprt::align_up(64, 64) == 64, "");
  static_assert(hpprt::align_up(65, 64) == 128, "");
  static_assert(hpprt::align_up(10, 12) == 12, "");
  EXPECT_EQ(hpprt::align_up(100, 8), 104u);
}

TEST(StaticChunk, CoversRangeInRankOrder) {
  for (index_t n = 0; n <= 100; ++n)
    for (int size = 1; size <= 7; ++size) {
      index_t next = 0;
      for (int rank = 0; rank < size; ++rank) {
        const hpprt::Chunk c = hpprt::static_chunk(n, rank, size);
        EXPECT_EQ(c.begin, next) << "n=" << n << " size=" << size;
        EXPECT_LE(c.begin, c.end);
        // Balanced: the first n % size ranks take one more.
        EXPECT_EQ(c.end - c.begin, n / size + (rank < n % size ? 1 : 0))
            << "n=" << n << " size=" << size << " rank=" << rank;
        next = c.end;
      }
      EXPECT_EQ(next, n) << "n=" << n << " size=" << size;
    }
}

TEST(StaticChunk, OutOfRangeRanksGetNothing) {
  hpprt::Chunk c = hpprt::static_chunk(10, 3, 3);
  EXPECT_EQ(c.begin, c.end);
  c = hpprt::static_chunk(-5, 0, 2);
  EXPECT_EQ(c.begin, c.end);
  c = hpprt::static_chunk(index_t(1) << 40, 0, 3);
  EXPECT_EQ(c.end, ((index_t(1) << 40) + 2) / 3);
}

} // namespace

namespace {

// FastDiv must equal '/' and '%' for every dividend it promises to handle:
// all small divisors against all small dividends, and the edges of the
// 32-bit range (powers of two and their neighbours, the largest divisors),
// where the multiply-high method's rounding would show first.
void expectDivides(index_t d, index_t max_n, index_t n) {
  const hpprt::FastDiv div(d, max_n);
  ASSERT_EQ(div.divide(n), n / d) << n << " / " << d;
  index_t q = n;
  ASSERT_EQ(div.peel(q), n % d) << n << " % " << d;
  ASSERT_EQ(q, n / d);
}

TEST(FastDiv, SmallDivisorsAndDividends) {
  for (index_t d = 1; d <= 300; ++d)
    for (index_t n = 0; n <= 3000; ++n)
      expectDivides(d, 3000, n);
}

TEST(FastDiv, EdgesOfThe32BitRange) {
  const index_t max32 = std::numeric_limits<std::uint32_t>::max();
  std::vector<index_t> values = {1, 2, 3, 5, 7, 641, 6700417, 65535, 65536, 65537,
                                 max32 - 1, max32};
  for (int b = 1; b < 32; ++b)
    for (index_t delta : {-1, 0, 1})
      values.push_back((index_t{1} << b) + delta);
  for (index_t d : values)
    for (index_t n : values) {
      expectDivides(d, max32, n);
      for (index_t k : {index_t{1}, index_t{2}, index_t{1000}}) {
        if (n / d >= k && n / d - k >= 0) {
          expectDivides(d, max32, (n / d - k) * d);
          expectDivides(d, max32, (n / d - k) * d + d - 1);
        }
      }
    }
}

TEST(FastDiv, PseudoRandom32Bit) {
  std::uint64_t x = 88172645463325252ull; // xorshift64
  auto next = [&x] {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  const index_t max32 = std::numeric_limits<std::uint32_t>::max();
  for (int i = 0; i < 2000000; ++i) {
    const index_t d = static_cast<index_t>(next() >> (32 + next() % 32)) + 1;
    const index_t n = static_cast<index_t>(next() >> 32);
    expectDivides(std::min(d, max32), max32, n);
  }
}

TEST(FastDiv, WideIterationSpacesDivideIn64Bits) {
  const index_t big = index_t{1} << 40;
  for (index_t d : {index_t{3}, index_t{1000}, big / 7})
    for (index_t n : {index_t{0}, big - 1, big, big + 12345})
      expectDivides(d, big + 12345, n);
}

// The shift FastDiv uses: the smallest l with 2^l >= d, over the whole
// range of divisors it handles in 32 bits.
TEST(FastDiv, CeilLog2) {
  EXPECT_EQ(hpprt::detail::ceil_log2(1), 0u);
  for (unsigned b = 1; b <= 32; ++b) {
    const std::uint64_t p = std::uint64_t{1} << b;
    EXPECT_EQ(hpprt::detail::ceil_log2(p - 1), b == 1 ? 0u : b) << p - 1;
    EXPECT_EQ(hpprt::detail::ceil_log2(p), b) << p;
    EXPECT_EQ(hpprt::detail::ceil_log2(p + 1), b + 1) << p + 1;
  }
  for (std::uint64_t d = 1; d <= 5000; ++d) {
    unsigned l = 0;
    while ((std::uint64_t{1} << l) < d)
      ++l;
    ASSERT_EQ(hpprt::detail::ceil_log2(d), l) << d;
  }
}

TEST(FastDiv, EmptyDimension) {
  // A zero extent makes the whole space empty: nothing is divided, but
  // constructing the divider must not divide by zero.
  const hpprt::FastDiv div(0, 0);
  (void)div;
  SUCCEED();
}

} // namespace
