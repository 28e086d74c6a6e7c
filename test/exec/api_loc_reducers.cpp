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

// MinLoc, MaxLoc, MinMax and MinMaxLoc reducers with the API, the
// accumulators declared with the reducers' value_type (.val/.loc,
// .min_val/.max_val, .min_loc/.max_loc). The data has many ties: the
// lowest location wins, whatever order partial results are joined in.
// Also: several of them in one call, next to a plain sum; an empty range
// (the identities); and an index range that starts past 0.
#include <cstdio>
#include <hpp/hpp.hpp>

using MinL = hpp::MinLoc<double, int>;
using MaxL = hpp::MaxLoc<double, int>;

void minloc(int n, const double* v, double& val, int& loc) {
  MinL::value_type r;
  hpp::parallel_reduce(
      n,
      [=](int i, MinL::value_type& m) {
        if (v[i] < m.val) {
          m.val = v[i];
          m.loc = i;
        }
      },
      MinL(r));
  val = r.val;
  loc = r.loc;
}

void maxloc(int lo, int hi, const double* v, double& val, int& loc) {
  hpp::MaxLoc<double, int>::value_type r;
  hpp::parallel_reduce(
      "maxloc", hpp::RangePolicy(lo, hi),
      [=](int i, hpp::MaxLoc<double, int>::value_type& m) {
        if (v[i] > m.val) {
          m.val = v[i];
          m.loc = i;
        }
      },
      hpp::MaxLoc<double, int>(r));
  val = r.val;
  loc = r.loc;
}

hpp::MinMax<long>::value_type minmax(int n, const long* w) {
  hpp::MinMax<long>::value_type r;
  hpp::parallel_reduce(
      n,
      [=](int i, hpp::MinMax<long>::value_type& m) {
        if (w[i] < m.min_val)
          m.min_val = w[i];
        if (w[i] > m.max_val)
          m.max_val = w[i];
      },
      hpp::MinMax<long>(r));
  return r;
}

hpp::MinMaxLoc<double, long>::value_type minmaxloc(int n, const double* v) {
  hpp::MinMaxLoc<double, long>::value_type r;
  hpp::parallel_reduce(
      n,
      [=](int i, hpp::MinMaxLoc<double, long>::value_type& m) {
        if (v[i] < m.min_val) {
          m.min_val = v[i];
          m.min_loc = i;
        }
        if (v[i] > m.max_val) {
          m.max_val = v[i];
          m.max_loc = i;
        }
      },
      hpp::MinMaxLoc<double, long>(r));
  return r;
}

// MinLoc, MaxLoc and a sum in one call.
double all(int n, const double* v, MinL::value_type& mn, MaxL::value_type& mx) {
  double s = 0;
  hpp::parallel_reduce(
      n,
      [=](int i, MinL::value_type& a, MaxL::value_type& b, double& sum) {
        if (v[i] < a.val) {
          a.val = v[i];
          a.loc = i;
        }
        if (v[i] > b.val) {
          b.val = v[i];
          b.loc = i;
        }
        sum += v[i];
      },
      MinL(mn), MaxL(mx), s);
  return s;
}

int main() {
  const int n = 5003;
  double* v = hpp::alloc<double>(n, hpp::Space::Shared);
  long* w = hpp::alloc<long>(n, hpp::Space::Shared);
  // Values in [-7, 7]: the extremes occur many times.
  for (int i = 0; i < n; ++i) {
    v[i] = (i * 31) % 15 - 7;
    w[i] = (i * 17) % 29 - 11;
  }
  double val;
  int loc;
  minloc(n, v, val, loc);
  std::printf("minloc %.17g at %d\n", val, loc);
  maxloc(0, n, v, val, loc);
  std::printf("maxloc %.17g at %d\n", val, loc);
  // Ties past the first occurrence: start in the middle.
  maxloc(2000, n, v, val, loc);
  std::printf("maxloc [2000, n) %.17g at %d\n", val, loc);
  // A single extreme value placed late, and one tie placed early.
  v[4321] = -100;
  v[17] = 100;
  v[3999] = 100;
  minloc(n, v, val, loc);
  std::printf("minloc unique %.17g at %d\n", val, loc);
  maxloc(0, n, v, val, loc);
  std::printf("maxloc tie %.17g at %d\n", val, loc);
  const auto mm = minmax(n, w);
  std::printf("minmax %ld %ld\n", mm.min_val, mm.max_val);
  const auto mml = minmaxloc(n, v);
  std::printf("minmaxloc %.17g at %ld, %.17g at %ld\n", mml.min_val, mml.min_loc, mml.max_val,
              mml.max_loc);
  MinL::value_type a;
  MaxL::value_type b;
  const double s = all(n, v, a, b);
  std::printf("all: min %.17g at %d max %.17g at %d sum %.17g\n", a.val, a.loc, b.val, b.loc, s);
  // Empty ranges: the identities (infinite values, the largest location).
  minloc(0, v, val, loc);
  std::printf("empty minloc %s at %d\n", val > 1e300 ? "+inf" : "finite", loc);
  const auto me = minmax(0, w);
  std::printf("empty minmax %ld %ld\n", me.min_val, me.max_val);
  hpp::free(v);
  hpp::free(w);
  return 0;
}
