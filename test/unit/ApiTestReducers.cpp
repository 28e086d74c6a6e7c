//===- ApiTestReducers.cpp - Serial hpp::parallel_reduce ------------------===//
// Plain results, every built-in reducer (identities and location ties),
// several results in one call, user-defined reducers and functors with
// init/final, in the serial reference implementation of <hpp/hpp.hpp>.
#include <hpp/hpp.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace {

TEST(ApiReduce, PlainResultIsSummedAndAssigned) {
  double s = 1e9; // overwritten, not accumulated into
  hpp::parallel_reduce(
      100, [](int i, double& v) { v += 0.5 * i; }, s);
  EXPECT_DOUBLE_EQ(s, 0.5 * 4950);
  long l = 42;
  hpp::parallel_reduce(
      hpp::RangePolicy(0, 0), [](long, long& v) { v += 1; }, l);
  EXPECT_EQ(l, 0);
  int c = 7;
  hpp::parallel_reduce(
      std::size_t(10), [](std::size_t i, int& v) { v += int(i % 2); }, c);
  EXPECT_EQ(c, 5);
}

TEST(ApiReduce, Labels) {
  double s = 0;
  int m = 0;
  hpp::parallel_reduce(
      "dot", 4, [](int i, double& v) { v += i; }, s);
  EXPECT_EQ(s, 6.0);
  hpp::parallel_reduce(
      std::string("max"), hpp::RangePolicy(0, 4),
      [](int i, int& v) { v = i > v ? i : v; }, hpp::Max<int>(m));
  EXPECT_EQ(m, 3);
  hpp::parallel_reduce(
      "two", 3,
      [](int i, double& a, int& b) {
        a += i;
        b += 1;
      },
      s, m);
  EXPECT_EQ(s, 3.0);
  EXPECT_EQ(m, 3);
}

TEST(ApiReduce, SimpleReducers) {
  const std::vector<int> x = {5, -3, 12, 7, 0, 12, -3, 4};
  const int n = int(x.size());
  const int* p = x.data();
  int sum = -1, prod = -1, mn = -1, mx = -1;
  hpp::parallel_reduce(
      n, [=](int i, int& v) { v += p[i]; }, hpp::Sum<int>(sum));
  hpp::parallel_reduce(
      n, [=](int i, int& v) { v *= (p[i] == 0 ? 1 : p[i]); },
      hpp::Prod<int>(prod));
  hpp::parallel_reduce(
      n, [=](int i, int& v) { v = p[i] < v ? p[i] : v; }, hpp::Min<int>(mn));
  hpp::parallel_reduce(
      n, [=](int i, int& v) { v = p[i] > v ? p[i] : v; }, hpp::Max<int>(mx));
  EXPECT_EQ(sum, 34);
  EXPECT_EQ(prod, 5 * -3 * 12 * 7 * 12 * -3 * 4);
  EXPECT_EQ(mn, -3);
  EXPECT_EQ(mx, 12);

  int land = -1, lor = -1;
  hpp::parallel_reduce(
      n, [=](int i, int& v) { v = v && p[i] != 99; }, hpp::LAnd<int>(land));
  hpp::parallel_reduce(
      n, [=](int i, int& v) { v = v || p[i] == 0; }, hpp::LOr<int>(lor));
  EXPECT_EQ(land, 1);
  EXPECT_EQ(lor, 1);
  hpp::parallel_reduce(
      n, [=](int i, int& v) { v = v && p[i] != 0; }, hpp::LAnd<int>(land));
  hpp::parallel_reduce(
      n, [=](int i, int& v) { v = v || p[i] == 99; }, hpp::LOr<int>(lor));
  EXPECT_EQ(land, 0);
  EXPECT_EQ(lor, 0);
  bool all = false;
  hpp::parallel_reduce(
      n, [=](int i, bool& v) { v = v && p[i] < 100; }, hpp::LAnd<bool>(all));
  EXPECT_TRUE(all);

  unsigned band = 0, bor = 0;
  const unsigned bits[3] = {0xF0F0u, 0xFF00u, 0xF00Fu};
  hpp::parallel_reduce(
      3, [&](int i, unsigned& v) { v &= bits[i]; }, hpp::BAnd<unsigned>(band));
  hpp::parallel_reduce(
      3, [&](int i, unsigned& v) { v |= bits[i]; }, hpp::BOr<unsigned>(bor));
  EXPECT_EQ(band, 0xF000u);
  EXPECT_EQ(bor, 0xFFFFu);
}

