// Driver of the kernel suite, one source for both binaries: compiled by nvcc
// with -DSUITE_CUDA (CUDA binary: every array device-only, the inputs and
// hpp's outputs from hpp::alloc(Space::Device), the hand version's outputs
// from cudaMalloc; CUDA-event timing) or by a host
// compiler with OpenMP (std::chrono::steady_clock timing). For every kernel
// and size class it runs the hpp version (hpp_*, or api_* for the
// hpp::parallel_* forms) and the hand-written one (base_*) once from the same
// inputs, cross-checks their outputs (bitwise equality or a relative
// tolerance, see Checker), then times both: 2 warm-up calls each, then `reps`
// calls each, alternating which goes first; the table shows medians.
// A CUDA call is timed with events recorded around it on the default stream,
// so host-side work inside the call counts (an hpp region's planning and
// waits, the hand version's result copy for a reduction).
//
// Usage: suite [--reps N] [--sizes n1,n2,...] [--only k1,k2,...] [--csv]
//              [--no-api] [--queued]
//   --queued (CUDA): each timed call is queued behind a 40 µs kernel that
//   is launched before the first event, so the host's work before the
//   call's first launch overlaps it and the time is the device's alone
//   (work the host does after a launch still counts: waits for results).
//   --only also names controls, rows outside the suite that run only when
//   named and stay out of the geometric means: scan/swapped, scan/inplace,
//   heat_3d/tile, nested_init/tile, vol3d/tile, diffusion3d/tile.
//   --sizes: target element counts of the size classes (default 2^20,2^23,2^25
//   on CUDA, 2^16,2^20,2^23 on OpenMP); each kernel derives its dimensions
//   from the count (n for 1-D loops, sqrt(n) per side for 2-D, cbrt for 3-D).
//   --csv: also print one `csv,...` line per row (header line `csv,kernel,...`).
// Exit status: 1 when any cross-check failed (each failure is printed).
#ifdef SUITE_CUDA
#define HPP_BACKEND_CUDA 1
#include <cuda_runtime.h>

#include "../cuda/queue_behind.cuh"
#endif
#include <hpp/hpp.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#ifndef SUITE_CUDA
#include <omp.h>
#endif

#include "suite.hpp"

namespace {

#ifdef SUITE_CUDA
#define CK(call)                                                                         \
  do {                                                                                   \
    cudaError_t e_ = (call);                                                             \
    if (e_ != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                 \
                   cudaGetErrorString(e_));                                              \
      std::exit(2);                                                                      \
    }                                                                                    \
  } while (0)
#define HD __host__ __device__
#else
#define HD
#endif

int g_reps = 0;
bool g_csv = false;
int g_failures = 0;

// ---- inputs: a hash of (seed, i), the same on host and device ----------------------
HD inline std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}
// A value in [lo, hi) on a grid of (hi - lo) / 2^20: sums of up to 2^30 such
// values are exact in double, so scans compare exactly in any order.
HD inline double dval(std::uint32_t seed, long i, double lo, double hi) {
  const double u = static_cast<double>(mix(i * 0x9e3779b97f4a7c15ull + seed) >> 44) / 1048576.0;
  return lo + (hi - lo) * u;
}
HD inline int ival(std::uint32_t seed, long i, int lo, int hi) {
  return lo + static_cast<int>(mix(i * 0x9e3779b97f4a7c15ull + seed) % std::uint64_t(hi - lo));
}

#ifdef SUITE_CUDA
__global__ void fill_d(double* p, long n, std::uint32_t seed, double lo, double hi) {
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    p[i] = dval(seed, i, lo, hi);
}
__global__ void fill_i(int* p, long n, std::uint32_t seed, int lo, int hi) {
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    p[i] = ival(seed, i, lo, hi);
}
void fill(double* p, long n, std::uint32_t seed, double lo, double hi) {
  fill_d<<<2048, 256>>>(p, n, seed, lo, hi);
  CK(cudaGetLastError());
}
void fill(int* p, long n, std::uint32_t seed, int lo, int hi) {
  fill_i<<<2048, 256>>>(p, n, seed, lo, hi);
  CK(cudaGetLastError());
}
void sync() { CK(cudaDeviceSynchronize()); }
#else
void fill(double* p, long n, std::uint32_t seed, double lo, double hi) {
#pragma omp parallel for
  for (long i = 0; i < n; ++i)
    p[i] = dval(seed, i, lo, hi);
}
void fill(int* p, long n, std::uint32_t seed, int lo, int hi) {
#pragma omp parallel for
  for (long i = 0; i < n; ++i)
    p[i] = ival(seed, i, lo, hi);
}
void sync() {}
#endif

// ---- memory: every array of a case, freed when the case ends ---------------------------
std::vector<void*> g_live, g_live_cuda;
template <class T> T* dalloc(long n) {
  T* p = hpp::alloc<T>(static_cast<std::size_t>(n), hpp::Space::Device);
  g_live.push_back(p);
  return p;
}
void free_case() {
  sync();
  for (void* p : g_live)
    hpp::free(p);
  g_live.clear();
#ifdef SUITE_CUDA
  for (void* p : g_live_cuda)
    CK(cudaFree(p));
  g_live_cuda.clear();
#endif
}
template <class T> void put(T* d, const std::vector<T>& h) {
  hpp::deep_copy(d, h.data(), h.size() * sizeof(T));
}
template <class T> std::vector<T> get(const T* d, long n) {
  std::vector<T> h(n);
  hpp::deep_copy(h.data(), d, n * sizeof(T));
  return h;
}
// An input array with values in [lo, hi).
double* in(long n, std::uint32_t seed, double lo = -1.0, double hi = 1.0) {
  double* p = dalloc<double>(n);
  fill(p, n, seed, lo, hi);
  return p;
}
int* in_int(long n, std::uint32_t seed, int lo, int hi) {
  int* p = dalloc<int>(n);
  fill(p, n, seed, lo, hi);
  return p;
}
// An output (or in-out) array, one copy for each version, same contents.
template <class T> struct Out {
  T* h;
  T* b;
  long n;
};
// The hand version's copy: cudaMalloc on CUDA (hpp::alloc(Space::Device) is
// cudaMalloc too, but the hand side should not depend on hpp at all).
template <class T> T* base_alloc(long n) {
#ifdef SUITE_CUDA
  void* p = nullptr;
  CK(cudaMalloc(&p, n * sizeof(T)));
  g_live_cuda.push_back(p);
  return static_cast<T*>(p);
#else
  return dalloc<T>(n);
#endif
}
Out<double> out(long n, std::uint32_t seed, double lo = -1.0, double hi = 1.0) {
  Out<double> o{dalloc<double>(n), base_alloc<double>(n), n};
  fill(o.h, n, seed, lo, hi);
  fill(o.b, n, seed, lo, hi);
  return o;
}
Out<int> out_int(long n, std::uint32_t seed, int lo, int hi) {
  Out<int> o{dalloc<int>(n), base_alloc<int>(n), n};
  fill(o.h, n, seed, lo, hi);
  fill(o.b, n, seed, lo, hi);
  return o;
}

