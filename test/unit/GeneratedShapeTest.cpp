//===- GeneratedShapeTest.cpp - The runtime as the OpenMP emitter uses it -===//
// Hand-written code in the shape hppc --backend=openmp produces, using only
// the umbrella header: a flat loop with a sum reduction and a team loop with
// per-team scratch. Guards the API contract between translator and runtime.
#include <hpprt/openmp/hpprt.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {

TEST(GeneratedShape, FlatLoopWithReduction) {
  // for (unsigned i = 100; i >= 1; i -= 3) s += x[i];  reduction(+: s)
  std::vector<double> x(101);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = 0.5 * double(i);
  double s = 10, serial = 10;
  for (unsigned i = 100; i >= 1 && i <= 100; i -= 3)
    serial += x[i];

  const unsigned lb = 100, ub = 1;
  const long long step = -3;
  {
    hpprt::RegionScope hpp_region("sum_loop");
    const hpprt::index_t hpp_n =
        hpprt::trip_count<hpprt::Cmp::Ge>(lb, ub, step);
    hpprt::Partials<hpprt::Sum, double> hpp_red_s_partials;
    double& hpp_red_s = s;
#pragma omp parallel
    {
      const hpprt::Chunk hpp_c = hpprt::omp::this_thread_chunk(hpp_n);
      auto s_local = hpprt::identity_like<hpprt::Sum>(hpp_red_s);
      for (hpprt::index_t hpp_iv = hpp_c.begin; hpp_iv < hpp_c.end; ++hpp_iv) {
        const unsigned i = hpprt::index_at(lb, hpp_iv, step);
        s_local += x[i];
      }
      hpp_red_s_partials.put(hpprt::omp::rank(), s_local);
    }
    hpp_red_s_partials.combine_into(hpp_red_s);
  }
  EXPECT_DOUBLE_EQ(s, serial);
}

TEST(GeneratedShape, TeamLoopWithScratch) {
  // hpp team: for (int t = 0; t < 37; ++t) { hpp scratch double a[n]; int b[3];
  // ... }
  const int league = 37, n = 50;
  std::vector<double> out(league);
  const std::size_t off_a = 0;
  const std::size_t off_b =
      hpprt::align_up(off_a + sizeof(double) * n, alignof(int));
  const std::size_t bytes = off_b + sizeof(int) * 3;
  const hpprt::index_t hpp_n = hpprt::trip_count<hpprt::Cmp::Lt>(0, league, 1);
#pragma omp parallel
  {
    char* hpp_scratch = hpprt::thread_scratch(bytes);
    const hpprt::Chunk c = hpprt::omp::this_thread_chunk(hpp_n);
    for (hpprt::index_t iv = c.begin; iv < c.end; ++iv) {
      const int t = hpprt::index_at(0, iv, 1);
      double* a = reinterpret_cast<double*>(hpp_scratch + off_a);
      int* b = reinterpret_cast<int*>(hpp_scratch + off_b);
      for (int k = 0; k < n; ++k)
        a[k] = t + k;
      b[0] = t;
      double sum = 0;
      for (int k = 0; k < n; ++k)
        sum += a[k];
      out[std::size_t(t)] = sum + b[0];
    }
  }
  for (int t = 0; t < league; ++t)
    EXPECT_EQ(out[std::size_t(t)], double(n) * t + n * (n - 1) / 2.0 + t);
}

} // namespace
