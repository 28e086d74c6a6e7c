//===- PresentCudaTest.cu - Tests of the present table (map clauses) ------===//
/// \file
/// A standalone program like RuntimeCudaTest.cu (no GoogleTest on the device
/// machine): each case prints PASS or FAIL; any failure makes the exit status
/// non-zero. Cases name the case to run: `hpprt_cuda_present_tests update`.
/// Host data lives in std::vector (pageable memory), as in the programs
/// map clauses are for.
//===----------------------------------------------------------------------===//
#define HPP_BACKEND_CUDA 1
#include <hpp/hpp.hpp>
#include <hpprt/cuda/hpprt.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace rt = hpprt::cuda;
using rt::MapKind;

static int g_case_failures = 0;
#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      ++g_case_failures;                                                       \
      if (g_case_failures < 20)                                                \
        std::printf("    check failed at %s:%d: %s\n", __FILE__, __LINE__,     \
                    #cond);                                                    \
    }                                                                          \
  } while (0)

static bool contains(const std::string &s, const char *part) {
  return s.find(part) != std::string::npos;
}

// The stream the tests map on and launch on: the legacy default stream,
// which this file is compiled for.
static cudaStream_t stream() { return HPPRT_GPU_DEFAULT_STREAM; }

static rt::MapSite site(const char *item, int line = 12) {
  return rt::MapSite{"x.cpp", line, item};
}

// Message of what f throws, "" when it does not throw.
template <class F> static std::string error_of(F f) {
  try {
    f();
  } catch (const hpprt::Error &e) {
    return e.what();
  }
  return "";
}

__global__ void scale_kernel(double *p, std::int64_t lo, std::int64_t hi, double by) {
  const std::int64_t i = lo + blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x;
  if (i < hi)
    p[i] *= by;
}

// p[lo, hi) *= by on the device; p must be device-accessible.
static void scale(double *p, std::int64_t lo, std::int64_t hi, double by,
                  cudaStream_t s = stream()) {
  const std::int64_t n = hi - lo;
  scale_kernel<<<static_cast<unsigned>((n + 255) / 256), 256, 0, s>>>(p, lo, hi, by);
  CHECK(cudaGetLastError() == cudaSuccess);
}

static bool is_device_memory(const void *p) {
  cudaPointerAttributes a{};
  return cudaPointerGetAttributes(&a, p) == cudaSuccess && a.type == cudaMemoryTypeDevice;
}

static std::vector<double> iota_vector(std::size_t n) {
  std::vector<double> v(n);
  std::iota(v.begin(), v.end(), 1.0);
  return v;
}

static std::int64_t ranges() { return rt::detail::present_ranges.load(); }

// ---- cases -----------------------------------------------------------------

// Counts: a nested enter copies nothing; only the last exit copies back.
static void case_enter_exit_counts() {
  const std::int64_t n = 1000;
  std::vector<double> a = iota_vector(n);
  const rt::MapStats s0 = rt::map_stats();
  rt::map_enter(a.data(), 0, n, sizeof(double), MapKind::To, site("to: a[0:n]"), stream());
  rt::map_enter(a.data(), 0, n, sizeof(double), MapKind::ToFrom, site("tofrom: a[0:n]"),
                stream());
  const rt::MapStats s1 = rt::map_stats();
  CHECK(s1.to_device_copies - s0.to_device_copies == 1);
  CHECK(s1.to_device_bytes - s0.to_device_bytes == n * sizeof(double));
  CHECK(s1.allocations - s0.allocations == 1);
  double *d = rt::present(a.data());
  CHECK(d != a.data() && is_device_memory(d));
  scale(d, 0, n, 2.0);
  rt::map_exit(a.data(), 0, n, sizeof(double), MapKind::ToFrom, site("tofrom: a[0:n]"),
               stream());
  CHECK(a[5] == 6.0); // count 2 -> 1: still on the device only
  CHECK(rt::present(a.data()) == d);
  rt::map_exit(a.data(), 0, n, sizeof(double), MapKind::From, site("from: a[0:n]"),
               stream());
  const rt::MapStats s2 = rt::map_stats();
  CHECK(s2.to_host_copies - s1.to_host_copies == 1);
  CHECK(s2.to_host_bytes - s1.to_host_bytes == n * sizeof(double));
  CHECK(a[5] == 12.0 && a[n - 1] == 2.0 * n);
  CHECK(rt::present(a.data()) == a.data());
  CHECK(ranges() == 0);
}

