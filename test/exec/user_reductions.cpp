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

// User-defined reductions, reduction(user(join, init): v) and
// reduction(user(reducer): v), on struct values (sum + count + max, and a
// complex product) at every level: flat, team, thread, vector (in a thread
// loop) and team-vector, over empty ranges too. Joins are found in every
// way a name can be: a function, an overload chosen by the type, a function
// template in a template, a qualified name, argument-dependent lookup, a
// static member; reducers are a local object, a parameter of a function
// template, a global, an object declared at team level, a functor, and
// classes without init (T()) or without join (+=). Initial values are not
// identities, so a translation that drops them is caught. Values are
// quarters, so sums are exact in any order.
#include <cstdio>
#include <hpp/hpp.hpp>

struct Stats {
  double sum = 0;
  long count = 0;
  double max = -1e300;
};

void stats_join(Stats &a, const Stats &b) {
  a.sum += b.sum;
  a.count += b.count;
  if (b.max > a.max)
    a.max = b.max;
}
void stats_init(Stats &s) { s = Stats{}; }
Stats stat_of(double x) {
  Stats s;
  s.sum = x;
  s.count = 1;
  s.max = x;
  return s;
}

// A Kokkos-style custom reducer.
struct StatsReducer {
  void init(Stats &s) const { stats_init(s); }
  void join(Stats &a, const Stats &b) const { stats_join(a, b); }
};
const StatsReducer global_reducer{};

// Overloads: the variable's type picks one.
void combine(Stats &a, const Stats &b) { stats_join(a, b); }
void combine(double &a, const double &b) { a += b; }
void reset(Stats &s) { stats_init(s); }
void reset(double &d) { d = 0; }

namespace cx {
// Complex numbers; mul and one are found by argument-dependent lookup.
struct Z {
  double re, im;
};
void mul(Z &a, const Z &b) {
  const double re = a.re * b.re - a.im * b.im;
  a.im = a.re * b.im + a.im * b.re;
  a.re = re;
}
void one(Z &a) { a = Z{1, 0}; }
} // namespace cx

struct ZProduct {
  void init(cx::Z &a) const { cx::one(a); }
  void join(cx::Z &a, const cx::Z &b) const { cx::mul(a, b); }
};
const ZProduct global_product{};

namespace util {
template <class T> void tjoin(T &a, const T &b) { stats_join(a, b); }
template <class T> void tinit(T &a) { stats_init(a); }
} // namespace util

// A reducer with state: the values it keeps are capped.
struct CappedMax {
  double cap;
  void init(double &v) const { v = -cap; }
  void join(double &a, const double &b) const {
    const double c = b > cap ? cap : b;
    if (c > a)
      a = c;
  }
};
// No init: the identity is unsigned() = 0.
struct OrBits {
  void join(unsigned &a, const unsigned &b) const { a |= b; }
};
// No join: +=.
struct SumFrom {
  void init(long &v) const { v = 0; }
};
// A reducing functor: operator(), init and join.
struct CountPositive {
  const double *x;
  void operator()(int i, long &c) const {
    if (x[i] > 0)
      c += 1;
  }
  void init(long &c) const { c = 0; }
  void join(long &a, const long &b) const { a += b; }
};

double value(int i) { return ((i * 37) % 101 - 50) * 0.25; }
cx::Z unit(int i) {
  // Close to the unit circle, so that long products stay well scaled.
  const double t = 0.001 * (i % 17) - 0.008;
  return cx::Z{1 - t * t / 2, t};
}

void print(const char *what, const Stats &s) {
  std::printf("%s: sum %.17g count %ld max %.17g\n", what, s.sum, s.count, s.max);
}

struct Solver {
  const double *x;
  int n;
  static void merge(Stats &a, const Stats &b) { stats_join(a, b); }
  static void clear(Stats &s) { stats_init(s); }
  Stats run() const {
    Stats s = stat_of(1.5);
#pragma hpp parallel reduction(user(merge, clear): s)
    for (int i = 0; i < n; ++i)
      merge(s, stat_of(x[i]));
    return s;
  }
};

