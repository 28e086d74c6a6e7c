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

// User-defined reducers (value_type, init, join, reference) and functors
// with their own init/join/final, lowered to reduction(user(...)):
// - StatsReducer over a struct value (sum, count, max) with a lambda, a
//   functor, at team level and in a TeamThreadRange inside a team body,
//   and over an empty range (the result is the reducer's init);
// - a user reducer next to a built-in one in one call;
// - Norm: a functor whose init/join/final define a root of a sum of squares;
// - Product: a functor with init and join only (identity 1, multiply);
// - Counted: a functor with final only (summed, then final).
#include <cmath>
#include <cstdio>
#include <hpp/hpp.hpp>

struct Stats {
  double sum;
  long count;
  double max;
};

struct StatsReducer {
  using value_type = Stats;
  Stats* result;
  explicit StatsReducer(Stats& r) : result(&r) {}
  void init(Stats& v) const { v = Stats{0.0, 0, -1e300}; }
  void join(Stats& dst, const Stats& src) const {
    dst.sum += src.sum;
    dst.count += src.count;
    if (src.max > dst.max)
      dst.max = src.max;
  }
  Stats& reference() const { return *result; }
};

struct StatsOf {
  const double* x;
  void operator()(int i, Stats& s) const {
    s.sum += x[i];
    s.count += 1;
    if (x[i] > s.max)
      s.max = x[i];
  }
};

struct Norm {
  using value_type = double;
  const double* x;
  void operator()(int i, double& s) const { s += x[i] * x[i]; }
  void init(double& s) const { s = 0; }
  void join(double& dst, const double& src) const { dst += src; }
  void final(double& s) const { s = std::sqrt(s); }
};

struct Product {
  using value_type = double;
  const double* x;
  void operator()(int i, double& p) const { p *= 1.0 + x[i] * 1e-3; }
  void init(double& p) const { p = 1; }
  void join(double& dst, const double& src) const { dst *= src; }
};

struct Counted {
  const double* x;
  void operator()(int i, long& c) const { c += x[i] > 0; }
  void final(long& c) const { c = -c; }
};

void print(const char* what, const Stats& s) {
  std::printf("%s: sum %.17g count %ld max %.17g\n", what, s.sum, s.count, s.max);
}

int main() {
  const int n = 5003, rows = 23, cols = 97;
  double* x = hpp::alloc<double>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) x[i] = (i * 7919 % 1013) * 0.01 - 5;

  Stats a;
  hpp::parallel_reduce(
      "stats", n,
      [=](int i, Stats& s) {
        s.sum += x[i];
        s.count += 1;
        if (x[i] > s.max)
          s.max = x[i];
      },
      StatsReducer(a));
  print("lambda", a);

  Stats b;
  hpp::parallel_reduce(hpp::RangePolicy(10, n - 10), StatsOf{x}, StatsReducer(b));
  print("functor", b);

  Stats e;
  hpp::parallel_reduce(0, StatsOf{x}, StatsReducer(e));
  print("empty", e);

  // Beside a built-in reducer.
  Stats c;
  double lo = 0;
  hpp::parallel_reduce(
      n,
      [=](int i, Stats& s, double& m) {
        s.sum += 2 * x[i];
        s.count += i % 2;
        if (x[i] > s.max)
          s.max = x[i];
        if (x[i] < m)
          m = x[i];
      },
      StatsReducer(c), hpp::Min<double>(lo));
  print("with min", c);
  std::printf("min %.17g\n", lo);

  // At team level, and in a TeamThreadRange in the team body.
  Stats t;
  hpp::parallel_reduce(
      hpp::TeamPolicy(rows, hpp::AUTO),
      [=](const hpp::TeamMember& m, Stats& s) {
        const int r = m.league_rank();
        Stats row;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(m, cols),
            [&](int j, Stats& q) {
              const double v = x[r * cols + j];
              q.sum += v;
              q.count += 1;
              if (v > q.max)
                q.max = v;
            },
            StatsReducer(row));
        s.sum += row.sum;
        s.count += row.count;
        if (row.max > s.max)
          s.max = row.max;
      },
      StatsReducer(t));
  print("team", t);

  double norm = -1;
  hpp::parallel_reduce(n, Norm{x}, norm);
  std::printf("norm %.17g\n", norm);
  double prod = 0;
  hpp::parallel_reduce("product", n, Product{x}, prod);
  std::printf("product %.17g\n", prod);
  long positive = 0;
  hpp::parallel_reduce(n, Counted{x}, positive);
  std::printf("negated positives %ld\n", positive);
  hpp::free(x);
  return 0;
}
