//===- main.cu - Cost of the present table ---------------------------------===//
/// \file
/// What map clauses add to a launch (issue 14: <= 1 us per launch with 16
/// mapped ranges): present() with nothing mapped and with 16 ranges, from
/// one and from several host threads, and the enter + exit of an item that
/// an enclosing data region already holds (a region's map clause inside
/// `hpp data`). Prints ns per operation, best of five runs.
//===----------------------------------------------------------------------===//
#define HPP_BACKEND_CUDA 1
#include <hpp/hpp.hpp>
#include <hpprt/cuda/hpprt.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

namespace rt = hpprt::cuda;

template <class F> static double best_ns(long ops, F f) {
  double best = 1e30;
  for (int run = 0; run < 5; ++run) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count() / ops);
  }
  return best;
}

static std::uintptr_t sink = 0; // keeps lookups from being optimised away

static void lookups(const std::vector<std::vector<double>> &data, long n) {
  std::uintptr_t acc = 0;
  for (long i = 0; i < n; ++i) {
    const double *p = data[i & 15].data() + (i & 511);
    acc += reinterpret_cast<std::uintptr_t>(rt::present(p));
  }
  sink += acc;
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? std::atol(argv[1]) : 2000000;
  cudaFree(nullptr); // context creation outside the timings
  std::vector<std::vector<double>> data(16, std::vector<double>(1024, 1.0));
  std::printf("present() with nothing mapped: %.1f ns\n",
              best_ns(n, [&] { lookups(data, n); }));
  rt::DataScope region("bench.cpp", 1);
  for (auto &v : data)
    region.map(rt::MapKind::ToFrom, v.data(), 0, 1024, "tofrom: v[0:1024]");
  std::printf("present() with 16 ranges, 1 thread: %.1f ns\n",
              best_ns(n, [&] { lookups(data, n); }));
  for (int threads : {4, 8}) {
    const double ns = best_ns(n, [&] {
      std::vector<std::thread> pool;
      for (int t = 0; t < threads; ++t)
        pool.emplace_back([&] { lookups(data, n / threads); });
      for (auto &th : pool)
        th.join();
    });
    // per lookup of one thread: wall time over the lookups each thread made
    std::printf("present() with 16 ranges, %d threads at once: %.1f ns per lookup\n",
                threads, ns * threads);
  }
  const long m = n / 20;
  const double enter_exit = best_ns(m, [&] {
    for (long i = 0; i < m; ++i) {
      rt::DataScope inner("bench.cpp", 2);
      inner.map(rt::MapKind::ToFrom, data[i & 15].data(), 0, 1024, "tofrom: v[0:1024]");
    }
  });
  std::printf("enter + exit of an item already present (16 ranges): %.1f ns\n", enter_exit);
  // A launch with 4 mapped pointers inside a data region: 4 enters and
  // exits of present items and 4 lookups.
  const double launch = best_ns(m, [&] {
    for (long i = 0; i < m; ++i) {
      rt::DataScope inner("bench.cpp", 3);
      std::uintptr_t acc = 0;
      for (int k = 0; k < 4; ++k) {
        inner.map(rt::MapKind::ToFrom, data[(i + k) & 15].data(), 0, 1024, "tofrom: v");
        acc += reinterpret_cast<std::uintptr_t>(rt::present(data[(i + k) & 15].data()));
      }
      sink += acc;
    }
  });
  std::printf("a launch's 4 map items + 4 lookups inside a data region: %.1f ns\n", launch);
  // Without a data region: allocation and copies each way every time.
  std::vector<double> big(1 << 17, 1.0); // 1 MiB
  const long k = 200;
  const double unmapped = best_ns(k, [&] {
    for (long i = 0; i < k; ++i) {
      rt::DataScope inner("bench.cpp", 4);
      inner.map(rt::MapKind::ToFrom, big.data(), 0, big.size(), "tofrom: big");
    }
  });
  std::printf("tofrom of 1 MiB not present (alloc, copy in, copy out, free): %.1f us\n",
              unmapped / 1000.0);
  const rt::MapStats s = rt::map_stats();
  std::printf("map_stats: %llu allocations, %llu copies to device, %llu to host\n",
              (unsigned long long)s.allocations, (unsigned long long)s.to_device_copies,
              (unsigned long long)s.to_host_copies);
  return sink == 1 ? 1 : 0;
}
