//===- ReduceTest.cpp - Reduction operators, Partials, LocPartials, scans -===//
// The parallel tests run the shape the OpenMP emitter generates: a parallel
// region in which every thread takes its static_chunk, reduces it privately
// and puts the result; the combine after the region must equal the serial
// loop (exactly, in iteration order).
#include <hpprt/openmp/hpprt.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using hpprt::index_t;

namespace {

const int ThreadCounts[] = {1, 2, 3, 4, 7, 8};

template <class Op, class T> T fold(std::initializer_list<T> values) {
  T acc = Op::template identity<T>();
  for (const T& v : values)
    Op::join(acc, v);
  return acc;
}

TEST(ReduceOps, Identities) {
  EXPECT_EQ(hpprt::Sum::identity<int>(), 0);
  EXPECT_EQ(hpprt::Sum::identity<double>(), 0.0);
  // -0.0, the value x + id == x keeps for every x, a sign of zero included.
  EXPECT_TRUE(std::signbit(hpprt::Sum::identity<double>()));
  EXPECT_TRUE(std::signbit(hpprt::Sum::identity<float>()));
  EXPECT_TRUE(std::signbit(fold<hpprt::Sum>({-0.0, -0.0})));
  EXPECT_FALSE(std::signbit(fold<hpprt::Sum>({0.0})));
  EXPECT_FALSE(std::signbit(fold<hpprt::Sum>({-0.0, 0.0})));
  EXPECT_EQ(hpprt::Prod::identity<long>(), 1);
  EXPECT_EQ(hpprt::Min::identity<int>(), std::numeric_limits<int>::max());
  EXPECT_EQ(hpprt::Min::identity<unsigned>(),
            std::numeric_limits<unsigned>::max());
  EXPECT_EQ(hpprt::Min::identity<double>(),
            std::numeric_limits<double>::infinity());
  EXPECT_EQ(hpprt::Max::identity<int>(), std::numeric_limits<int>::min());
  EXPECT_EQ(hpprt::Max::identity<unsigned>(), 0u);
  EXPECT_EQ(hpprt::Max::identity<float>(),
            -std::numeric_limits<float>::infinity());
  EXPECT_EQ(hpprt::BAnd::identity<std::uint8_t>(), std::uint8_t(0xff));
  EXPECT_EQ(hpprt::BAnd::identity<int>(), -1);
  EXPECT_EQ(hpprt::BOr::identity<unsigned>(), 0u);
  EXPECT_EQ(hpprt::BXor::identity<long>(), 0);
  EXPECT_EQ(hpprt::LAnd::identity<int>(), 1);
  EXPECT_EQ(hpprt::LAnd::identity<bool>(), true);
  EXPECT_EQ(hpprt::LOr::identity<int>(), 0);
  EXPECT_EQ(hpprt::MinLoc::identity<double>(),
            std::numeric_limits<double>::infinity());
  EXPECT_EQ(hpprt::MaxLoc::identity<int>(), std::numeric_limits<int>::min());
}

TEST(ReduceOps, Joins) {
  EXPECT_EQ((fold<hpprt::Sum, int>({1, 2, 3, -4})), 2);
  EXPECT_EQ((fold<hpprt::Prod, double>({1.5, 2.0, -3.0})), -9.0);
  EXPECT_EQ((fold<hpprt::Min, int>({4, -2, 9})), -2);
  EXPECT_EQ((fold<hpprt::Max, double>({4, -2, 9.5})), 9.5);
  EXPECT_EQ((fold<hpprt::Max, double>({-1e300, -2e300})), -1e300);
  EXPECT_EQ((fold<hpprt::BAnd, unsigned>({0xf0fu, 0xff0u})), 0xf00u);
  EXPECT_EQ((fold<hpprt::BOr, unsigned>({0x1u, 0x10u, 0x100u})), 0x111u);
  EXPECT_EQ((fold<hpprt::BXor, unsigned>({0x3u, 0x5u, 0x6u})), 0x0u);
  EXPECT_EQ((fold<hpprt::LAnd, int>({1, 5, -2})), 1);
  EXPECT_EQ((fold<hpprt::LAnd, int>({1, 0, 3})), 0);
  EXPECT_EQ((fold<hpprt::LOr, int>({0, 0, 7})), 1);
  EXPECT_EQ((fold<hpprt::LOr, bool>({false, false})), false);
  // Joining the identity changes nothing.
  int x = 17;
  hpprt::Min::join(x, hpprt::Min::identity<int>());
  EXPECT_EQ(x, 17);
  hpprt::BAnd::join(x, hpprt::BAnd::identity<int>());
  EXPECT_EQ(x, 17);
}

TEST(ReduceOps, LocBetterIsStrict) {
  EXPECT_TRUE(hpprt::MinLoc::better(1, 2));
  EXPECT_FALSE(hpprt::MinLoc::better(2, 2));
  EXPECT_TRUE(hpprt::MaxLoc::better(3.0, 2.0));
  EXPECT_FALSE(hpprt::MaxLoc::better(2.0, 2.0));
  double v = 5;
  int i = -1;
  hpprt::MinLoc::join(v, i, 5.0, 3);
  EXPECT_EQ(i, -1);
  hpprt::MinLoc::join(v, i, 4.0, 7);
  EXPECT_EQ(i, 7);
  EXPECT_EQ(v, 4.0);
}

TEST(ReduceOps, IdentityLike) {
  const double d = 3;
  auto s = hpprt::identity_like<hpprt::Sum>(d);
  static_assert(std::is_same<decltype(s), double>::value, "keeps the type");
  EXPECT_EQ(s, 0.0);
  const unsigned short u = 3;
  EXPECT_EQ(hpprt::identity_like<hpprt::Max>(u), 0);
  EXPECT_EQ(hpprt::identity_like<hpprt::MinLoc>(2.0f),
            std::numeric_limits<float>::infinity());
}

// Concatenation is not commutative: the combine order becomes visible.
struct Append {
  template <class T> static T identity() { return T(); }
  template <class T> static void join(T& acc, const T& v) { acc += v; }
};

TEST(Partials, CombinesInRankOrder) {
  for (int t : ThreadCounts) {
    hpprt::Partials<Append, std::string> p(t);
    // A region may get fewer threads than it asked for; compare with the ones
    // that ran. Partials skip slots never put.
    int ran = 0;
#pragma omp parallel num_threads(t)
    {
      const int rank = hpprt::omp::rank();
      if (rank == 0)
        ran = hpprt::omp::size();
      p.put(rank, std::to_string(rank) + ",");
    }
    std::string expected = "<", got = "<";
    for (int r = 0; r < ran; ++r)
      expected += std::to_string(r) + ",";
    p.combine_into(got);
    EXPECT_EQ(got, expected) << t << " threads";
  }
}

TEST(Partials, DefaultSlotsFitTheDefaultTeam) {
  hpprt::Partials<hpprt::Sum, double> p;
  EXPECT_EQ(p.size(), omp_get_max_threads());
  hpprt::LocPartials<hpprt::MinLoc, double, int> l;
  EXPECT_EQ(l.size(), omp_get_max_threads());
  hpprt::ScanPartials<hpprt::Sum, double> s;
  EXPECT_EQ(s.size(), omp_get_max_threads());
}

template <class Op, class T, class Gen>
void check_parallel_reduce(Gen gen, T initial, index_t n, const char* what) {
  std::vector<T> data(static_cast<std::size_t>(n));
  for (index_t i = 0; i < n; ++i)
    data[std::size_t(i)] = gen(i);
  for (int t : ThreadCounts) {
    // Serial reference with the same chunking: what the ordered combine must
    // reproduce bit for bit.
    T expected = initial;
    int ran = 0;
    hpprt::Partials<Op, T> p(t);
#pragma omp parallel num_threads(t)
    {
      const int rank = hpprt::omp::rank(), size = hpprt::omp::size();
      if (rank == 0)
        ran = size;
      const hpprt::Chunk c = hpprt::static_chunk(n, rank, size);
      T local = hpprt::identity_like<Op>(initial);
      for (index_t i = c.begin; i < c.end; ++i)
        Op::join(local, data[std::size_t(i)]);
      p.put(rank, local);
    }
    for (int r = 0; r < ran; ++r) {
      const hpprt::Chunk c = hpprt::static_chunk(n, r, ran);
      T local = Op::template identity<T>();
      for (index_t i = c.begin; i < c.end; ++i)
        Op::join(local, data[std::size_t(i)]);
      Op::join(expected, local);
    }
    T got = initial;
    p.combine_into(got);
    EXPECT_EQ(got, expected) << what << " with " << t << " threads";
    // And the plain serial loop, for the associative integer operators.
    if (std::is_integral<T>::value) {
      T serial = initial;
      for (const T& v : data)
        Op::join(serial, v);
      EXPECT_EQ(got, serial) << what << " with " << t << " threads";
    }
  }
}

TEST(Partials, EveryOperatorMatchesSerial) {
  const index_t n = 1001;
  check_parallel_reduce<hpprt::Sum, long>(
      [](index_t i) { return long(i * 3 - 700); }, 5, n, "sum");
  check_parallel_reduce<hpprt::Sum, double>(
      [](index_t i) { return 1.0 / double(i + 1); }, 0.25, n, "fsum");
  check_parallel_reduce<hpprt::Prod, unsigned>(
      [](index_t i) { return unsigned(i % 7 + 1); }, 3u, n, "prod");
  check_parallel_reduce<hpprt::Min, int>(
      [](index_t i) { return int((i * 7919) % 1009) - 300; }, 0, n, "min");
  check_parallel_reduce<hpprt::Max, double>(
      [](index_t i) { return std::sin(double(i)); }, -2.0, n, "max");
  check_parallel_reduce<hpprt::BAnd, unsigned>(
      [](index_t i) { return ~(1u << (i % 31)) | 0x80000000u; }, ~0u, 20,
      "band");
  check_parallel_reduce<hpprt::BOr, std::uint64_t>(
      [](index_t i) { return std::uint64_t(1) << (i % 64); }, 0, n, "bor");
  check_parallel_reduce<hpprt::BXor, int>(
      [](index_t i) { return int(i * 2654435761u); }, 1, n, "bxor");
  check_parallel_reduce<hpprt::LAnd, int>(
      [](index_t i) { return int(i != 500); }, 1, n, "land");
  check_parallel_reduce<hpprt::LOr, int>(
      [](index_t i) { return int(i == 999); }, 0, n, "lor");
  check_parallel_reduce<hpprt::Sum, int>([](index_t) { return 1; }, 0, 3,
                                         "fewer items than threads");
  check_parallel_reduce<hpprt::Sum, int>([](index_t) { return 1; }, 7, 0,
                                         "empty");
}

TEST(Partials, ResetAndReuse) {
  hpprt::Partials<hpprt::Sum, int> p(3);
  p.put(0, 5);
  p.put(2, 6);
  int s = 1;
  p.combine_into(s);
  EXPECT_EQ(s, 12);
  p.reset();
  s = 1;
  p.combine_into(s);
  EXPECT_EQ(s, 1);
}

// minloc/maxloc as the emitter writes it: strict `better` inside the chunk,
// one put per thread, ordered combine.
template <class Op, class V>
void parallel_loc(const std::vector<V>& data, int t, V& val, long& idx,
                  bool pass_found) {
  const index_t n = index_t(data.size());
  hpprt::LocPartials<Op, V, long> p(t);
#pragma omp parallel num_threads(t)
  {
    const int rank = hpprt::omp::rank();
    const hpprt::Chunk c = hpprt::omp::this_thread_chunk(n);
    V v = hpprt::identity_like<Op>(val);
    long i_best = -999;
    for (index_t i = c.begin; i < c.end; ++i)
      if (Op::better(data[std::size_t(i)], v)) {
        v = data[std::size_t(i)];
        i_best = long(i);
      }
    if (pass_found)
      p.put(rank, v, i_best, c.end > c.begin);
    else
      p.put(rank, v, i_best);
  }
  p.combine_into(val, idx);
}

template <class Op, class V>
void check_loc(const std::vector<V>& data, V initial, long initial_idx,
               const char* what) {
  V serial_val = initial;
  long serial_idx = initial_idx;
  for (std::size_t i = 0; i < data.size(); ++i)
    if (Op::better(data[i], serial_val)) {
      serial_val = data[i];
      serial_idx = long(i);
    }
  for (int t : ThreadCounts)
    for (bool pass_found : {false, true}) {
      V val = initial;
      long idx = initial_idx;
      parallel_loc<Op>(data, t, val, idx, pass_found);
      EXPECT_EQ(val, serial_val) << what << " threads=" << t;
      EXPECT_EQ(idx, serial_idx) << what << " threads=" << t;
    }
}

TEST(LocPartials, FirstOccurrenceWinsTies) {
  // Few distinct values spread everywhere: every chunk holds the extreme.
  std::vector<int> data(10007);
  for (std::size_t i = 0; i < data.size(); ++i)
    data[i] = int((i * 7919) % 13);
  check_loc<hpprt::MinLoc>(data, hpprt::MinLoc::identity<int>(), -1, "minloc");
  check_loc<hpprt::MaxLoc>(data, hpprt::MaxLoc::identity<int>(), -1, "maxloc");
  // The minimum sits only in the last chunk.
  data.back() = -5;
  check_loc<hpprt::MinLoc>(data, 100, -1, "minloc last");
  // The extreme first appears late: rank 0 must not win with a worse value.
  std::vector<double> d(1000, 1.0);
  d[990] = 0.5;
  d[995] = 0.5;
  check_loc<hpprt::MinLoc>(d, 2.0, -1, "minloc late");
}

TEST(LocPartials, InitialValueWinsTies) {
  std::vector<int> data(5000);
  for (std::size_t i = 0; i < data.size(); ++i)
    data[i] = int((i * 31) % 17);
  // The initial value equals the data's extreme: the serial loop keeps it.
  check_loc<hpprt::MinLoc>(data, 0, -7, "minloc initial tie");
  check_loc<hpprt::MaxLoc>(data, 16, -7, "maxloc initial tie");
  // Already better than all data.
  check_loc<hpprt::MinLoc>(data, -1, -7, "minloc initial best");
  // Data equal to the identity never replaces the initial value.
  std::vector<int> all_max(100, std::numeric_limits<int>::max());
  check_loc<hpprt::MinLoc>(all_max, std::numeric_limits<int>::max(), -3,
                           "minloc identity data");
  // Fewer elements than threads: empty chunks put the identity.
  check_loc<hpprt::MinLoc>(std::vector<int>{3, 1, 1}, 50, -1, "minloc tiny");
  check_loc<hpprt::MaxLoc>(std::vector<int>{}, 50, -1, "maxloc empty");
}

TEST(LocPartials, UnsetSlotsAreSkipped) {
  hpprt::LocPartials<hpprt::MinLoc, double, int> p(4);
  p.put(1, 2.0, 10, false); // saw nothing: ignored even though 2.0 < 3.0
  p.put(3, 2.5, 30);
  double v = 3.0;
  int i = -1;
  p.combine_into(v, i);
  EXPECT_EQ(v, 2.5);
  EXPECT_EQ(i, 30);
}

// Two-pass inclusive and exclusive scans in the emitter's shape.
template <class Op, class T>
void parallel_scan(const std::vector<T>& in, std::vector<T>& out, T initial,
                   bool inclusive, int t, T& total) {
  const index_t n = index_t(in.size());
  out.assign(in.size(), T());
  hpprt::ScanPartials<Op, T> p(t);
#pragma omp parallel num_threads(t)
  {
    const int rank = hpprt::omp::rank(), size = hpprt::omp::size();
    const hpprt::Chunk c = hpprt::static_chunk(n, rank, size);
    T part = Op::template identity<T>();
    for (index_t i = c.begin; i < c.end; ++i)
      Op::join(part, in[std::size_t(i)]);
    // Threads with empty chunks skip put: their slot holds the identity.
    if (c.end > c.begin)
      p.put(rank, part);
#pragma omp barrier
    T run = p.prefix_before(rank, initial);
    for (index_t i = c.begin; i < c.end; ++i) {
      if (!inclusive)
        out[std::size_t(i)] = run;
      Op::join(run, in[std::size_t(i)]);
      if (inclusive)
        out[std::size_t(i)] = run;
    }
#pragma omp barrier
    if (rank == 0)
      total = p.total(initial, size);
  }
}

TEST(ScanPartials, MatchesSerialScan) {
  for (index_t n : {0, 1, 5, 1000}) {
    std::vector<long> in(static_cast<std::size_t>(n));
    for (index_t i = 0; i < n; ++i)
      in[std::size_t(i)] = long((i * 37) % 11) - 4;
    for (bool inclusive : {true, false})
      for (int t : ThreadCounts) {
        std::vector<long> out;
        long total = -1;
        parallel_scan<hpprt::Sum>(in, out, 100L, inclusive, t, total);
        long run = 100;
        for (index_t i = 0; i < n; ++i) {
          if (!inclusive)
            EXPECT_EQ(out[std::size_t(i)], run) << "i=" << i << " t=" << t;
          run += in[std::size_t(i)];
          if (inclusive)
            EXPECT_EQ(out[std::size_t(i)], run) << "i=" << i << " t=" << t;
        }
        EXPECT_EQ(total, run) << "n=" << n << " t=" << t;
      }
  }
}

TEST(ScanPartials, MaxScanAndPrefixes) {
  std::vector<int> in{3, 1, 4, 1, 5, 9, 2, 6, 5, 3};
  std::vector<int> out;
  int total = 0;
  parallel_scan<hpprt::Max>(in, out, 0, true, 3, total);
  EXPECT_EQ(out, (std::vector<int>{3, 3, 4, 4, 5, 9, 9, 9, 9, 9}));
  EXPECT_EQ(total, 9);

  hpprt::ScanPartials<Append, std::string> s(3);
  s.put(0, "a");
  s.put(2, "c");
  EXPECT_EQ(s.prefix_before(0, "x"), "x");
  EXPECT_EQ(s.prefix_before(2, "x"), "xa");
  EXPECT_EQ(s.total("x", 3), "xac");
  s.put(1, "b");
  EXPECT_EQ(s.total("", 3), "abc");
  EXPECT_EQ(s.total("", 2), "ab");
}

} // namespace