template <class T> T summarize(const double *x, int n) {
  T s = stat_of(-2.25);
#pragma hpp parallel reduction(user(util::tjoin, util::tinit): s)
  for (int i = 0; i < n; ++i)
    util::tjoin(s, stat_of(x[i]));
  return s;
}

template <class T, class Red> T reduce_with(const Red &red, const T *x, int n, T initial) {
  T acc = initial;
#pragma hpp parallel reduction(user(red): acc)
  for (int i = 0; i < n; ++i)
    red.join(acc, x[i]);
  return acc;
}

void flat(const double *x, const Stats *sx, const cx::Z *z, int n) {
  Stats a = stat_of(0.5);
#pragma hpp parallel reduction(user(stats_join, stats_init): a)
  for (int i = 0; i < n; ++i)
    stats_join(a, stat_of(x[i]));
  print("flat functions", a);

  const StatsReducer red;
  Stats b = stat_of(-0.75);
  double total = 2;
#pragma hpp parallel reduction(user(red): b) reduction(user(combine, reset): total)
  for (int i = 0; i < n; ++i) {
    red.join(b, stat_of(x[i]));
    combine(total, x[i]);
  }
  print("flat reducer", b);
  std::printf("flat overload: %.17g\n", total);

  cx::Z p{2, 0};
#pragma hpp parallel reduction(user(mul, one): p)
  for (int i = 0; i < n; ++i)
    mul(p, z[i]);
  std::printf("flat complex product: %.12f %.12f\n", p.re, p.im);

  const CappedMax capped{10};
  double m = -100;
#pragma hpp parallel reduction(user(capped): m)
  for (int i = 0; i < n; ++i)
    capped.join(m, x[i]);
  std::printf("flat capped max: %.17g\n", m);

  unsigned bits = 0x100;
  const OrBits ors;
  long count = 7;
  const SumFrom sums;
#pragma hpp parallel reduction(user(ors): bits) reduction(user(sums): count)
  for (int i = 0; i < n; ++i) {
    ors.join(bits, 1u << (i % 7));
    count += i % 3;
  }
  std::printf("flat defaults: bits %u count %ld\n", bits, count);

  const CountPositive hpp_functor{x};
  long positive = 1;
#pragma hpp parallel reduction(user(hpp_functor): positive)
  for (int i = 0; i < n; ++i)
    hpp_functor(i, positive);
  std::printf("flat functor: %ld\n", positive);

  print("flat member", Solver{x, n}.run());
  print("flat template", summarize<Stats>(x, n));
  print("flat template reducer", reduce_with(red, sx, n, stat_of(4)));
  std::printf("flat template capped: %.17g\n", reduce_with(capped, x, n, 3.0));
}

void empty(const double *x, int n) {
  const int none = n - n;
  Stats a = stat_of(5), b = stat_of(6);
  const StatsReducer red;
#pragma hpp parallel reduction(user(stats_join, stats_init): a) reduction(user(red): b)
  for (int i = 0; i < none; ++i) {
    stats_join(a, stat_of(x[i]));
    red.join(b, stat_of(x[i]));
  }
  print("empty flat functions", a);
  print("empty flat reducer", b);

  Stats t = stat_of(7);
#pragma hpp team reduction(user(red): t)
  for (int e = 0; e < none; ++e)
    red.join(t, stat_of(x[e]));
  print("empty team", t);

  // Empty nested loops leave the team-level value as it was.
  double *out = hpp::alloc<double>(4, hpp::Space::Shared);
#pragma hpp team
  for (int e = 0; e < 4; ++e) {
    Stats row = stat_of(e);
#pragma hpp thread reduction(user(stats_join, stats_init): row)
    for (int j = 0; j < none; ++j)
      stats_join(row, stat_of(x[j]));
    out[e] = row.sum + 100 * row.count + 1000 * row.max;
  }
  std::printf("empty nested: %g %g %g %g\n", out[0], out[1], out[2], out[3]);
  hpp::free(out);
}