// Data scopes nest: the inner one's section lies inside the outer range and
// is neither allocated nor copied again.
static void case_copy_once_nested() {
  const std::int64_t n = 4096;
  std::vector<double> a = iota_vector(n);
  const rt::MapStats s0 = rt::map_stats();
  {
    rt::DataScope outer("x.cpp", 9);
    outer.map(MapKind::ToFrom, a.data(), 0, n, "tofrom: a[0:n]");
    for (int rep = 0; rep < 3; ++rep) {
      rt::DataScope inner("x.cpp", 10);
      inner.map(MapKind::ToFrom, a.data(), 10, 20, "tofrom: a[10:20]");
      inner.map(MapKind::To, a.data(), 0, n, "to: a[0:n]");
      scale(rt::present_section(a.data(), 10), 10, 30, 2.0);
    }
    const rt::MapStats s1 = rt::map_stats();
    CHECK(s1.to_device_copies - s0.to_device_copies == 1);
    CHECK(s1.allocations - s0.allocations == 1);
    CHECK(s1.to_host_copies == s0.to_host_copies);
    CHECK(a[10] == 11.0); // not copied back by the inner scopes
  }
  const rt::MapStats s2 = rt::map_stats();
  CHECK(s2.to_host_copies - s0.to_host_copies == 1);
  CHECK(a[9] == 10.0 && a[10] == 88.0 && a[29] == 240.0 && a[30] == 31.0);
  CHECK(ranges() == 0);
}

static void case_partially_present() {
  std::vector<double> a = iota_vector(300);
  char begin[32];
  std::snprintf(begin, sizeof begin, "[%p, +800 bytes)", static_cast<void *>(a.data()));
  rt::map_enter(a.data(), 0, 100, sizeof(double), MapKind::To, site("to: a[0:100]", 9),
                stream());
  std::string msg = error_of([&] {
    rt::map_enter(a.data(), 50, 100, sizeof(double), MapKind::To,
                  site("to: a[50:100]"), stream());
  });
  std::printf("    %s\n", msg.c_str());
  CHECK(contains(msg, "hpp: map(to: a[50:100]) (x.cpp:12): the section ["));
  CHECK(contains(msg, ", +800 bytes) is partially present: it overlaps the mapped range "));
  CHECK(contains(msg, begin));
  CHECK(contains(msg, "mapped at x.cpp:9"));
  // A section that contains the present range is not inside it either.
  msg = error_of([&] {
    rt::map_enter(a.data(), 0, 300, sizeof(double), MapKind::ToFrom,
                  site("tofrom: a[0:300]"), stream());
  });
  CHECK(contains(msg, "is partially present"));
  msg = error_of([&] {
    rt::map_exit(a.data(), 99, 2, sizeof(double), MapKind::From, site("from: a[99:2]"),
                 stream());
  });
  CHECK(contains(msg, "map(from: a[99:2]) (x.cpp:12)") && contains(msg, "partially present"));
  // Adjacent sections do not overlap.
  rt::map_enter(a.data(), 100, 100, sizeof(double), MapKind::To, site("to: a[100:100]"),
                stream());
  CHECK(ranges() == 2);
  rt::map_exit(a.data(), 100, 100, sizeof(double), MapKind::Release, site("release"),
               stream());
  rt::map_exit(a.data(), 0, 100, sizeof(double), MapKind::Release, site("release"), stream());
  CHECK(ranges() == 0);
}