TEST(LocPartials, LowestIndexWinsTiesWhateverTheOrder) {
  // A loop running downwards puts higher indices in lower ranks: among the
  // partials, the tie still goes to the lowest index.
  hpprt::LocPartials<hpprt::MinLoc, double, int> p(3);
  p.put(0, 1.0, 900);
  p.put(1, 1.0, 400);
  p.put(2, 2.0, 5);
  double v = 1e300;
  int i = -1;
  p.combine_into(v, i);
  EXPECT_EQ(v, 1.0);
  EXPECT_EQ(i, 400);

  hpprt::LocPartials<hpprt::MaxLoc, long, long> q(2);
  q.put(0, 7, 30);
  q.put(1, 7, 3);
  long w = 7, j = 99; // the initial value ties: it is kept, as serially
  q.combine_into(w, j);
  EXPECT_EQ(j, 99);
  w = 6;
  q.combine_into(w, j);
  EXPECT_EQ(w, 7);
  EXPECT_EQ(j, 3);
}

// A downward loop whose body keeps the first of equal values: each thread
// scans its chunk of iterations k (index n-1-k) in order; with
// HighestOnTies the combine keeps the serial loop's choice, the highest
// tied index, for every thread count.
template <class Op, class V>
void check_loc_downward(const std::vector<V>& data, V initial, const char* what) {
  using High = hpprt::HighestOnTies<Op>;
  const long n = long(data.size());
  V serial_val = initial;
  long serial_idx = -1;
  for (long i = n - 1; i >= 0; --i)
    if (Op::better(data[std::size_t(i)], serial_val)) {
      serial_val = data[std::size_t(i)];
      serial_idx = i;
    }
  for (int t : ThreadCounts) {
    hpprt::LocPartials<High, V, long> p(t);
#pragma omp parallel num_threads(t)
    {
      const hpprt::Chunk c = hpprt::omp::this_thread_chunk(index_t(n));
      V v = hpprt::identity_like<Op>(initial);
      long at = hpprt::loc_identity_index<High, long>();
      for (index_t k = c.begin; k < c.end; ++k) {
        const long i = n - 1 - long(k);
        if (Op::better(data[std::size_t(i)], v)) {
          v = data[std::size_t(i)];
          at = i;
        }
      }
      p.put(hpprt::omp::rank(), v, at, c.end > c.begin);
    }
    V val = initial;
    long idx = -1;
    p.combine_into(val, idx);
    EXPECT_EQ(val, serial_val) << what << " threads=" << t;
    EXPECT_EQ(idx, serial_idx) << what << " threads=" << t;
  }
}