// ---- cross-check ---------------------------------------------------------------------
// Arrays compare element by element: equal, or |h - b| <= tol * max(|h|, |b|)
// (tol 0: bitwise). Scalars the same way. The text names the largest
// relative difference; any element outside the tolerance fails the case.
struct Checker {
  bool ok = true;
  double maxrel = 0;
  std::string why;
  void rel(double h, double b, double tol, const char* what) {
    if (h == b)
      return;
    const double d = std::fabs(h - b) / std::max(std::fabs(h), std::fabs(b));
    maxrel = std::max(maxrel, d == d ? d : 1e300);
    if (!(d <= tol)) {
      ok = false;
      if (why.empty()) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%s: hpp %.17g base %.17g", what, h, b);
        why = buf;
      }
    }
  }
  // A sanity bound against a known value; not part of maxrel.
  void near(double h, double ref, double tol, const char* what) {
    if (!(std::fabs(h - ref) <= tol * std::fabs(ref))) {
      if (ok)
        why = std::string(what) + ": " + std::to_string(h) + " vs " + std::to_string(ref);
      ok = false;
    }
  }
  void arr(const Out<double>& o, double tol, const char* what) {
    const long chunk = 1L << 22;
    for (long lo = 0; lo < o.n; lo += chunk) {
      const long m = std::min(chunk, o.n - lo);
      const std::vector<double> h = get(o.h + lo, m), b = get(o.b + lo, m);
      for (long i = 0; i < m; ++i) {
        if (h[i] == b[i] || (h[i] != h[i] && b[i] != b[i]))
          continue;
        const bool was = ok;
        rel(h[i], b[i], tol, what);
        if (was && !ok) {
          char buf[64];
          std::snprintf(buf, sizeof buf, " at [%ld]", lo + i);
          why += buf;
        }
      }
    }
  }
  void ints(const Out<int>& o, const char* what) {
    const std::vector<int> h = get(o.h, o.n), b = get(o.b, o.n);
    for (long i = 0; i < o.n; ++i)
      if (h[i] != b[i]) {
        if (ok)
          why = std::string(what) + "[" + std::to_string(i) + "]: hpp " + std::to_string(h[i]) +
                " base " + std::to_string(b[i]);
        ok = false;
      }
  }
  void exact(long h, long b, const char* what) {
    if (h != b) {
      if (ok)
        why = std::string(what) + ": hpp " + std::to_string(h) + " base " + std::to_string(b);
      ok = false;
    }
  }
  std::string text() const {
    if (!ok)
      return "MISMATCH " + why;
    if (maxrel == 0)
      return "bit-exact";
    char buf[48];
    std::snprintf(buf, sizeof buf, "max rel %.1e", maxrel);
    return buf;
  }
};
// Tolerances: loops whose two versions evaluate the same expression in the
// same order (the macro bodies) may still differ by contraction into FMAs;
// reductions and scans combine in different orders.
constexpr double kElem = 1e-12, kReduce = 1e-10;

// ---- timing --------------------------------------------------------------------------
#ifdef SUITE_CUDA
cudaEvent_t g_e0, g_e1;
bool g_queued = false;
long long g_queue_cycles = 0; // 40 µs, --queued
double time_ms(const std::function<void()>& f) {
  if (g_queued)
    queue_behind(g_queue_cycles);
  CK(cudaEventRecord(g_e0, 0));
  f();
  CK(cudaEventRecord(g_e1, 0));
  CK(cudaEventSynchronize(g_e1));
  CK(cudaGetLastError());
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, g_e0, g_e1));
  return ms;
}
#else
double time_ms(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(t1 - t0).count();
}
#endif
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

// ---- rows ----------------------------------------------------------------------------
struct Spec {
  const char* kernel;
  const char* group;
  long n;       // iterations of the main loop (problem size)
  double bytes; // bytes read + written once per call (0: compute-bound)
  double flops; // floating-point operations per call (0: not counted)
};
struct Row {
  Spec s;
  std::string form, size;
  double hpp_ms, base_ms, copy_gbs;
  std::string check;
  bool ok;
};
std::vector<Row> g_rows;
std::string g_size;      // the size class's label
double g_copy_gbs = 0;   // measured copy bandwidth at this size
bool g_api = false;      // this case times the api_* form
std::string g_form = "pragma"; // the row's form label

void print_row(const Row& r) {
  const double ratio = r.base_ms / r.hpp_ms;
  char work[32], pct[16];
  if (r.s.bytes > 0) {
    std::snprintf(work, sizeof work, "%.3g MB", r.s.bytes / 1e6);
    std::snprintf(pct, sizeof pct, "%.0f%%", 100.0 * r.s.bytes / (r.hpp_ms * 1e6) / r.copy_gbs);
  } else {
    std::snprintf(work, sizeof work, "%.3g GF", r.s.flops / 1e9);
    std::snprintf(pct, sizeof pct, "-");
  }
  std::printf("| %-14s | %-9s | %-6s | %-4s | %10ld | %10s | %9.4f | %9.4f | %6.3f | %5s | %s |\n",
              r.s.kernel, r.s.group, r.form.c_str(), r.size.c_str(), r.s.n, work, r.hpp_ms,
              r.base_ms, ratio, pct, r.check.c_str());
  std::fflush(stdout);
}
void print_header() {
  std::printf("| %-14s | %-9s | %-6s | %-4s | %10s | %10s | %9s | %9s | %6s | %5s | %s |\n",
              "kernel", "group", "form", "size", "n", "bytes/flop", "hpp ms", "base ms", "ratio",
              "%copy", "check");
  std::printf("|---|---|---|---|---:|---:|---:|---:|---:|---:|---|\n");
}

// Runs one case: a call of each version, the check, then the timing.
void run(const Spec& s, const std::function<void()>& h, const std::function<void()>& b,
         const std::function<void(Checker&)>& check) {
  h();
  b();
  sync();
  Checker ck;
  check(ck);
  for (int w = 0; w < 2; ++w) {
    h();
    b();
  }
  sync();
  std::vector<double> th, tb;
  for (int r = 0; r < g_reps; ++r)
    for (int k = 0; k < 2; ++k) {
      const bool hpp_turn = (r % 2 == 0) == (k == 0);
      sync();
      (hpp_turn ? th : tb).push_back(time_ms(hpp_turn ? h : b));
    }
  Row row{s, g_form, g_size, median(th), median(tb), g_copy_gbs, ck.text(), ck.ok};
  if (!ck.ok) {
    ++g_failures;
    std::fprintf(stderr, "cross-check FAILED: %s (%s, size %s): %s\n", s.kernel, row.form.c_str(),
                 g_size.c_str(), ck.why.c_str());
  }
  g_rows.push_back(row);
  print_row(row);
}