static void case_from_never_mapped() {
  std::vector<double> b(64, 1.0);
  const std::string msg = error_of([&] {
    rt::map_exit(b.data(), 0, 64, sizeof(double), MapKind::From, site("from: b[0:64]", 30),
                 stream());
  });
  std::printf("    %s\n", msg.c_str());
  CHECK(contains(msg, "hpp: map(from: b[0:64]) (x.cpp:30): the section [") &&
        contains(msg, "+512 bytes) is not present"));
  // release and delete of what is absent do nothing
  CHECK(error_of([&] {
          rt::map_exit(b.data(), 0, 64, sizeof(double), MapKind::Release,
                       site("release: b[0:64]"), stream());
          rt::map_exit(b.data(), 0, 64, sizeof(double), MapKind::Delete,
                       site("delete: b[0:64]"), stream());
        }).empty());
  // delete drops every reference at once, without copying back
  const rt::MapStats s0 = rt::map_stats();
  for (int i = 0; i < 3; ++i)
    rt::map_enter(b.data(), 0, 64, sizeof(double), MapKind::ToFrom, site("tofrom: b[0:64]"),
                  stream());
  rt::map_exit(b.data(), 0, 64, sizeof(double), MapKind::Delete, site("delete: b[0:64]"),
               stream());
  CHECK(ranges() == 0);
  CHECK(rt::map_stats().to_host_copies == s0.to_host_copies);
}

static void case_update() {
  const std::int64_t n = 512;
  std::vector<double> a = iota_vector(n);
  rt::map_enter(a.data(), 0, n, sizeof(double), MapKind::Alloc, site("alloc: a[0:n]"),
                stream());
  double *d = rt::present(a.data());
  rt::map_update(a.data(), 0, n, sizeof(double), true, site("device: a[0:n]"), stream());
  scale(d, 0, n, 3.0);
  const rt::MapStats s0 = rt::map_stats();
  rt::map_update(a.data(), 100, 10, sizeof(double), false, site("host: a[100:10]"),
                 stream());
  const rt::MapStats s1 = rt::map_stats();
  CHECK(s1.to_host_bytes - s0.to_host_bytes == 80 && s1.to_host_copies - s0.to_host_copies == 1);
  CHECK(a[99] == 100.0 && a[100] == 303.0 && a[109] == 330.0 && a[110] == 111.0);
  // update changes no count: one release frees the range, copying nothing
  rt::map_exit(a.data(), 0, n, sizeof(double), MapKind::Release, site("release: a[0:n]"),
               stream());
  CHECK(ranges() == 0 && rt::map_stats().to_host_copies == s1.to_host_copies);
  const std::string msg = error_of([&] {
    rt::map_update(a.data(), 0, n, sizeof(double), false, site("host: a[0:n]", 40), stream());
  });
  std::printf("    %s\n", msg.c_str());
  CHECK(contains(msg, "hpp: map(host: a[0:n]) (x.cpp:40)") && contains(msg, "is not present"));
}

static void case_bad_sizes() {
  std::vector<double> a(16);
  auto enter = [&](std::int64_t lo, std::int64_t len) {
    return error_of([&] {
      rt::map_enter(a.data(), lo, len, sizeof(double), MapKind::To, site("to: a[lo:len]"),
                    stream());
    });
  };
  std::string msg = enter(0, -1);
  std::printf("    %s\n", msg.c_str());
  CHECK(msg == "hpp: map(to: a[lo:len]) (x.cpp:12): the section has a negative length (-1)");
  msg = enter(-3, 4);
  CHECK(msg == "hpp: map(to: a[lo:len]) (x.cpp:12): the section has a negative lower bound (-3)");
  msg = enter(0, std::numeric_limits<std::int64_t>::max());
  std::printf("    %s\n", msg.c_str());
  CHECK(msg == "hpp: map(to: a[lo:len]) (x.cpp:12): the section's size overflows: lower "
               "bound 0, length 9223372036854775807, elements of 8 bytes");
  msg = enter(std::int64_t(1) << 60, std::int64_t(1) << 60);
  CHECK(contains(msg, "size overflows"));
  msg = error_of([&] {
    rt::map_enter(static_cast<double *>(nullptr), 0, 4, sizeof(double), MapKind::To,
                  site("to: p[0:4]"), stream());
  });
  CHECK(msg == "hpp: map(to: p[0:4]) (x.cpp:12): the section's base pointer is null");
  // Zero-length sections are no-ops.
  const rt::MapStats s0 = rt::map_stats();
  CHECK(enter(4, 0).empty());
  CHECK(ranges() == 0 && rt::map_stats().allocations == s0.allocations);
  CHECK(error_of([&] {
          rt::map_exit(a.data(), 4, 0, sizeof(double), MapKind::From, site("from: a[4:0]"),
                       stream());
        }).empty());
  // Release and delete are not entry map types.
  CHECK(contains(error_of([&] {
                   rt::map_enter(a.data(), 0, 1, sizeof(double), MapKind::Delete,
                                 site("delete: a[0:1]"), stream());
                 }),
                 "exit map types"));
}