TEST(LocPartials, DownwardLoopHighestOnTies) {
  std::vector<int> data(10007);
  for (std::size_t i = 0; i < data.size(); ++i)
    data[i] = int((i * 7919) % 13);
  check_loc_downward<hpprt::MinLoc>(data, hpprt::MinLoc::identity<int>(), "minloc");
  check_loc_downward<hpprt::MaxLoc>(data, hpprt::MaxLoc::identity<int>(), "maxloc");
  // The initial value still wins a tie with the data.
  check_loc_downward<hpprt::MinLoc>(data, 0, "minloc initial tie");
  check_loc_downward<hpprt::MinLoc>(std::vector<int>{3, 1, 1}, 50, "minloc tiny");
}

TEST(LocPartials, LocWinsIsSymmetric) {
  using High = hpprt::HighestOnTies<hpprt::MinLoc>;
  EXPECT_TRUE((hpprt::loc_wins<hpprt::MinLoc>(1.0, 3, 1.0, 5)));
  EXPECT_FALSE((hpprt::loc_wins<hpprt::MinLoc>(1.0, 5, 1.0, 3)));
  EXPECT_TRUE((hpprt::loc_wins<High>(1.0, 5, 1.0, 3)));
  EXPECT_FALSE((hpprt::loc_wins<High>(1.0, 3, 1.0, 5)));
  EXPECT_TRUE((hpprt::loc_wins<High>(0.5, 3, 1.0, 5)));
  EXPECT_EQ((hpprt::loc_identity_index<High, int>()), std::numeric_limits<int>::lowest());
}