void levels(const double *x, const cx::Z *z, int rows, int cols) {
  double *out = hpp::alloc<double>(rows * 3, hpp::Space::Shared);
  cx::Z *zout = hpp::alloc<cx::Z>(rows, hpp::Space::Shared);
  const StatsReducer red;
  Stats total = stat_of(0.25);
  cx::Z ztotal{1, 0};
#pragma hpp team reduction(user(stats_join, stats_init): total) reduction(user(global_product): ztotal)
  for (int e = 0; e < rows; ++e) {
    // thread loop with a reducer from outside, vector loop in it with
    // functions.
    Stats row = stat_of(1);
#pragma hpp thread reduction(user(red): row)
    for (int j = 0; j < cols; ++j) {
      Stats lane;
#pragma hpp vector reduction(user(stats_join, stats_init): lane)
      for (int k = 0; k < 8; ++k)
        stats_join(lane, stat_of(x[(e * cols + j) * 8 + k]));
      red.join(row, lane);
    }
    // team-vector loop with a reducer declared at team level.
    const StatsReducer team_red{};
    Stats tv = stat_of(-1);
#pragma hpp vector reduction(user(team_red): tv)
    for (int j = 0; j < cols * 8; ++j)
      team_red.join(tv, stat_of(x[e * cols * 8 + j]));
    // team-vector (thread vector) complex product, found by ADL.
    cx::Z zp{1, 0};
#pragma hpp thread vector reduction(user(mul, one): zp)
    for (int j = 0; j < cols; ++j)
      mul(zp, z[(e * cols + j) % 997]);
    stats_join(total, row);
    stats_join(total, tv);
    mul(ztotal, zp);
    out[e * 3] = row.sum;
    out[e * 3 + 1] = tv.sum + row.count;
    out[e * 3 + 2] = tv.max;
    zout[e] = zp;
  }
  print("team total", total);
  std::printf("team complex: %.12f %.12f\n", ztotal.re, ztotal.im);
  double check = 0;
  for (int e = 0; e < rows * 3; ++e)
    check += out[e] * (e % 5 + 1);
  std::printf("team rows: %.17g %.17g %.17g %.17g\n", out[0], out[3 * rows - 1], out[rows], check);
  std::printf("team row products: %.12f %.12f %.12f\n", zout[0].re, zout[rows - 1].im,
              zout[rows / 2].re);
  hpp::free(out);
  hpp::free(zout);
}

// A thread loop reduced with a global reducer, a team loop with function
// templates named with their namespace.
void thread_only(const double *x, int rows, int cols) {
  Stats all = stat_of(2);
#pragma hpp team reduction(user(util::tjoin, util::tinit): all)
  for (int e = 0; e < rows; ++e) {
    Stats r;
#pragma hpp thread reduction(user(global_reducer): r)
    for (int j = 0; j < cols; ++j)
      util::tjoin(r, stat_of(x[e * cols + j]));
    stats_join(all, r);
  }
  print("thread only", all);
}

int main() {
  const int n = 5003, rows = 37, cols = 19;
  double *x = hpp::alloc<double>(rows * cols * 8 + n, hpp::Space::Shared);
  cx::Z *z = hpp::alloc<cx::Z>(n, hpp::Space::Shared);
  Stats *sx = hpp::alloc<Stats>(n, hpp::Space::Shared);
  for (int i = 0; i < rows * cols * 8 + n; ++i)
    x[i] = value(i);
  for (int i = 0; i < n; ++i) {
    z[i] = unit(i);
    sx[i] = stat_of(value(3 * i + 1));
  }
  flat(x, sx, z, n);
  empty(x, n);
  levels(x, z, rows, cols);
  thread_only(x, rows, cols * 8);
  hpp::free(x);
  hpp::free(z);
  hpp::free(sx);
  return 0;
}