#ifdef SUITE_KOKKOS
// Debian's Kokkos has only its Serial backend: its rows time the hpp version
// with one OpenMP thread against Kokkos (in the "base ms" column).
std::function<void()> one_thread(const std::function<void()>& f) {
  return [f] {
    const int t = omp_get_max_threads();
    omp_set_num_threads(1);
    f();
    omp_set_num_threads(t);
  };
}
void vs_kokkos(const Spec& s, const std::function<void()>& h, const std::function<void()>& k,
               const std::function<void(Checker&)>& check) {
  if (g_api)
    return;
  g_form = "kokkos";
  run(s, one_thread(h), k, check);
  g_form = "pragma";
}
#define VS_KOKKOS(...) vs_kokkos(__VA_ARGS__)
#else
#define VS_KOKKOS(...) (void)0
#endif

long isqrt(long n) { return static_cast<long>(std::sqrt(static_cast<double>(n)) + 0.5); }
long icbrt(long n) { return static_cast<long>(std::cbrt(static_cast<double>(n)) + 0.5); }

// ================================ the kernels =========================================
// Each k_* sets up its arrays for problem size n, then calls run().

// ---- stream ----
void k_copy(long n) {
  double* a = in(n, 1);
  Out<double> c = out(n, 2);
  run({"copy", "stream", n, 16.0 * n, 0}, [=] { hpp_copy(n, a, c.h); },
      [=] { base_copy(n, a, c.b); }, [=](Checker& k) { k.arr(c, 0, "c"); });
}
void k_mul(long n) {
  double* c = in(n, 3);
  Out<double> b = out(n, 4);
  run({"mul", "stream", n, 16.0 * n, (double)n}, [=] { hpp_mul(n, 3.0, c, b.h); },
      [=] { base_mul(n, 3.0, c, b.b); }, [=](Checker& k) { k.arr(b, 0, "b"); });
}
void k_add(long n) {
  double *a = in(n, 5), *b = in(n, 6);
  Out<double> c = out(n, 7);
  run({"add", "stream", n, 24.0 * n, (double)n}, [=] { hpp_add(n, a, b, c.h); },
      [=] { base_add(n, a, b, c.b); }, [=](Checker& k) { k.arr(c, 0, "c"); });
}
void k_triad(long n) {
  double *b = in(n, 8), *c = in(n, 9);
  Out<double> a = out(n, 10);
  run({"triad", "stream", n, 24.0 * n, 2.0 * n}, [=] { hpp_triad(n, 3.0, b, c, a.h); },
      [=] { base_triad(n, 3.0, b, c, a.b); }, [=](Checker& k) { k.arr(a, kElem, "a"); });
}
void k_dot(long n) {
  double *a = in(n, 11), *b = in(n, 12);
  auto hs = std::make_shared<double>(), bs = std::make_shared<double>();
  run({"dot", "stream", n, 16.0 * n, 2.0 * n},
      [=] { *hs = g_api ? api_dot(n, a, b) : hpp_dot(n, a, b); },
      [=] { *bs = base_dot(n, a, b); }, [=](Checker& k) { k.rel(*hs, *bs, kReduce, "dot"); });
}

// ---- basic ----
void k_daxpy(long n) {
  double* x = in(n, 13);
  Out<double> y = out(n, 14);
  run({"daxpy", "basic", n, 24.0 * n, 2.0 * n},
      [=] {
        if (g_api)
          api_daxpy(n, 0.5, x, y.h);
        else
          hpp_daxpy(n, 0.5, x, y.h);
      },
      [=] { base_daxpy(n, 0.5, x, y.b); }, [=](Checker& k) { k.arr(y, kElem, "y"); });
}
void k_if_quad(long n) {
  double *a = in(n, 15, 1.0, 2.0), *b = in(n, 16), *c = in(n, 17, -0.5, 0.5);
  Out<double> x1 = out(n, 18), x2 = out(n, 19);
  run({"if_quad", "basic", n, 40.0 * n, 0}, [=] { hpp_if_quad(n, a, b, c, x1.h, x2.h); },
      [=] { base_if_quad(n, a, b, c, x1.b, x2.b); },
      [=](Checker& k) {
        k.arr(x1, kElem, "x1");
        k.arr(x2, kElem, "x2");
      });
}
void k_init3(long n) {
  double *in1 = in(n, 20), *in2 = in(n, 21);
  Out<double> o1 = out(n, 22), o2 = out(n, 23), o3 = out(n, 24);
  run({"init3", "basic", n, 40.0 * n, 0}, [=] { hpp_init3(n, in1, in2, o1.h, o2.h, o3.h); },
      [=] { base_init3(n, in1, in2, o1.b, o2.b, o3.b); },
      [=](Checker& k) {
        k.arr(o1, 0, "out1");
        k.arr(o2, 0, "out2");
        k.arr(o3, 0, "out3");
      });
}
void k_muladdsub(long n) {
  double *in1 = in(n, 25), *in2 = in(n, 26);
  Out<double> o1 = out(n, 27), o2 = out(n, 28), o3 = out(n, 29);
  run({"muladdsub", "basic", n, 40.0 * n, 3.0 * n},
      [=] { hpp_muladdsub(n, in1, in2, o1.h, o2.h, o3.h); },
      [=] { base_muladdsub(n, in1, in2, o1.b, o2.b, o3.b); },
      [=](Checker& k) {
        k.arr(o1, 0, "out1");
        k.arr(o2, 0, "out2");
        k.arr(o3, 0, "out3");
      });
}
// With `tile`, a control: the hpp loop with tile(1, 8, 32), the hand
// kernel's blocks.
void nested_init_case(long n, bool tile) {
  const int s = static_cast<int>(icbrt(n));
  const long m = (long)s * s * s;
  Out<double> arr = out(m, 30);
  run({tile ? "nested_init/tile" : "nested_init", tile ? "control" : "basic", m, 8.0 * m, 0},
      [=] {
        if (tile)
          hpp_nested_init_tile(s, s, s, arr.h);
        else if (g_api)
          api_nested_init(s, s, s, arr.h);
        else
          hpp_nested_init(s, s, s, arr.h);
      },
      [=] { base_nested_init(s, s, s, arr.b); }, [=](Checker& k) { k.arr(arr, 0, "arr"); });
}
void k_nested_init(long n) { nested_init_case(n, false); }
void k_nested_init_tile(long n) { nested_init_case(n, true); }
void k_reduce3_int(long n) {
  int* v = in_int(n, 31, -1000, 1000);
  auto hr = std::make_shared<Int3>(), br = std::make_shared<Int3>();
  run({"reduce3_int", "basic", n, 4.0 * n, 0}, [=] { *hr = hpp_reduce3_int(n, v); },
      [=] { *br = base_reduce3_int(n, v); },
      [=](Checker& k) {
        k.exact(hr->sum, br->sum, "sum");
        k.exact(hr->min, br->min, "min");
        k.exact(hr->max, br->max, "max");
      });
}
void k_trap_int(long n) {
  auto hr = std::make_shared<double>(), br = std::make_shared<double>();
  const double x0 = 0.0, h = 1.0 / n;
  run({"trap_int", "basic", n, 0, 10.0 * n},
      [=] { *hr = hpp_trap_int(n, x0, 0.3, 0.2, 0.1, h); },
      [=] { *br = base_trap_int(n, x0, 0.3, 0.2, 0.1, h); },
      [=](Checker& k) { k.rel(*hr, *br, kReduce, "trap_int"); });
}
void k_pi_reduce(long n) {
  auto hr = std::make_shared<double>(), br = std::make_shared<double>();
  run({"pi_reduce", "basic", n, 0, 6.0 * n}, [=] { *hr = hpp_pi_reduce(n, 1.0 / n); },
      [=] { *br = base_pi_reduce(n, 1.0 / n); },
      [=](Checker& k) {
        k.rel(*hr, *br, kReduce, "pi");
        k.near(*hr, M_PI, 1e-6, "pi");
      });
}
void k_indexlist(long n) {
  double* x = in(n, 32);
  Out<int> list = out_int(n, 33, -1, 0); // all -1
  auto hc = std::make_shared<int>(), bc = std::make_shared<int>();
  run({"indexlist", "basic", n, 8.0 * n + 2.0 * n, 0},
      [=] { *hc = hpp_indexlist(n, x, list.h); }, [=] { *bc = base_indexlist(n, x, list.b); },
      [=](Checker& k) {
        k.exact(*hc, *bc, "count");
        k.ints(list, "list");
      });
}
void k_first_min(long n) {
  double* x = in(n, 34);
  auto hr = std::make_shared<MinLoc>(), br = std::make_shared<MinLoc>();
  run({"first_min", "basic", n, 8.0 * n, 0},
      [=] { *hr = g_api ? api_first_min(n, x) : hpp_first_min(n, x); },
      [=] { *br = base_first_min(n, x); },
      [=](Checker& k) {
        k.rel(hr->val, br->val, 0, "min");
        k.exact(hr->loc, br->loc, "loc");
      });
}

