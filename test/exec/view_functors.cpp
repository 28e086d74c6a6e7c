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

// Functors holding Views as members, Kokkos' way of writing reductions
// (value_type, operator(), init, join, final) and loop bodies. A GPU region
// runs on a copy of the functor made on the host; the views in it count no
// references on the device. Values are small multiples of 1/2, so every
// sum is exact in any order.
// - Extremes: a struct value_type (min, max, sum) over a rank-2 View
//   weighted by a rank-1 View, with its own init and join, into a plain
//   variable, into a rank-0 View and over an empty range (init's value);
// - MaxAbs: a double value_type with init and join, over a labelled
//   RangePolicy; Norm2: init, join and final;
// - RowTotals: a team functor with its own init and join, a nested
//   TeamThreadRange reduction through a range functor holding a View, and a
//   View element updated at team level (once per team);
// - Scale: a parallel_for functor holding Views and a UniqueToken;
// - Offsets: a parallel_scan functor reading one View and writing another.
#include <cmath>
#include <cstdio>
#include <hpp/hpp.hpp>

struct MinMaxSum {
  double lo, hi, sum;
};

struct Extremes {
  using value_type = MinMaxSum;
  hpp::View<const double, 2> A;
  hpp::View<const double, 1> w;
  void operator()(int r, MinMaxSum& v) const {
    for (int c = 0; c < int(A.extent(1)); ++c) {
      const double e = A(r, c) * w(c);
      if (e < v.lo)
        v.lo = e;
      if (e > v.hi)
        v.hi = e;
      v.sum += e;
    }
  }
  void init(MinMaxSum& v) const {
    v.lo = 1e300;
    v.hi = -1e300;
    v.sum = 0;
  }
  void join(MinMaxSum& a, const MinMaxSum& b) const {
    if (b.lo < a.lo)
      a.lo = b.lo;
    if (b.hi > a.hi)
      a.hi = b.hi;
    a.sum += b.sum;
  }
};

struct MaxAbs {
  using value_type = double;
  hpp::View<const double, 2> A;
  int col;
  void operator()(int r, double& m) const {
    const double a = std::fabs(A(r, col));
    if (a > m)
      m = a;
  }
  void init(double& m) const { m = 0; }
  void join(double& a, const double& b) const {
    if (b > a)
      a = b;
  }
};

struct Norm2 {
  using value_type = double;
  hpp::View<const double, 1> w;
  void operator()(int c, double& s) const { s += w(c) * w(c); }
  void init(double& s) const { s = 0; }
  void join(double& a, const double& b) const { a += b; }
  void final(double& s) const { s = std::sqrt(s); }
};

struct RowSum {
  hpp::View<const double, 2> A;
  int r;
  void operator()(int c, double& s) const { s += A(r, c); }
};

struct RowTotals {
  using value_type = double;
  hpp::View<const double, 2> A;
  hpp::View<double, 1> totals;
  void operator()(const hpp::TeamMember& t, double& best) const {
    const int r = t.league_rank();
    double row = 0;
    hpp::parallel_reduce(hpp::TeamThreadRange(t, int(A.extent(1))), RowSum{A, r}, row);
    totals(r) += row;
    if (row > best)
      best = row;
  }
  void init(double& best) const { best = -1e300; }
  void join(double& a, const double& b) const {
    if (b > a)
      a = b;
  }
};

struct Scale {
  hpp::View<double, 2> A;
  hpp::View<const double, 1> w;
  hpp::UniqueToken<> token;
  void operator()(int r) const {
    const int id = token.acquire();
    for (int c = 0; c < int(A.extent(1)); ++c)
      A(r, c) *= w(c);
    token.release(id);
  }
};

struct Offsets {
  hpp::View<const long, 1> counts;
  hpp::View<long, 1> starts;
  void operator()(int i, long& partial, bool final) const {
    if (final)
      starts(i) = partial;
    partial += counts(i);
  }
};

void print(const char* what, const MinMaxSum& v) {
  std::printf("%s: min %.17g max %.17g sum %.17g\n", what, v.lo, v.hi, v.sum);
}

int main() {
  const int rows = 301, cols = 67;
  hpp::View<double, 2> A("A", rows, cols);
  hpp::View<double, 1> w("w", cols), totals("totals", rows);
  hpp::View<long, 1> counts("counts", rows), starts("starts", rows);
  hpp::parallel_for(hpp::MDRangePolicy<2>({0, 0}, {rows, cols}),
                    [=](int r, int c) { A(r, c) = (r * 7 + c * 3) % 11 - 5; });
  hpp::parallel_for(cols, [=](int c) { w(c) = 0.5 + c % 4; });
  hpp::parallel_for(rows, [=](int r) { counts(r) = (r * 5) % 7; });

  MinMaxSum v;
  hpp::parallel_reduce(rows, Extremes{A, w}, v);
  print("extremes", v);
  hpp::View<MinMaxSum, 0> into("into");
  hpp::parallel_reduce("extremes", hpp::RangePolicy(10, rows - 10), Extremes{A, w}, into);
  MinMaxSum iv;
  hpp::deep_copy(iv, into);
  print("into a view", iv);
  MinMaxSum none;
  hpp::parallel_reduce(0, Extremes{A, w}, none);
  print("empty", none);

  double m = -1;
  hpp::parallel_reduce("maxabs", hpp::RangePolicy(0, rows), MaxAbs{A, 5}, m);
  double norm = -1;
  hpp::parallel_reduce(cols, Norm2{w}, norm);
  std::printf("max |A(r, 5)| %.17g norm(w) %.17g\n", m, norm);

  double best = 0;
  hpp::parallel_reduce(hpp::TeamPolicy(rows, hpp::AUTO), RowTotals{A, totals}, best);
  auto ht = hpp::create_mirror_view_and_copy(totals);
  double weighted = 0;
  for (int r = 0; r < rows; ++r)
    weighted += ht(r) * (r % 9 + 1);
  std::printf("best row %.17g totals %.17g %.17g weighted %.17g\n", best, ht(0), ht(rows - 1),
              weighted);

  hpp::parallel_for("scale", rows, Scale{A, w, hpp::UniqueToken<>()});
  hpp::parallel_reduce(rows, Extremes{A, w}, v);
  print("scaled", v);

  long total = -1;
  hpp::parallel_scan(rows, Offsets{counts, starts}, total);
  auto hs = hpp::create_mirror_view_and_copy(starts);
  long check = 0;
  for (int r = 0; r < rows; ++r)
    check += hs(r) * (r % 5 + 1);
  std::printf("scan total %ld starts %ld %ld %ld check %ld\n", total, hs(0), hs(1), hs(rows - 1),
              check);
  // The regions' copies of the functors counted nothing.
  std::printf("use counts %ld %ld\n", A.use_count(), w.use_count());
  return 0;
}