TEST(ApiReduce, IdentitiesOfAnEmptyRange) {
  double dmin = 0, dmax = 0, dsum = 5, dprod = 5;
  int imin = 0, imax = 0, land = 0, lor = 1;
  unsigned band = 0, bor = 1;
  auto none = [](int, auto&) {};
  hpp::parallel_reduce(
      0, [](int, double&) {}, hpp::Min<double>(dmin));
  hpp::parallel_reduce(
      0, [](int, double&) {}, hpp::Max<double>(dmax));
  hpp::parallel_reduce(
      0, [](int, double&) {}, hpp::Sum<double>(dsum));
  hpp::parallel_reduce(
      0, [](int, double&) {}, hpp::Prod<double>(dprod));
  hpp::parallel_reduce(
      0, [](int, int&) {}, hpp::Min<int>(imin));
  hpp::parallel_reduce(
      0, [](int, int&) {}, hpp::Max<int>(imax));
  hpp::parallel_reduce(0, none, hpp::LAnd<int>(land));
  hpp::parallel_reduce(0, none, hpp::LOr<int>(lor));
  hpp::parallel_reduce(0, none, hpp::BAnd<unsigned>(band));
  hpp::parallel_reduce(0, none, hpp::BOr<unsigned>(bor));
  EXPECT_EQ(dmin, std::numeric_limits<double>::infinity());
  EXPECT_EQ(dmax, -std::numeric_limits<double>::infinity());
  EXPECT_EQ(dsum, 0.0);
  EXPECT_EQ(dprod, 1.0);
  EXPECT_EQ(imin, std::numeric_limits<int>::max());
  EXPECT_EQ(imax, std::numeric_limits<int>::lowest());
  EXPECT_EQ(land, 1);
  EXPECT_EQ(lor, 0);
  EXPECT_EQ(band, ~0u);
  EXPECT_EQ(bor, 0u);

  hpp::MinLoc<double, int>::value_type ml{0, 0};
  hpp::parallel_reduce(0, none, hpp::MinLoc<double, int>(ml));
  EXPECT_EQ(ml.val, std::numeric_limits<double>::infinity());
  EXPECT_EQ(ml.loc, std::numeric_limits<int>::max());
}

// The loop bodies keep the first occurrence (strict comparison), as a
// Kokkos user writes them; the reducer's join breaks ties by location.
const std::vector<double> kData = {4, 1, 7, 1, 9, 3, 9, 1, 4};

TEST(ApiReduce, MinLocMaxLocFirstOccurrence) {
  const double* x = kData.data();
  const int n = int(kData.size());
  hpp::MinLoc<double, int>::value_type mn;
  hpp::MaxLoc<double, int>::value_type mx;
  hpp::parallel_reduce(
      n,
      [=](int i, hpp::MinLoc<double, int>::value_type& v) {
        if (x[i] < v.val) {
          v.val = x[i];
          v.loc = i;
        }
      },
      hpp::MinLoc<double, int>(mn));
  hpp::parallel_reduce(
      n,
      [=](int i, hpp::ValLocScalar<double, int>& v) {
        if (x[i] > v.val) {
          v.val = x[i];
          v.loc = i;
        }
      },
      hpp::MaxLoc<double, int>(mx));
  EXPECT_EQ(mn.val, 1.0);
  EXPECT_EQ(mn.loc, 1);
  EXPECT_EQ(mx.val, 9.0);
  EXPECT_EQ(mx.loc, 4);
}