// ---- lcals ----
void k_hydro_1d(long n) {
  double *y = in(n, 35), *z = in(n + 12, 36);
  Out<double> x = out(n, 37);
  run({"hydro_1d", "lcals", n, 24.0 * n, 5.0 * n},
      [=] { hpp_hydro_1d(n, 0.5, 0.25, 0.125, y, z, x.h); },
      [=] { base_hydro_1d(n, 0.5, 0.25, 0.125, y, z, x.b); },
      [=](Checker& k) { k.arr(x, kElem, "x"); });
}
void k_hydro_2d(long n) {
  const int jn = static_cast<int>(isqrt(n)), kn = jn;
  const long m = (long)jn * kn;
  double *zp = in(m, 38), *zq = in(m, 39), *zr = in(m, 40), *zm = in(m, 41, 1.0, 2.0),
         *zz = in(m, 42);
  Out<double> za = out(m, 43), zb = out(m, 44), zu = out(m, 45), zv = out(m, 46),
              zro = out(m, 47), zzo = out(m, 48);
  run({"hydro_2d", "lcals", m, 20.0 * 8 * m, 0},
      [=] { hpp_hydro_2d(jn, kn, 0.0041, 0.0037, zp, zq, zr, zm, zz, za.h, zb.h, zu.h, zv.h, zro.h, zzo.h); },
      [=] { base_hydro_2d(jn, kn, 0.0041, 0.0037, zp, zq, zr, zm, zz, za.b, zb.b, zu.b, zv.b, zro.b, zzo.b); },
      [=](Checker& k) {
        k.arr(zu, kElem, "zu");
        k.arr(zv, kElem, "zv");
        k.arr(zro, kElem, "zrout");
        k.arr(zzo, kElem, "zzout");
      });
}
void k_int_predict(long n) {
  Out<double> px = out(13 * n, 49);
  run({"int_predict", "lcals", n, 11.0 * 8 * n, 17.0 * n}, [=] { hpp_int_predict(n, px.h); },
      [=] { base_int_predict(n, px.b); }, [=](Checker& k) { k.arr(px, kElem, "px"); });
}
void k_diff_predict(long n) {
  Out<double> px = out(14 * n, 50);
  double* cx = in(14 * n, 51);
  run({"diff_predict", "lcals", n, 20.0 * 8 * n, 9.0 * n},
      [=] { hpp_diff_predict(n, px.h, cx); }, [=] { base_diff_predict(n, px.b, cx); },
      [=](Checker& k) { k.arr(px, kElem, "px"); });
}
void k_first_diff(long n) {
  double* y = in(n + 1, 52);
  Out<double> x = out(n, 53);
  run({"first_diff", "lcals", n, 16.0 * n, (double)n}, [=] { hpp_first_diff(n, y, x.h); },
      [=] { base_first_diff(n, y, x.b); }, [=](Checker& k) { k.arr(x, 0, "x"); });
}
void k_eos(long n) {
  double *y = in(n, 54), *z = in(n, 55), *u = in(n + 7, 56);
  Out<double> x = out(n, 57);
  run({"eos", "lcals", n, 32.0 * n, 16.0 * n}, [=] { hpp_eos(n, 0.5, 0.25, 0.125, y, z, u, x.h); },
      [=] { base_eos(n, 0.5, 0.25, 0.125, y, z, u, x.b); },
      [=](Checker& k) { k.arr(x, kElem, "x"); });
}
void k_planckian(long n) {
  double *x = in(n, 58), *u = in(n, 59, 0.1, 1.0), *v = in(n, 60, 1.0, 2.0);
  Out<double> y = out(n, 61), w = out(n, 62);
  run({"planckian", "lcals", n, 40.0 * n, 0}, [=] { hpp_planckian(n, x, u, v, y.h, w.h); },
      [=] { base_planckian(n, x, u, v, y.b, w.b); },
      [=](Checker& k) {
        k.arr(y, kElem, "y");
        k.arr(w, kElem, "w");
      });
}
void k_tridiag_elim(long n) {
  double *xin = in(n, 63), *y = in(n, 64), *z = in(n, 65);
  Out<double> xout = out(n, 66);
  run({"tridiag_elim", "lcals", n, 32.0 * n, 2.0 * n},
      [=] { hpp_tridiag_elim(n, xin, y, z, xout.h); },
      [=] { base_tridiag_elim(n, xin, y, z, xout.b); },
      [=](Checker& k) { k.arr(xout, kElem, "xout"); });
}