// More than the device has: the message names the bytes asked for and free.
static void case_out_of_memory() {
  std::vector<char> a(16);
  const std::int64_t huge = std::int64_t(1) << 50;
  const std::string msg = error_of([&] {
    rt::map_enter(a.data(), 0, huge, 1, MapKind::Alloc, site("alloc: a[0:huge]"), stream());
  });
  std::printf("    %s\n", msg.c_str());
  CHECK(contains(msg, "hpp: map(alloc: a[0:huge]) (x.cpp:12): cannot allocate "
                      "1125899906842624 bytes of device memory for the section (") &&
        contains(msg, " bytes free of "));
  CHECK(ranges() == 0);
}

// Device and managed memory are never mapped or copied.
static void case_device_accessible() {
  const std::int64_t n = 256;
  double *dev = hpp::alloc<double>(n, hpp::Space::Device);
  double *shared = hpp::alloc<double>(n, hpp::Space::Shared);
  double *raw = nullptr;
  cudaMalloc(&raw, n * sizeof(double));
  const rt::MapStats s0 = rt::map_stats();
  for (double *p : {dev, shared, raw}) {
    rt::map_enter(p, 0, n, sizeof(double), MapKind::ToFrom, site("tofrom: p[0:n]"), stream());
    CHECK(rt::present(p) == p && rt::present_section(p, 3) == p);
    rt::map_update(p, 0, n, sizeof(double), false, site("host: p[0:n]"), stream());
    rt::map_exit(p, 0, n, sizeof(double), MapKind::ToFrom, site("tofrom: p[0:n]"), stream());
    rt::map_exit(p, 0, n, sizeof(double), MapKind::From, site("from: p[0:n]"), stream());
  }
  const rt::MapStats s1 = rt::map_stats();
  CHECK(s1.allocations == s0.allocations && s1.to_device_copies == s0.to_device_copies &&
        s1.to_host_copies == s0.to_host_copies);
  CHECK(ranges() == 0);
  hpp::free(dev);
  hpp::free(shared);
  cudaFree(raw);
}

// present() and present_section() for a section that starts at lo > 0.
static void case_present_translation() {
  const std::int64_t n = 400, lo = 100, len = 50;
  std::vector<double> a = iota_vector(n);
  double *h = a.data();
  CHECK(rt::present(h + lo) == h + lo); // nothing mapped: unchanged
  rt::map_enter(h, lo, len, sizeof(double), MapKind::ToFrom, site("tofrom: a[100:50]"),
                stream());
  double *d = rt::present(h + lo);
  CHECK(d != h + lo && is_device_memory(d));
  CHECK(rt::present(h + lo + len - 1) == d + len - 1);
  CHECK(rt::present(h + lo + len) == h + lo + len); // one past the end
  CHECK(rt::present(h) == h);                       // before the range
  const double *cd = rt::present(static_cast<const double *>(h + lo + 7));
  CHECK(cd == d + 7);
  double *base = rt::present_section(h, lo);
  CHECK(reinterpret_cast<std::uintptr_t>(base) ==
        reinterpret_cast<std::uintptr_t>(d) - lo * sizeof(double));
  // A kernel indexes the section as the user wrote it: base[lo .. lo+len).
  scale(base, lo, lo + len, -1.0);
  rt::map_exit(h, lo, len, sizeof(double), MapKind::ToFrom, site("tofrom: a[100:50]"),
               stream());
  CHECK(a[99] == 100.0 && a[100] == -101.0 && a[149] == -150.0 && a[150] == 151.0);
  CHECK(ranges() == 0);
}