TEST(ApiReduce, LocJoinsBreakTiesByLowestLocation) {
  hpp::ValLocScalar<double, long> r{};
  hpp::MinLoc<double, long> mn(r);
  hpp::ValLocScalar<double, long> a{1.0, 7}, b{1.0, 3}, c{0.5, 9};
  hpp::ValLocScalar<double, long> acc;
  mn.init(acc);
  mn.join(acc, a);
  mn.join(acc, b); // tie: lower location wins, whichever comes second
  EXPECT_EQ(acc.loc, 3);
  mn.join(acc, a);
  EXPECT_EQ(acc.loc, 3);
  mn.join(acc, c);
  EXPECT_EQ(acc.val, 0.5);
  EXPECT_EQ(acc.loc, 9);

  hpp::MaxLoc<double, long> mx(r);
  mx.init(acc);
  mx.join(acc, a);
  mx.join(acc, b);
  EXPECT_EQ(acc.loc, 3);
  mx.join(acc, c);
  EXPECT_EQ(acc.val, 1.0);
  EXPECT_EQ(acc.loc, 3);

  hpp::MinMaxLocScalar<int, int> q{};
  hpp::MinMaxLoc<int, int> mml(q);
  hpp::MinMaxLocScalar<int, int> m1{2, 8, 5, 6}, m2{2, 8, 4, 9}, m3{2, 8, 6, 1};
  hpp::MinMaxLocScalar<int, int> accm;
  mml.init(accm);
  mml.join(accm, m1);
  mml.join(accm, m2);
  mml.join(accm, m3);
  EXPECT_EQ(accm.min_loc, 4);
  EXPECT_EQ(accm.max_loc, 1);
  mml.join(accm, {1, 9, 20, 30});
  EXPECT_EQ(accm.min_val, 1);
  EXPECT_EQ(accm.min_loc, 20);
  EXPECT_EQ(accm.max_val, 9);
  EXPECT_EQ(accm.max_loc, 30);
}

TEST(ApiReduce, MinMaxAndMinMaxLoc) {
  const double* x = kData.data();
  const int n = int(kData.size());
  hpp::MinMaxScalar<double> mm{0, 0};
  hpp::parallel_reduce(
      n,
      [=](int i, hpp::MinMaxScalar<double>& v) {
        if (x[i] < v.min_val)
          v.min_val = x[i];
        if (x[i] > v.max_val)
          v.max_val = x[i];
      },
      hpp::MinMax<double>(mm));
  EXPECT_EQ(mm.min_val, 1.0);
  EXPECT_EQ(mm.max_val, 9.0);

  hpp::MinMaxLoc<double, int>::value_type mml;
  hpp::parallel_reduce(
      n,
      [=](int i, hpp::MinMaxLocScalar<double, int>& v) {
        if (x[i] < v.min_val) {
          v.min_val = x[i];
          v.min_loc = i;
        }
        if (x[i] > v.max_val) {
          v.max_val = x[i];
          v.max_loc = i;
        }
      },
      hpp::MinMaxLoc<double, int>(mml));
  EXPECT_EQ(mml.min_val, 1.0);
  EXPECT_EQ(mml.min_loc, 1);
  EXPECT_EQ(mml.max_val, 9.0);
  EXPECT_EQ(mml.max_loc, 4);
}

TEST(ApiReduce, DeductionFromTheResult) {
  double s = 0;
  hpp::MinMaxScalar<int> mm{};
  hpp::parallel_reduce(
      5, [](int i, double& v) { v += i; }, hpp::Sum(s));
  hpp::parallel_reduce(
      5,
      [](int i, hpp::MinMaxScalar<int>& v) {
        v.min_val = i < v.min_val ? i : v.min_val;
        v.max_val = i > v.max_val ? i : v.max_val;
      },
      hpp::MinMax(mm));
  EXPECT_EQ(s, 10.0);
  EXPECT_EQ(mm.min_val, 0);
  EXPECT_EQ(mm.max_val, 4);
  hpp::Max<double> named(s); // a reducer passed as an lvalue
  hpp::parallel_reduce(
      3, [](int i, double& v) { v = i > v ? i : v; }, named);
  EXPECT_EQ(s, 2.0);
  EXPECT_EQ(&named.reference(), &s);
}

TEST(ApiReduce, SeveralResultsInOneCall) {
  const double* x = kData.data();
  const int n = int(kData.size());
  double sum = -1, mx = -1;
  int count = -1;
  hpp::MinLoc<double, int>::value_type ml;
  hpp::parallel_reduce(
      "several", n,
      [=](int i, double& s, double& m, hpp::MinLoc<double, int>::value_type& l,
          int& c) {
        s += x[i];
        if (x[i] > m)
          m = x[i];
        if (x[i] < l.val) {
          l.val = x[i];
          l.loc = i;
        }
        c += x[i] > 3;
      },
      sum, hpp::Max<double>(mx), hpp::MinLoc<double, int>(ml), count);
  EXPECT_EQ(sum, 39.0);
  EXPECT_EQ(mx, 9.0);
  EXPECT_EQ(ml.val, 1.0);
  EXPECT_EQ(ml.loc, 1);
  EXPECT_EQ(count, 5);
}