// ---- polybench ----
void k_gemm(long n) {
  const int N = static_cast<int>(isqrt(n) / 8);
  const long m = (long)N * N;
  double *A = in(m, 67), *B = in(m, 68);
  Out<double> C = out(m, 69);
  run({"gemm", "polybench", m, 0, 2.0 * N * m},
      [=] { hpp_gemm(N, 1.5, 1.0, A, B, C.h); }, [=] { base_gemm(N, 1.5, 1.0, A, B, C.b); },
      [=](Checker& k) { k.arr(C, kElem, "C"); });
}
void k_jacobi_1d(long n) {
  Out<double> A = out(n, 70), B = out(n, 71);
  run({"jacobi_1d", "polybench", n, 32.0 * n, 6.0 * n}, [=] { hpp_jacobi_1d(n, A.h, B.h); },
      [=] { base_jacobi_1d(n, A.b, B.b); },
      [=](Checker& k) {
        k.arr(A, kElem, "A");
        k.arr(B, kElem, "B");
      });
}
void k_jacobi_2d(long n) {
  const int N = static_cast<int>(isqrt(n));
  const long m = (long)N * N;
  Out<double> A = out(m, 72), B = out(m, 73);
  run({"jacobi_2d", "polybench", m, 32.0 * m, 10.0 * m}, [=] { hpp_jacobi_2d(N, A.h, B.h); },
      [=] { base_jacobi_2d(N, A.b, B.b); },
      [=](Checker& k) {
        k.arr(A, kElem, "A");
        k.arr(B, kElem, "B");
      });
}
// With `tile`, a control as for nested_init.
void heat_3d_case(long n, bool tile) {
  const int N = static_cast<int>(icbrt(n));
  const long m = (long)N * N * N;
  Out<double> A = out(m, 74), B = out(m, 75);
  run({tile ? "heat_3d/tile" : "heat_3d", tile ? "control" : "polybench", m, 32.0 * m,
       30.0 * m},
      [=] {
        if (tile)
          hpp_heat_3d_tile(N, A.h, B.h);
        else
          hpp_heat_3d(N, A.h, B.h);
      },
      [=] { base_heat_3d(N, A.b, B.b); },
      [=](Checker& k) {
        k.arr(A, kElem, "A");
        k.arr(B, kElem, "B");
      });
}
void k_heat_3d(long n) { heat_3d_case(n, false); }
void k_heat_3d_tile(long n) { heat_3d_case(n, true); }
void k_atax(long n) {
  const int N = static_cast<int>(isqrt(n));
  const long m = (long)N * N;
  double *A = in(m, 76), *x = in(N, 77);
  Out<double> tmp = out(N, 78), y = out(N, 79);
  run({"atax", "polybench", m, 16.0 * m, 4.0 * m}, [=] { hpp_atax(N, A, x, tmp.h, y.h); },
      [=] { base_atax(N, A, x, tmp.b, y.b); },
      [=](Checker& k) {
        k.arr(tmp, kElem, "tmp");
        k.arr(y, kElem, "y");
      });
}
void k_mvt(long n) {
  const int N = static_cast<int>(isqrt(n));
  const long m = (long)N * N;
  double *A = in(m, 80), *y1 = in(N, 81), *y2 = in(N, 82);
  Out<double> x1 = out(N, 83), x2 = out(N, 84);
  run({"mvt", "polybench", m, 16.0 * m, 4.0 * m}, [=] { hpp_mvt(N, A, y1, y2, x1.h, x2.h); },
      [=] { base_mvt(N, A, y1, y2, x1.b, x2.b); },
      [=](Checker& k) {
        k.arr(x1, kElem, "x1");
        k.arr(x2, kElem, "x2");
      });
}

