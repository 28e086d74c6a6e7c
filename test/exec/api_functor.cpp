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

// Functor classes as bodies: operator() const with the index (parallel_for)
// or the index and accumulators (parallel_reduce, plain results), over an
// integer count, a RangePolicy with a label and a rank-2 MDRangePolicy.
// The functors hold pointers and scalars that the body reads. Results are
// plain variables and reducers, composite ones (MinLoc, MinMax) included.
#include <cstdio>
#include <hpp/hpp.hpp>

struct Axpy {
  double a;
  const double* x;
  double* y;
  void operator()(int i) const { y[i] += a * x[i]; }
};

struct Dot {
  const double* x;
  const double* y;
  void operator()(int i, double& s) const { s += x[i] * y[i]; }
};

// Two results: the sum of squares and the count of negatives.
class Stats {
public:
  Stats(const double* v, int offset) : v_(v), offset_(offset) {}
  void operator()(int i, double& sq, long& neg) const {
    const double e = v_[i] - offset_;
    sq += e * e;
    if (e < 0)
      neg += 1;
  }

private:
  const double* v_;
  int offset_;
};

// With reducers: a Max, a MinLoc (ties to the lowest index) and a MinMax.
struct Largest {
  const double* v;
  void operator()(int i, double& m) const { m = v[i] > m ? v[i] : m; }
};
struct Lowest {
  const double* v;
  void operator()(int i, hpp::MinLoc<double, int>::value_type& best) const {
    if (v[i] < best.val) {
      best.val = v[i];
      best.loc = i;
    }
  }
};
struct Range {
  const double* v;
  void operator()(int i, hpp::MinMax<double>::value_type& r, long& count) const {
    if (v[i] < r.min_val) r.min_val = v[i];
    if (v[i] > r.max_val) r.max_val = v[i];
    count += 1;
  }
};

struct Fill2 {
  int cols;
  double* m;
  void operator()(int i, int j) const { m[i * cols + j] = i - 2 * j; }
};

struct Sum2 {
  int cols;
  const double* m;
  void operator()(int i, int j, double& s) const { s += m[i * cols + j] * (j % 3); }
};

int main() {
  const int n = 4099, R = 31, C = 17;
  double* x = hpp::alloc<double>(n, hpp::Space::Shared);
  double* y = hpp::alloc<double>(n, hpp::Space::Shared);
  double* m = hpp::alloc<double>(R * C, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) {
    x[i] = i % 9 - 4;
    y[i] = i % 5;
  }
  hpp::parallel_for(n, Axpy{2.0, x, y});
  double cs = 0;
  for (int i = 0; i < n; ++i) cs += y[i] * (i % 7 + 1);
  std::printf("axpy checksum %.17g y[0] %.17g y[n-1] %.17g\n", cs, y[0], y[n - 1]);
  // Only [100, 200) is updated again.
  const Axpy ax{-1.0, x, y};
  hpp::parallel_for("axpy_part", hpp::RangePolicy(100, 200), ax);
  cs = 0;
  for (int i = 0; i < n; ++i) cs += y[i] * (i % 7 + 1);
  std::printf("axpy part checksum %.17g y[150] %.17g\n", cs, y[150]);
  double d = -5;
  hpp::parallel_reduce("dot", n, Dot{x, y}, d);
  std::printf("dot %.17g\n", d);
  double d2 = 0;
  hpp::parallel_reduce(hpp::RangePolicy(10, 20), Dot{x, y}, d2);
  std::printf("dot [10, 20) %.17g\n", d2);
  double sq = 0;
  long neg = 0;
  Stats st(x, 1);
  hpp::parallel_reduce(n, st, sq, neg);
  std::printf("stats sq %.17g neg %ld\n", sq, neg);
  hpp::parallel_for(hpp::MDRangePolicy<2>({0, 0}, {R, C}), Fill2{C, m});
  double s2 = 0;
  hpp::parallel_reduce(hpp::MDRangePolicy<2>({0, 0}, {R, C}, {4, 4}), Sum2{C, m}, s2);
  std::printf("md m[0] %.17g m[last] %.17g sum %.17g\n", m[0], m[R * C - 1], s2);
  double mx = 0;
  hpp::parallel_reduce(n, Largest{x}, hpp::Max<double>(mx));
  hpp::MinLoc<double, int>::value_type lo;
  hpp::parallel_reduce("lowest", n, Lowest{y}, hpp::MinLoc<double, int>(lo));
  hpp::MinMax<double>::value_type mm;
  long cnt = 0;
  hpp::parallel_reduce(hpp::RangePolicy(5, n - 5), Range{y}, hpp::MinMax<double>(mm), cnt);
  std::printf("max %.17g minloc %.17g at %d minmax %.17g %.17g count %ld\n", mx, lo.val, lo.loc,
              mm.min_val, mm.max_val, cnt);
  // Empty ranges.
  double e = 3;
  hpp::parallel_reduce(0, Dot{x, y}, e);
  std::printf("empty dot %.17g\n", e);
  hpp::free(x);
  hpp::free(y);
  hpp::free(m);
  return 0;
}