// A user-defined reducer: the element of largest magnitude, with its sign.
struct AbsMax {
  using value_type = double;
  using reducer = AbsMax;
  double* result;
  explicit AbsMax(double& r) : result(&r) {}
  void init(double& v) const { v = 0.0; }
  void join(double& dst, const double& src) const {
    if (std::fabs(src) > std::fabs(dst))
      dst = src;
  }
  double& reference() const { return *result; }
};

// One with a struct value and a non-trivial identity (a count of calls to
// init shows it is used).
struct Span {
  double lo, hi;
  int n;
};
struct SpanReducer {
  using value_type = Span;
  Span* result;
  int* inits;
  void init(Span& v) const {
    ++*inits;
    v = {1e300, -1e300, 0};
  }
  void join(Span& dst, const Span& src) const {
    dst.lo = std::fmin(dst.lo, src.lo);
    dst.hi = std::fmax(dst.hi, src.hi);
    dst.n += src.n;
  }
  Span& reference() const { return *result; }
};

TEST(ApiReduce, UserDefinedReducers) {
  const double v[5] = {3, -8, 5, 7.5, -1};
  double r = 0;
  hpp::parallel_reduce(
      5,
      [&](int i, double& m) {
        if (std::fabs(v[i]) > std::fabs(m))
          m = v[i];
      },
      AbsMax(r));
  EXPECT_EQ(r, -8.0);

  Span s{0, 0, -1};
  int inits = 0;
  hpp::parallel_reduce(
      hpp::RangePolicy(1, 5),
      [&](int i, Span& a) {
        a.lo = std::fmin(a.lo, v[i]);
        a.hi = std::fmax(a.hi, v[i]);
        ++a.n;
      },
      SpanReducer{&s, &inits});
  EXPECT_EQ(inits, 1);
  EXPECT_EQ(s.lo, -8.0);
  EXPECT_EQ(s.hi, 7.5);
  EXPECT_EQ(s.n, 4);
  // A user reducer together with a built-in one and a plain result.
  double total = 0, absmax = 0;
  int mx = 0;
  hpp::parallel_reduce(
      5,
      [&](int i, double& t, double& a, int& m) {
        t += v[i];
        if (std::fabs(v[i]) > std::fabs(a))
          a = v[i];
        m = i > m ? i : m;
      },
      total, AbsMax(absmax), hpp::Max<int>(mx));
  EXPECT_EQ(total, 6.5);
  EXPECT_EQ(absmax, -8.0);
  EXPECT_EQ(mx, 4);
}

// A Kokkos-style reduction functor: value_type, init and final.
struct ProductPlusOne {
  using value_type = long;
  void operator()(int i, long& v) const { v *= i; }
  void init(long& v) const { v = 1; }
  void final(long& v) const { v += 1; }
};

struct TagSq {};
struct TagCube {};
struct TaggedSum {
  void operator()(TagSq, int i, long& v) const { v += i * i; }
  void operator()(TagCube, int i, long& v) const { v += i * i * i; }
};

TEST(ApiReduce, Functors) {
  long p = 0;
  hpp::parallel_reduce(hpp::RangePolicy(1, 6), ProductPlusOne(), p);
  EXPECT_EQ(p, 121);
  long sq = 0, cube = 0;
  hpp::parallel_reduce(hpp::RangePolicy<TagSq>(0, 4), TaggedSum(), sq);
  hpp::parallel_reduce(hpp::RangePolicy<TagCube>(0, 4), TaggedSum(), cube);
  EXPECT_EQ(sq, 14);
  EXPECT_EQ(cube, 36);
}

TEST(ApiReduce, TeamPolicyReduce) {
  int teams = -1, last = -1;
  hpp::parallel_reduce(
      hpp::TeamPolicy(6, hpp::AUTO),
      [](const hpp::TeamMember& t, int& n, int& l) {
        hpp::single(hpp::PerTeam(t), [&] {
          n += 1;
          l = t.league_rank() > l ? t.league_rank() : l;
        });
      },
      teams, hpp::Max<int>(last));
  EXPECT_EQ(teams, 6);
  EXPECT_EQ(last, 5);
}

} // namespace