// ---- apps ----
// Node coordinates of a slightly distorted structured grid (positive areas
// and volumes), built on the host.
double* grid_coord(long count, int stride, int period, std::uint32_t seed, double offset) {
  std::vector<double> h(count);
  for (long c = 0; c < count; ++c)
    h[c] = offset + static_cast<double>((c / stride) % period) + 0.1 * dval(seed, c, -1, 1);
  double* d = dalloc<double>(count);
  put(d, h);
  return d;
}
void k_del_dot_vec_2d(long n) {
  const int nx = static_cast<int>(isqrt(n)), ny = nx;
  const long nodes = (long)(nx + 1) * (ny + 1), zones = (long)nx * ny;
  double* x = grid_coord(nodes, 1, nx + 1, 85, 0.0);
  double* y = grid_coord(nodes, nx + 1, ny + 1, 86, 1.0);
  double *fx = in(nodes, 87), *fy = in(nodes, 88);
  Out<double> div = out(zones, 89);
  run({"del_dot_vec_2d", "apps", zones, 40.0 * zones, 0},
      [=] { hpp_del_dot_vec_2d(nx, ny, x, y, fx, fy, div.h); },
      [=] { base_del_dot_vec_2d(nx, ny, x, y, fx, fy, div.b); },
      [=](Checker& k) { k.arr(div, kElem, "div"); });
}
void k_pressure(long n) {
  double *comp = in(n, 90), *e_old = in(n, 91), *vnewc = in(n, 92, 0.0, 2.0);
  Out<double> bvc = out(n, 93), p_new = out(n, 94);
  run({"pressure", "apps", n, 48.0 * n, 0},
      [=] { hpp_pressure(n, 2.0 / 3.0, 1.0e-7, -0.5, 1.0, comp, e_old, vnewc, bvc.h, p_new.h); },
      [=] { base_pressure(n, 2.0 / 3.0, 1.0e-7, -0.5, 1.0, comp, e_old, vnewc, bvc.b, p_new.b); },
      [=](Checker& k) {
        k.arr(bvc, kElem, "bvc");
        k.arr(p_new, kElem, "p_new");
      });
}
void k_energy(long n) {
  double *e_old = in(n, 95), *delvc = in(n, 96), *p_old = in(n, 97), *q_old = in(n, 98),
         *work = in(n, 99), *comp_half = in(n, 100, 0.0, 1.0), *p_half = in(n, 101),
         *bvc = in(n, 102, 0.1, 1.0), *pbvc = in(n, 103, 0.1, 1.0), *ql_old = in(n, 104),
         *qq_old = in(n, 105);
  Out<double> e_new = out(n, 106), q_new = out(n, 107);
  run({"energy", "apps", n, 23.0 * 8 * n, 0},
      [=] {
        hpp_energy(n, 1.0, 1.0e-7, -1.0e15, e_old, delvc, p_old, q_old, work, comp_half, p_half,
                   bvc, pbvc, ql_old, qq_old, e_new.h, q_new.h);
      },
      [=] {
        base_energy(n, 1.0, 1.0e-7, -1.0e15, e_old, delvc, p_old, q_old, work, comp_half, p_half,
                    bvc, pbvc, ql_old, qq_old, e_new.b, q_new.b);
      },
      [=](Checker& k) {
        k.arr(e_new, kElem, "e_new");
        k.arr(q_new, kElem, "q_new");
      });
}
void vol3d_case(long n, bool tile) {
  const int s = static_cast<int>(icbrt(n));
  const long nodes = (long)(s + 1) * (s + 1) * (s + 1), zones = (long)s * s * s;
  double* x = grid_coord(nodes, 1, s + 1, 108, 0.0);
  double* y = grid_coord(nodes, s + 1, s + 1, 109, 0.0);
  double* z = grid_coord(nodes, (s + 1) * (s + 1), s + 1, 110, 0.0);
  Out<double> vol = out(zones, 111);
  run({tile ? "vol3d/tile" : "vol3d", tile ? "control" : "apps", zones, 32.0 * zones, 0},
      [=] {
        if (tile)
          hpp_vol3d_tile(s, x, y, z, vol.h);
        else
          hpp_vol3d(s, x, y, z, vol.h);
      },
      [=] { base_vol3d(s, x, y, z, vol.b); }, [=](Checker& k) { k.arr(vol, kElem, "vol"); });
}
void k_vol3d(long n) { vol3d_case(n, false); }
void k_vol3d_tile(long n) { vol3d_case(n, true); }
void k_fir(long n) {
  double* inp = in(n + 16, 112);
  Out<double> o = out(n, 113);
  run({"fir", "apps", n, 16.0 * n, 32.0 * n}, [=] { hpp_fir(n, inp, o.h); },
      [=] { base_fir(n, inp, o.b); }, [=](Checker& k) { k.arr(o, kElem, "out"); });
}
void k_ltimes(long n) {
  const int nd = 64, nm = 25, ng = 32, nz = static_cast<int>(std::max(1L, n / (nd * ng)));
  double *ell = in((long)nd * nm, 114), *psi = in((long)nd * ng * nz, 115);
  Out<double> phi = out((long)nm * ng * nz, 116);
  const double out_n = (double)nm * ng * nz;
  run({"ltimes", "apps", (long)out_n, 8.0 * ((double)nd * ng * nz + 2 * out_n), 2.0 * nd * out_n},
      [=] {
        if (g_api)
          api_ltimes(nd, nm, ng, nz, ell, psi, phi.h);
        else
          hpp_ltimes(nd, nm, ng, nz, ell, psi, phi.h);
      },
      [=] { base_ltimes(nd, nm, ng, nz, ell, psi, phi.b); },
      [=](Checker& k) { k.arr(phi, kElem, "phi"); });
}
void k_mass3d(long n) {
  const int D = MASS_D, Q = MASS_Q;
  const int E = static_cast<int>(std::max(1L, n / (D * D * D)));
  double *B = in(Q * D, 117), *X = in((long)E * D * D * D, 118),
         *Dq = in((long)E * Q * Q * Q, 119, 0.5, 1.5);
  Out<double> Y = out((long)E * D * D * D, 120);
  run({"mass3d", "apps", (long)E * D * D * D, 8.0 * E * (3.0 * D * D * D + Q * Q * Q), 0},
      [=] {
        if (g_api)
          api_mass3d(E, B, X, Dq, Y.h);
        else
          hpp_mass3d(E, B, X, Dq, Y.h);
      },
      [=] { base_mass3d(E, B, X, Dq, Y.b); }, [=](Checker& k) { k.arr(Y, kElem, "Y"); });
}
void diffusion3d_case(long n, bool tile) {
  const int N = static_cast<int>(icbrt(n));
  const long m = (long)N * N * N;
  double *u = in(m, 121), *kc = in(m, 122, 0.0, 1.0);
  Out<double> o = out(m, 123);
  run({tile ? "diffusion3d/tile" : "diffusion3d", tile ? "control" : "apps", m, 24.0 * m, 0},
      [=] {
        if (tile)
          hpp_diffusion3d_tile(N, 0.1, u, kc, o.h);
        else
          hpp_diffusion3d(N, 0.1, u, kc, o.h);
      },
      [=] { base_diffusion3d(N, 0.1, u, kc, o.b); }, [=](Checker& k) { k.arr(o, kElem, "out"); });
}
void k_diffusion3d(long n) { diffusion3d_case(n, false); }
void k_diffusion3d_tile(long n) { diffusion3d_case(n, true); }

// ---- team ----
void k_yax(long n) {
  const int rows = static_cast<int>(isqrt(n)), cols = rows;
  const long m = (long)rows * cols;
  double *A = in(m, 130), *x = in(cols, 131), *y = in(rows, 132);
  auto hr = std::make_shared<double>(), br = std::make_shared<double>();
  const Spec s{"yax", "team", m, 8.0 * (m + rows + cols), 2.0 * m};
  auto h = [=] { *hr = hpp_yax(rows, cols, y, A, x); };
  auto check = [=](Checker& k) { k.rel(*hr, *br, kReduce, "yax"); };
  run(s, h, [=] { *br = base_yax(rows, cols, y, A, x); }, check);
  VS_KOKKOS(s, h, [=] { *br = kokkos_yax(rows, cols, y, A, x); }, check);
}
void k_yax3(long n) {
  const int N = 32, M = 128, E = static_cast<int>(std::max(1L, n / (N * M)));
  const long m = (long)E * N * M;
  double *A = in(m, 133), *x = in((long)E * M, 134), *y = in((long)E * N, 135);
  auto hr = std::make_shared<double>(), br = std::make_shared<double>();
  const Spec s{"yax3", "team", m, 8.0 * (m + (double)E * M + (double)E * N), 2.0 * m};
  auto h = [=] { *hr = hpp_yax3(E, N, M, y, A, x); };
  auto check = [=](Checker& k) { k.rel(*hr, *br, kReduce, "yax3"); };
  run(s, h, [=] { *br = base_yax3(E, N, M, y, A, x); }, check);
  VS_KOKKOS(s, h, [=] { *br = kokkos_yax3(E, N, M, y, A, x); }, check);
}
void k_contract(long n) {
  const int VS = 64, QP = 64, E = static_cast<int>(std::max(1L, n / (VS * QP)));
  const long m = (long)E * VS * QP;
  double *fields = in(m, 136), *data = in((long)E * QP, 137);
  Out<double> o = out((long)E * VS, 138);
  const Spec s{"contract", "team", m, 8.0 * (m + (double)E * QP + (double)E * VS), 2.0 * m};
  auto h = [=] { hpp_contract(E, VS, QP, fields, data, o.h); };
  auto check = [=](Checker& k) { k.arr(o, kReduce, "out"); };
  run(s, h, [=] { base_contract(E, VS, QP, fields, data, o.b); }, check);
  VS_KOKKOS(s, h, [=] { kokkos_contract(E, VS, QP, fields, data, o.b); }, check);
}

