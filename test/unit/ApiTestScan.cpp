//===- ApiTestScan.cpp - Serial hpp::parallel_scan ------------------------===//
#include <hpp/hpp.hpp>

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

namespace {

const std::vector<int> kIn = {3, 1, 4, 1, 5, 9, 2, 6};

TEST(ApiScan, ExclusiveAndInclusiveWithTotal) {
  const int n = int(kIn.size());
  const int* in = kIn.data();
  std::vector<long> excl(kIn.size()), incl(kIn.size());
  long* pe = excl.data();
  long* pi = incl.data();
  long total = -5; // assigned
  hpp::parallel_scan(
      n,
      [=](int i, long& partial, bool final) {
        if (final)
          pe[i] = partial; // before adding: exclusive
        partial += in[i];
      },
      total);
  hpp::parallel_scan("inclusive", n, [=](int i, long& partial, bool final) {
    partial += in[i];
    if (final)
      pi[i] = partial; // after adding: inclusive
  });
  long run = 0;
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(excl[std::size_t(i)], run) << i;
    run += in[i];
    EXPECT_EQ(incl[std::size_t(i)], run) << i;
  }
  EXPECT_EQ(total, run);
}

TEST(ApiScan, SerialCallsOncePerIndexWithFinal) {
  int calls = 0, finals = 0;
  hpp::parallel_scan(10, [&](int, int& p, bool final) {
    ++calls;
    finals += final;
    p += 1;
  });
  EXPECT_EQ(calls, 10);
  EXPECT_EQ(finals, 10);
}

TEST(ApiScan, RangePolicyLabelsAndTypes) {
  std::vector<double> out(10, -1.0);
  double total = 0;
  hpp::parallel_scan(
      std::string("range"), hpp::RangePolicy(4, 10),
      [&](long i, double& p, bool final) {
        if (final)
          out[std::size_t(i)] = p;
        p += 0.5;
      },
      total);
  EXPECT_EQ(total, 3.0);
  EXPECT_EQ(out[3], -1.0);
  EXPECT_EQ(out[4], 0.0);
  EXPECT_EQ(out[9], 2.5);
  // A generic lambda takes its value type from the total.
  unsigned long long t = 0;
  hpp::parallel_scan(
      std::size_t(5), [](auto i, auto& p, bool) { p += i; }, t);
  EXPECT_EQ(t, 10u);
  hpp::parallel_scan("empty", 0, [](int, int& p, bool) { p += 1; });
  int e = 9;
  hpp::parallel_scan(
      0, [](int, int& p, bool) { p += 1; }, e);
  EXPECT_EQ(e, 0);
}

// A functor scan with value_type and its own identity: running maximum.
struct RunningMax {
  using value_type = int;
  const int* in;
  int* out;
  void init(int& v) const { v = std::numeric_limits<int>::lowest(); }
  void operator()(int i, int& p, bool final) const {
    if (in[i] > p)
      p = in[i];
    if (final)
      out[i] = p;
  }
};

struct TagEven {};
struct TaggedScan {
  using value_type = long;
  long* out;
  void operator()(TagEven, int i, long& p, bool final) const {
    if (final)
      out[i] = p;
    p += i % 2 == 0;
  }
};

TEST(ApiScan, Functors) {
  const std::vector<int> in = {-5, -7, -2, -9, 4, 1};
  std::vector<int> out(in.size());
  hpp::parallel_scan(int(in.size()), RunningMax{in.data(), out.data()});
  EXPECT_EQ(out, (std::vector<int>{-5, -5, -2, -2, 4, 4}));
  int best = 0;
  hpp::parallel_scan(3, RunningMax{in.data(), out.data()}, best);
  EXPECT_EQ(best, -2);

  long ev[6];
  hpp::parallel_scan(hpp::RangePolicy<TagEven>(0, 6), TaggedScan{ev});
  EXPECT_EQ(ev[0], 0);
  EXPECT_EQ(ev[1], 1);
  EXPECT_EQ(ev[5], 3);
}

} // namespace