// A region that copies *this reaches pointer members with the host
// addresses the copy holds: inside mapped data that is an error naming
// the member (the kernel would miss the device copy); device memory and
// null pass.
static void case_member_pointer() {
  const std::int64_t n = 64;
  std::vector<double> a = iota_vector(n);
  double *h = a.data();
  rt::map_enter(h, 0, n, sizeof(double), MapKind::ToFrom, site("tofrom: x[0:64]"), stream());
  rt::Launch cfg("scale_L12", "field.cpp", 12);
  std::string msg;
  try {
    cfg.check_member_pointer(h + 3, "x");
  } catch (const std::exception &e) {
    msg = e.what();
  }
  CHECK(msg.find("member 'x' points into data mapped to the device") != std::string::npos &&
        msg.find("'scale_L12' (field.cpp:12)") != std::string::npos);
  bool threw = false;
  double *d = hpp::alloc<double>(n, hpp::Space::Device);
  try {
    cfg.check_member_pointer(d, "y");
    cfg.check_member_pointer(static_cast<const double *>(nullptr), "z");
  } catch (const std::exception &) {
    threw = true;
  }
  CHECK(!threw);
  hpp::free(d);
  rt::map_exit(h, 0, n, sizeof(double), MapKind::ToFrom, site("tofrom: x[0:64]"), stream());
  CHECK(ranges() == 0);
}

// A scope exits its items in reverse order: here the to item (a release)
// first, then the tofrom item, which copies back. In the other order the
// tofrom exit would leave a count of one and the release would free the
// range without copying.
static void case_data_scope() {
  const std::int64_t n = 300;
  std::vector<double> a = iota_vector(n);
  {
    rt::DataScope scope("x.cpp", 50);
    scope.map(MapKind::ToFrom, a.data(), 0, n, "tofrom: a[0:n]");
    scope.map(MapKind::To, a.data(), 0, n, "to: a[0:n]");
    scale(rt::present(a.data()), 0, n, 2.0);
  }
  CHECK(a[0] == 2.0 && a[n - 1] == 2.0 * n);
  CHECK(ranges() == 0);
  // Ended by an exception: released, nothing copied back.
  const rt::MapStats s0 = rt::map_stats();
  try {
    rt::DataScope scope("x.cpp", 60);
    scope.map(MapKind::ToFrom, a.data(), 0, n, "tofrom: a[0:n]");
    scale(rt::present(a.data()), 0, n, 2.0);
    throw std::runtime_error("region failed");
  } catch (const std::runtime_error &) {
  }
  CHECK(ranges() == 0 && rt::map_stats().to_host_copies == s0.to_host_copies);
  CHECK(a[0] == 2.0);
  // A map item that fails leaves the items before it to the destructor.
  std::vector<double> b(10);
  const std::string msg = error_of([&] {
    rt::DataScope scope("x.cpp", 70);
    scope.map(MapKind::To, a.data(), 0, n, "to: a[0:n]");
    scope.map(MapKind::To, b.data(), 0, -1, "to: b[0:-1]");
  });
  CHECK(contains(msg, "map(to: b[0:-1]) (x.cpp:70)"));
  CHECK(ranges() == 0);
  // const data cannot be mapped from.
  const double *ca = a.data();
  const std::string cmsg = error_of([&] {
    rt::DataScope scope("x.cpp", 80);
    scope.map(MapKind::ToFrom, ca, 0, n, "tofrom: ca[0:n]");
  });
  std::printf("    %s\n", cmsg.c_str());
  CHECK(contains(cmsg, "hpp: map(tofrom: ca[0:n]) (x.cpp:80): the data is const"));
  CHECK(ranges() == 0);
}

__global__ void span_kernel(rt::DeviceSpan<double> out, rt::DeviceSpan<const double> in) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < out.size() && !in.empty())
    out[i] = in[i] + in.front() + in.back() + (in.end() - in.begin());
}