// ---- algorithm ----
// The scan; with `swapped`, a control (run only when named with --only,
// not in the geometric means): the outputs exchanged, hpp writing the hand
// version's buffer (cudaMalloc) and CUB hpp's (hpp::alloc). Where a buffer
// lies in memory changed the transpose's time by 3% (docs/performance.md);
// the control tells the scan's kernel from its output's address.
void scan_case(long n, bool swapped) {
  double* x = in(n, 124);
  Out<double> o = out(n, 125);
  double* const mine = swapped ? o.b : o.h;
  double* const theirs = swapped ? o.h : o.b;
  run({swapped ? "scan/swapped" : "scan", swapped ? "control" : "algorithm", n, 16.0 * n,
       (double)n},
      [=] {
        if (g_api)
          api_scan(n, x, mine);
        else
          hpp_scan(n, x, mine);
      },
      [=] { base_scan(n, x, theirs); }, [=](Checker& k) { k.arr(o, 0, "out"); });
}
void k_scan(long n) { scan_case(n, false); }
// A control: the scan in place (Kokkos' in-place parallel_scan in the api
// form). Each call scans what the last one left; only the first is
// checked (the values stay on the inputs' grid, so bit for bit).
void k_scan_in_place(long n) {
  Out<double> o = out(n, 124);
  run({"scan/inplace", "control", n, 16.0 * n, (double)n},
      [=] {
        if (g_api)
          api_scan_in_place(n, o.h);
        else
          hpp_scan_in_place(n, o.h);
      },
      [=] { base_scan_in_place(n, o.b); }, [=](Checker& k) { k.arr(o, 0, "x"); });
}
void k_scan_swapped(long n) { scan_case(n, true); }
void k_reduce_sum(long n) {
  double* x = in(n, 126);
  auto hr = std::make_shared<double>(), br = std::make_shared<double>();
  run({"reduce_sum", "algorithm", n, 8.0 * n, (double)n}, [=] { *hr = hpp_reduce_sum(n, x); },
      [=] { *br = base_reduce_sum(n, x); },
      [=](Checker& k) { k.rel(*hr, *br, 0, "sum"); /* exact: values on a 2^-19 grid */ });
}
void k_histogram(long n) {
  int* v = in_int(n, 127, 0, 1 << 20);
  Out<int> counts = out_int(256, 128, 0, 1);
  run({"histogram", "algorithm", n, 4.0 * n, 0}, [=] { hpp_histogram(n, 256, v, counts.h); },
      [=] { base_histogram(n, 256, v, counts.b); },
      [=](Checker& k) { k.ints(counts, "counts"); });
}

struct Kernel {
  const char* name;
  void (*fn)(long);
  bool has_api;
};
const Kernel kKernels[] = {
    {"copy", k_copy, false},           {"mul", k_mul, false},
    {"add", k_add, false},             {"triad", k_triad, false},
    {"dot", k_dot, true},              {"daxpy", k_daxpy, true},
    {"if_quad", k_if_quad, false},     {"init3", k_init3, false},
    {"muladdsub", k_muladdsub, false}, {"nested_init", k_nested_init, true},
    {"reduce3_int", k_reduce3_int, false}, {"trap_int", k_trap_int, false},
    {"pi_reduce", k_pi_reduce, false}, {"indexlist", k_indexlist, false},
    {"first_min", k_first_min, true},  {"hydro_1d", k_hydro_1d, false},
    {"hydro_2d", k_hydro_2d, false},   {"int_predict", k_int_predict, false},
    {"diff_predict", k_diff_predict, false}, {"first_diff", k_first_diff, false},
    {"eos", k_eos, false},             {"planckian", k_planckian, false},
    {"tridiag_elim", k_tridiag_elim, false}, {"gemm", k_gemm, false},
    {"jacobi_1d", k_jacobi_1d, false}, {"jacobi_2d", k_jacobi_2d, false},
    {"heat_3d", k_heat_3d, false},     {"atax", k_atax, false},
    {"mvt", k_mvt, false},             {"del_dot_vec_2d", k_del_dot_vec_2d, false},
    {"pressure", k_pressure, false},   {"energy", k_energy, false},
    {"vol3d", k_vol3d, false},         {"fir", k_fir, false},
    {"ltimes", k_ltimes, true},        {"mass3d", k_mass3d, true},
    {"diffusion3d", k_diffusion3d, false}, {"yax", k_yax, false},
    {"yax3", k_yax3, false},           {"contract", k_contract, false},
    {"scan", k_scan, true},
    {"reduce_sum", k_reduce_sum, false}, {"histogram", k_histogram, false},
};
// Controls: run only when --only names them; never in the geometric means.
const Kernel kControls[] = {
    {"scan/swapped", k_scan_swapped, true},
    {"scan/inplace", k_scan_in_place, true},
    {"heat_3d/tile", k_heat_3d_tile, false},
    {"nested_init/tile", k_nested_init_tile, false},
    {"vol3d/tile", k_vol3d_tile, false},
    {"diffusion3d/tile", k_diffusion3d_tile, false},
};

// Copy bandwidth (read + write) at n doubles: cudaMemcpy device to device on
// CUDA, the hand OpenMP copy loop on the CPU; median of reps.
double measure_copy(long n) {
  double* a = in(n, 200);
  double* c = dalloc<double>(n);
#ifdef SUITE_CUDA
  auto f = [=] { CK(cudaMemcpyAsync(c, a, n * sizeof(double), cudaMemcpyDeviceToDevice, 0)); };
#else
  auto f = [=] { base_copy(n, a, c); };
#endif
  for (int w = 0; w < 3; ++w)
    f();
  sync();
  std::vector<double> t;
  for (int r = 0; r < std::max(g_reps, 5); ++r)
    t.push_back(time_ms(f));
  free_case();
  return 16.0 * n / (median(t) * 1e6);
}

std::vector<std::string> split(const char* s) {
  std::vector<std::string> v;
  std::string cur;
  for (const char* p = s; *p; ++p)
    if (*p == ',') {
      v.push_back(cur);
      cur.clear();
    } else {
      cur += *p;
    }
  if (!cur.empty())
    v.push_back(cur);
  return v;
}

