// Times the three Jacobi variants of jacobi_hpp.cpp (median of repeats,
// wall clock around each whole variant, results cross-checked) and the
// present-table lookup cost, and prints a table.
#include "jacobi.hpp"
#include <hpp/hpp.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static void init(int n, double *a, double *b) {
  for (int i = 0; i < n * n; ++i)
    a[i] = b[i] = (i % 17) * 0.0625;
}

static double checksum(int n, const double *a) {
  double s = 0;
  for (int i = 0; i < n * n; ++i)
    s += a[i] * ((i % 7) + 1);
  return s;
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 4096;
  const int iters = argc > 2 ? std::atoi(argv[2]) : 100;
  const int reps = argc > 3 ? std::atoi(argv[3]) : 5;
  const size_t bytes = size_t(n) * n * sizeof(double);
  double *ha = static_cast<double *>(std::malloc(bytes));
  double *hb = static_cast<double *>(std::malloc(bytes));
  double *da = hpp::alloc<double>(size_t(n) * n, hpp::Space::Device);
  double *db = hpp::alloc<double>(size_t(n) * n, hpp::Space::Device);
  std::vector<double> tmp(size_t(n) * n);

  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  std::vector<double> t_data, t_dev, t_launch, l_data, l_dev;
  double sum_data = 0, sum_dev = 0, sum_launch = 0;
  for (int r = 0; r < reps + 1; ++r) {
    init(n, ha, hb);
    double t0 = now();
    double loop_data = jacobi_data_region(n, iters, ha, hb);
    double t1 = now();
    sum_data = checksum(n, ha);

    init(n, tmp.data(), tmp.data());
    hpp::deep_copy(da, tmp.data(), bytes);
    hpp::deep_copy(db, tmp.data(), bytes);
    hpp::fence();
    double t2 = now();
    hpp::deep_copy(da, tmp.data(), bytes); // the same copies the data region makes
    hpp::deep_copy(db, tmp.data(), bytes);
    double loop_dev = jacobi_device(n, iters, da, db);
    hpp::deep_copy(tmp.data(), da, bytes);
    hpp::deep_copy(tmp.data(), db, bytes);
    hpp::fence();
    double t3 = now();
    hpp::deep_copy(tmp.data(), da, bytes);
    hpp::fence();
    sum_dev = checksum(n, tmp.data());

    double t4 = t3, t5 = t3;
    if (r < 2) { // per-launch copies are slow: two runs are enough
      init(n, ha, hb);
      t4 = now();
      jacobi_per_launch(n, iters, ha, hb);
      t5 = now();
      sum_launch = checksum(n, ha);
    }
    if (r == 0)
      continue; // warm-up
    t_data.push_back(t1 - t0);
    t_dev.push_back(t3 - t2);
    l_data.push_back(loop_data);
    l_dev.push_back(loop_dev);
    if (r < 2)
      t_launch.push_back(t5 - t4);
  }
  double md = median(t_data), mv = median(t_dev), ml = median(t_launch);
  double ld = median(l_data), lv = median(l_dev);
  std::printf("Jacobi %dx%d, %d iterations (2 sweeps each), median of %d\n", n, n, iters, reps);
  std::printf("%-52s %12s %10s\n", "variant", "time (ms)", "ratio");
  std::printf("%-52s %12.3f %10.3f\n", "loop on hpp::alloc(Space::Device)", lv * 1e3, 1.0);
  std::printf("%-52s %12.3f %10.3f\n", "loop inside one hpp data region (malloc memory)", ld * 1e3, ld / lv);
  std::printf("%-52s %12.3f %10.3f\n", "Device: copies in + loop + copies out (deep_copy)", mv * 1e3, 1.0);
  std::printf("%-52s %12.3f %10.3f\n", "data region: entry copies + loop + exit copies", md * 1e3, md / mv);
  std::printf("%-52s %12.3f %10.3f\n", "map clause per region, no data region", ml * 1e3, ml / mv);
  bool same = std::fabs(sum_data - sum_dev) <= 1e-9 * std::fabs(sum_dev) &&
              std::fabs(sum_launch - sum_dev) <= 1e-9 * std::fabs(sum_dev);
  std::printf("checksums %.12e %.12e %.12e: %s\n", sum_dev, sum_data, sum_launch,
              same ? "match" : "MISMATCH");
  hpp::free(da);
  hpp::free(db);
  std::free(ha);
  std::free(hb);
  return same ? 0 : 1;
}