static void case_device_span() {
  const std::size_t n = 100;
  std::vector<double> in = iota_vector(n), out(n, 0.0);
  rt::DataScope scope("x.cpp", 90);
  scope.map(MapKind::To, in.data(), 0, n, "to: in");
  scope.map(MapKind::From, out.data(), 0, n, "from: out");
  rt::DeviceSpan<const double> sin{rt::present(static_cast<const double *>(in.data())), n};
  rt::DeviceSpan<double> sout{rt::present(out.data()), n};
  CHECK(sin.size() == n && sout.data() != out.data());
  span_kernel<<<1, 128, 0, stream()>>>(sout, sin);
  CHECK(cudaGetLastError() == cudaSuccess);
  rt::map_update(out.data(), 0, n, sizeof(double), false, site("host: out"), stream());
  CHECK(out[0] == 1.0 + 1.0 + 100.0 + 100.0 && out[99] == 100.0 + 201.0);
}

// Host threads map distinct ranges at once, each on its own stream, while
// looking up the others' ranges.
static void case_threads() {
  constexpr int threads = 8, reps = 25;
  const std::int64_t n = 1 << 14;
  std::vector<std::vector<double>> data(threads, std::vector<double>(n, 1.0));
  std::atomic<int> failures{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      cudaStream_t s = nullptr;
      cudaStreamCreate(&s);
      try {
        for (int r = 0; r < reps; ++r) {
          rt::DataScope scope("threads.cpp", t, s);
          scope.map(MapKind::ToFrom, data[t].data(), 0, n, "tofrom: d[0:n]");
          double *d = rt::present(data[t].data());
          if (d == data[t].data())
            ++failures;
          scale_kernel<<<(n + 255) / 256, 256, 0, s>>>(d, 0, n, 2.0);
          for (int o = 0; o < threads; ++o) // others' lookups race with their maps
            (void)rt::present(data[o].data() + r);
        }
      } catch (const std::exception &e) {
        std::printf("    thread %d: %s\n", t, e.what());
        ++failures;
      }
      cudaStreamDestroy(s);
    });
  for (std::thread &th : pool)
    th.join();
  CHECK(failures.load() == 0);
  for (int t = 0; t < threads; ++t)
    CHECK(data[t][0] == double(1 << reps) && data[t][n - 1] == double(1 << reps));
  CHECK(ranges() == 0);
}

// Run with HPP_DEBUG_MAP=1 by present-cuda.test, which checks the log.
static void case_debug_log() {
  std::vector<double> a(1000, 1.0);
  rt::DataScope outer("log.cpp", 7);
  outer.map(MapKind::ToFrom, a.data(), 0, 1000, "tofrom: a[0:n]");
  rt::DataScope inner("log.cpp", 8);
  inner.map(MapKind::To, a.data(), 0, 1000, "to: a[0:n]");
  rt::map_update(a.data(), 0, 10, sizeof(double), false, site("host: a[0:10]", 9), stream());
}

int main(int argc, char **argv) {
  std::vector<std::string> only(argv + 1, argv + argc);
  struct Case {
    const char *name;
    void (*fn)();
  } cases[] = {
      {"enter_exit_counts", case_enter_exit_counts},
      {"copy_once_nested", case_copy_once_nested},
      {"partially_present", case_partially_present},
      {"from_never_mapped", case_from_never_mapped},
      {"update", case_update},
      {"bad_sizes", case_bad_sizes},
      {"out_of_memory", case_out_of_memory},
      {"device_accessible", case_device_accessible},
      {"present_translation", case_present_translation},
      {"member_pointer", case_member_pointer},
      {"data_scope", case_data_scope},
      {"device_span", case_device_span},
      {"threads", case_threads},
      {"debug_log", case_debug_log},
  };
  int failed = 0, ran = 0;
  for (const Case &c : cases) {
    if (!only.empty() && std::find(only.begin(), only.end(), c.name) == only.end())
      continue;
    g_case_failures = 0;
    ++ran;
    try {
      c.fn();
    } catch (const std::exception &e) {
      std::printf("    exception: %s\n", e.what());
      ++g_case_failures;
    }
    std::printf("%s %s\n", g_case_failures ? "FAIL" : "PASS", c.name);
    std::fflush(stdout);
    failed += g_case_failures != 0;
  }
  std::printf("%d of %d cases failed\n", failed, ran);
  return failed ? 1 : 0;
}