std::string size_label(long n) {
  const int lg = static_cast<int>(std::lround(std::log2(static_cast<double>(n))));
  return (1L << lg) == n ? "2^" + std::to_string(lg) : std::to_string(n);
}

} // namespace

int main(int argc, char** argv) {
#ifdef SUITE_CUDA
  std::vector<long> sizes = {1L << 20, 1L << 23, 1L << 25};
  g_reps = 25;
#else
  std::vector<long> sizes = {1L << 16, 1L << 20, 1L << 23};
  g_reps = 11;
#endif
  std::vector<std::string> only;
  bool api = true;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--reps" && i + 1 < argc) {
      g_reps = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--sizes" && i + 1 < argc) {
      sizes.clear();
      for (const std::string& s : split(argv[++i]))
        sizes.push_back(std::atol(s.c_str()));
    } else if (a == "--only" && i + 1 < argc) {
      only = split(argv[++i]);
    } else if (a == "--csv") {
      g_csv = true;
    } else if (a == "--no-api") {
      api = false;
#ifdef SUITE_CUDA
    } else if (a == "--queued") {
      g_queued = true;
#endif
    } else {
      std::fprintf(stderr, "usage: %s [--reps N] [--sizes n1,n2,...] [--only k1,k2,...] [--csv] "
                           "[--no-api] [--queued]\n", argv[0]);
      return 2;
    }
  }
#ifdef SUITE_CUDA
  {
    int dev = 0, drv = 0, rt = 0;
    cudaDeviceProp p{};
    CK(cudaGetDevice(&dev));
    CK(cudaGetDeviceProperties(&p, dev));
    CK(cudaDriverGetVersion(&drv));
    CK(cudaRuntimeGetVersion(&rt));
    std::printf("suite (CUDA): %s, %d SMs, L2 %d MiB, cc %d.%d, driver %d, runtime %d; reps %d\n",
                p.name, p.multiProcessorCount, p.l2CacheSize >> 20, p.major, p.minor, drv, rt,
                g_reps);
    CK(cudaEventCreate(&g_e0));
    CK(cudaEventCreate(&g_e1));
    int khz = 0;
    CK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev));
    g_queue_cycles = cycles_of_us(40, khz);
    if (g_queued)
      std::printf("timing: queued behind a 40 us kernel (device time only)\n");
  }
#else
  std::printf("suite (OpenMP): %d threads; reps %d\n", omp_get_max_threads(), g_reps);
#endif
#ifdef SUITE_KOKKOS
  {
    int kargc = 1; // the suite's own arguments are not Kokkos'
    kokkos_initialize(kargc, argv);
  }
  std::printf("Kokkos rows (form kokkos): Kokkos %s backend in the base ms column, the hpp "
              "version run with 1 OpenMP thread in the hpp ms column\n", kokkos_backend());
#endif
  std::printf("ratio = base time / hpp time (>= 1: hpp as fast as the hand version); %%copy = "
              "hpp's bytes per second over the measured copy bandwidth\n");
  if (g_csv)
    std::printf("csv,kernel,group,form,size,n,bytes,flops,hpp_ms,base_ms,ratio,copy_gbs,check\n");

  struct Geo {
    std::string size;
    double logsum = 0;
    int count = 0;
    double lo = 1e300;
    std::string lo_name;
  };
  std::vector<Geo> geo, geo_api, geo_kokkos;
  for (long n : sizes) {
    g_size = size_label(n);
    g_copy_gbs = measure_copy(n);
    std::printf("\nsize %s (n = %ld): copy bandwidth %.0f GB/s\n", g_size.c_str(), n, g_copy_gbs);
    print_header();
    const size_t first = g_rows.size();
    auto run_kernel = [&](const Kernel& k) {
      g_api = false;
      k.fn(n);
      free_case();
      if (api && k.has_api) {
        g_api = true;
        g_form = "api";
        k.fn(n);
        free_case();
        g_api = false;
        g_form = "pragma";
      }
    };
    for (const Kernel& k : kKernels)
      if (only.empty() || std::find(only.begin(), only.end(), k.name) != only.end())
        run_kernel(k);
    const size_t controls = g_rows.size();
    for (const Kernel& k : kControls)
      if (std::find(only.begin(), only.end(), k.name) != only.end())
        run_kernel(k);
    Geo g{g_size}, ga{g_size}, gk{g_size};
    for (size_t r = first; r < controls; ++r) {
      Geo& t = g_rows[r].form == "api" ? ga : g_rows[r].form == "kokkos" ? gk : g;
      const double ratio = g_rows[r].base_ms / g_rows[r].hpp_ms;
      t.logsum += std::log(ratio);
      ++t.count;
      if (ratio < t.lo) {
        t.lo = ratio;
        t.lo_name = g_rows[r].s.kernel;
      }
    }
    geo.push_back(g);
    geo_api.push_back(ga);
    geo_kokkos.push_back(gk);
  }

  std::printf("\ngeometric mean of ratio (base / hpp) per size:\n");
  for (size_t i = 0; i < geo.size(); ++i) {
    const Geo &g = geo[i], &ga = geo_api[i], &gk = geo_kokkos[i];
    if (g.count)
      std::printf("  %-6s pragma: %.3f over %d kernels (lowest %.3f %s)", g.size.c_str(),
                  std::exp(g.logsum / g.count), g.count, g.lo, g.lo_name.c_str());
    if (ga.count)
      std::printf("; api: %.3f over %d (lowest %.3f %s)", std::exp(ga.logsum / ga.count),
                  ga.count, ga.lo, ga.lo_name.c_str());
    if (gk.count)
      std::printf("; hpp (1 thread) vs Kokkos: %.3f over %d (lowest %.3f %s)",
                  std::exp(gk.logsum / gk.count), gk.count, gk.lo, gk.lo_name.c_str());
    std::printf("\n");
  }
  if (g_csv)
    for (const Row& r : g_rows)
      std::printf("csv,%s,%s,%s,%s,%ld,%.0f,%.0f,%.6f,%.6f,%.4f,%.1f,%s\n", r.s.kernel, r.s.group,
                  r.form.c_str(), r.size.c_str(), r.s.n, r.s.bytes, r.s.flops, r.hpp_ms,
                  r.base_ms, r.base_ms / r.hpp_ms, r.copy_gbs, r.ok ? "ok" : "MISMATCH");
  std::printf("cross-check: %zu cases, %d mismatches\n", g_rows.size(), g_failures);
#ifdef SUITE_KOKKOS
  kokkos_finalize();
#endif
  return g_failures ? 1 : 0;
}
