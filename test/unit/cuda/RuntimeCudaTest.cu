//===- RuntimeCudaTest.cu - Tests of the CUDA runtime (hpprt::cuda) -------===//
/// \file
/// A standalone program (no GoogleTest on the device machine): each case
/// prints PASS or FAIL, and any failure makes the exit status non-zero.
/// Kernels are written by hand in the shape hppc generates: a device lambda
/// run by `template <class F> __global__ void k(F, Ctx)`.
//===----------------------------------------------------------------------===//
#define HPP_BACKEND_CUDA 1
#include <hpp/hpp.hpp>
#include <hpprt/cuda/hpprt.hpp>
#include <hpprt/cuda/device_ranges.hpp>

#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

using hpprt::index_t;
namespace rt = hpprt::cuda;

template <class F> __global__ void hpp_kernel(F hpp_f, rt::Ctx hpp_ctx) {
  hpp_f(hpp_ctx);
}

// ---- harness ---------------------------------------------------------------
static int g_case_failures = 0;
// --quick: smaller sizes, for runs under compute-sanitizer.
static bool g_quick = false;
static index_t big(index_t full, index_t quick) {
  return g_quick ? quick : full;
}
#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      ++g_case_failures;                                                       \
      if (g_case_failures < 20)                                                \
        std::printf("    check failed at %s:%d: %s\n", __FILE__, __LINE__,     \
                    #cond);                                                    \
    }                                                                          \
  } while (0)
#define CHECK_MSG(cond, ...)                                                   \
  do {                                                                         \
    if (!(cond)) {                                                             \
      ++g_case_failures;                                                       \
      if (g_case_failures < 20) {                                              \
        std::printf("    check failed at %s:%d: %s: ", __FILE__, __LINE__,     \
                    #cond);                                                    \
        std::printf(__VA_ARGS__);                                              \
        std::printf("\n");                                                     \
      }                                                                        \
    }                                                                          \
  } while (0)
#define CUDA_OK(call)                                                          \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      std::printf("    CUDA error at %s:%d: %s\n", __FILE__, __LINE__,         \
                  cudaGetErrorString(e_));                                     \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

/// Device memory for a case. Its poison and put() are complete when they
/// return: cudaMemset is asynchronous, and a pageable cudaMemcpy to the
/// device may return before its DMA ends, both on the legacy stream, which
/// a kernel on a non-blocking stream does not wait for (a poison that
/// landed after a scan's stores read as wrong prefixes under racecheck).
template <class T> struct DevBuf {
  T *p = nullptr;
  std::size_t n = 0;
  explicit DevBuf(std::size_t count) : n(count) {
    CUDA_OK(cudaMalloc(&p, (n ? n : 1) * sizeof(T)));
    CUDA_OK(cudaMemset(p, 0xCD, (n ? n : 1) * sizeof(T))); // poison
    CUDA_OK(cudaDeviceSynchronize());
  }
  DevBuf(const std::vector<T> &v) : DevBuf(v.size()) { put(v); }
  ~DevBuf() { cudaFree(p); }
  DevBuf(const DevBuf &) = delete;
  void put(const std::vector<T> &v) {
    CUDA_OK(
        cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
    CUDA_OK(cudaDeviceSynchronize());
  }
  std::vector<T> get() const {
    std::unique_ptr<T[]> tmp(new T[n ? n : 1]); // vector<bool> has no data()
    CUDA_OK(cudaMemcpy(tmp.get(), p, n * sizeof(T), cudaMemcpyDeviceToHost));
    return std::vector<T>(tmp.get(), tmp.get() + n);
  }
};

__host__ __device__ inline unsigned hash32(unsigned long long x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return static_cast<unsigned>(x);
}

template <class T> bool same_bits(const T &a, const T &b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// ---- collectives -----------------------------------------------------------
// Values per operator chosen so that every combine order gives exact results.
template <class Op, class T> __host__ __device__ T gen(unsigned key) {
  const unsigned h = hash32(key);
  if constexpr (std::is_same<Op, hpprt::Sum>::value)
    return static_cast<T>(static_cast<int>(h % 17) - 8);
  else if constexpr (std::is_same<Op, hpprt::Prod>::value) {
    if constexpr (std::is_floating_point<T>::value)
      // Alternating 2 and 1/2: partial products over the ranges any
      // combine order forms stay far from overflow and underflow.
      return key % 2 == 0 ? T(2) : T(0.5);
    else
      return h % 3 == 0 ? static_cast<T>(-1) : T(1);
  } else if constexpr (std::is_same<Op, hpprt::Min>::value ||
                       std::is_same<Op, hpprt::Max>::value)
    return static_cast<T>(static_cast<int>(h % 100000) - 50000);
  else if constexpr (std::is_same<Op, hpprt::BAnd>::value)
    return static_cast<T>(~(T(1) << (h % 12)));
  else if constexpr (std::is_same<Op, hpprt::BOr>::value)
    return static_cast<T>(T(1) << (h % 20));
  else if constexpr (std::is_same<Op, hpprt::BXor>::value)
    return static_cast<T>(h);
  else if constexpr (std::is_same<Op, hpprt::LAnd>::value)
    return static_cast<T>(h % 61 != 0);
  else
    return static_cast<T>(h % 61 == 0);
}

template <class Op, class T>
void test_collectives_config(int league, int ts, int vl, const char *tname) {
  const int per_team = ts * vl;
  const std::size_t total = static_cast<std::size_t>(league) * per_team;
  DevBuf<T> vec(total), thr(total), tv(total);
  DevBuf<int> tb(total), vb(total);
  T *pv = vec.p;
  T *pt = thr.p;
  T *ptv = tv.p;
  int *ptb = tb.p;
  int *pvb = vb.p;
  rt::Launch hpp_launch("collectives", "RuntimeCudaTest.cu", __LINE__);
  hpp_launch.kind = rt::RegionKind::Team;
  hpp_launch.iterations = league;
  hpp_launch.team_size = ts;
  hpp_launch.vector_length = vl;
  auto body = [=] __device__(const rt::Ctx &) {
    for (index_t t = rt::league_rank0(); t < league; t += rt::league_stride()) {
      const unsigned key =
          static_cast<unsigned>(t * per_team + rt::team_vector_rank());
      const T v = gen<Op, T>(key);
      const T a = rt::vector_allreduce<Op>(v);
      const T b = rt::thread_allreduce<Op>(v);
      const T c = rt::team_vector_allreduce<Op>(v);
      const int bt = rt::team_broadcast(static_cast<int>(key) + 1);
      const int bv = rt::vector_broadcast(static_cast<int>(key) + 1);
      pv[key] = a;
      pt[key] = b;
      ptv[key] = c;
      ptb[key] = bt;
      pvb[key] = bv;
    }
  };
  rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
  const auto hv = vec.get(), ht = thr.get(), htv = tv.get();
  const auto htb = tb.get(), hvb = vb.get();
  int bad = 0;
  for (int t = 0; t < league; ++t) {
    T team_all = Op::template identity<T>(),
      team_thr = Op::template identity<T>();
    for (int y = 0; y < ts; ++y)
      for (int x = 0; x < vl; ++x) {
        Op::join(team_all, gen<Op, T>(t * per_team + y * vl + x));
        if (x == 0)
          Op::join(team_thr, gen<Op, T>(t * per_team + y * vl));
      }
    for (int y = 0; y < ts; ++y) {
      T lanes = Op::template identity<T>();
      for (int x = 0; x < vl; ++x)
        Op::join(lanes, gen<Op, T>(t * per_team + y * vl + x));
      for (int x = 0; x < vl; ++x) {
        const int k = t * per_team + y * vl + x;
        bad += !same_bits(hv[k], lanes) || !same_bits(ht[k], team_thr) ||
               !same_bits(htv[k], team_all) || htb[k] != t * per_team + 1 ||
               hvb[k] != t * per_team + y * vl + 1;
      }
    }
  }
  CHECK_MSG(bad == 0, "%s league %d team %d vector %d: %d wrong", tname, league,
            ts, vl, bad);
}

template <class Op, class T> void test_collectives(const char *tname) {
  const int configs[][2] = {{64, 1}, {16, 4}, {4, 32}, {3, 8},
                            {7, 1},  {1, 32}, {32, 2}, {1024, 1}};
  for (auto &c : configs)
    test_collectives_config<Op, T>(9, c[0], c[1], tname);
}

void case_collectives() {
  test_collectives<hpprt::Sum, int>("int");
  test_collectives<hpprt::Sum, double>("double");
  test_collectives<hpprt::Sum, long long>("long long");
  test_collectives<hpprt::Sum, float>("float");
  test_collectives<hpprt::Prod, int>("int");
  test_collectives<hpprt::Prod, double>("double");
  test_collectives<hpprt::Min, int>("int");
  test_collectives<hpprt::Min, double>("double");
  test_collectives<hpprt::Max, long>("long");
  test_collectives<hpprt::Max, float>("float");
  test_collectives<hpprt::BAnd, unsigned>("unsigned");
  test_collectives<hpprt::BOr, unsigned long long>("unsigned long long");
  test_collectives<hpprt::BXor, int>("int");
  test_collectives<hpprt::LAnd, int>("int");
  test_collectives<hpprt::LOr, bool>("bool");
  test_collectives<hpprt::LAnd, char>("char");
}

template <class Op, class V, class I>
void test_loc_collectives_config(int league, int ts, int vl) {
  const int per_team = ts * vl;
  const std::size_t total = static_cast<std::size_t>(league) * per_team;
  DevBuf<V> ov(3 * total);
  DevBuf<I> oi(3 * total);
  V *pv = ov.p;
  I *pi = oi.p;
  rt::Launch hpp_launch("loc_collectives", "RuntimeCudaTest.cu", __LINE__);
  hpp_launch.iterations = league;
  hpp_launch.team_size = ts;
  hpp_launch.vector_length = vl;
  auto body = [=] __device__(const rt::Ctx &) {
    for (index_t t = rt::league_rank0(); t < league; t += rt::league_stride()) {
      const unsigned key =
          static_cast<unsigned>(t * per_team + rt::team_vector_rank());
      // Few distinct values (many ties); indices not in lane order.
      const V v0 = static_cast<V>(hash32(key) % 4);
      const I i0 = static_cast<I>((key * 7919u) % 100003u);
      V a = v0, b = v0, c = v0;
      I ia = i0, ib = i0, ic = i0;
      rt::vector_allreduce_loc<Op>(a, ia);
      rt::thread_allreduce_loc<Op>(b, ib);
      rt::team_vector_allreduce_loc<Op>(c, ic);
      pv[key] = a;
      pi[key] = ia;
      pv[total + key] = b;
      pi[total + key] = ib;
      pv[2 * total + key] = c;
      pi[2 * total + key] = ic;
    }
  };
  rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
  const auto hv = ov.get();
  const auto hi = oi.get();
  auto best = [](V &bv, I &bi, V v, I i) {
    if (Op::better(v, bv) || (!Op::better(bv, v) && i < bi)) {
      bv = v;
      bi = i;
    }
  };
  int bad = 0;
  for (int t = 0; t < league; ++t) {
    V tv = Op::template identity<V>(), yv = tv;
    I ti = std::numeric_limits<I>::max(), yi = ti;
    for (int k = 0; k < per_team; ++k) {
      const unsigned key = t * per_team + k;
      const V v = static_cast<V>(hash32(key) % 4);
      const I i = static_cast<I>((key * 7919u) % 100003u);
      best(tv, ti, v, i);
      if (k % vl == 0)
        best(yv, yi, v, i);
    }
    for (int y = 0; y < ts; ++y) {
      V lv = Op::template identity<V>();
      I li = std::numeric_limits<I>::max();
      for (int x = 0; x < vl; ++x) {
        const unsigned key = t * per_team + y * vl + x;
        best(lv, li, static_cast<V>(hash32(key) % 4),
             static_cast<I>((key * 7919u) % 100003u));
      }
      for (int x = 0; x < vl; ++x) {
        const unsigned k = t * per_team + y * vl + x;
        bad += hv[k] != lv || hi[k] != li || hv[total + k] != yv ||
               hi[total + k] != yi || hv[2 * total + k] != tv ||
               hi[2 * total + k] != ti;
      }
    }
  }
  CHECK_MSG(bad == 0, "loc league %d team %d vector %d: %d wrong", league, ts,
            vl, bad);
}

void case_loc_collectives() {
  const int configs[][2] = {{64, 1}, {16, 4}, {4, 32}, {3, 8}, {1024, 1}};
  for (auto &c : configs) {
    test_loc_collectives_config<hpprt::MinLoc, double, int>(5, c[0], c[1]);
    test_loc_collectives_config<hpprt::MaxLoc, double, int>(5, c[0], c[1]);
    test_loc_collectives_config<hpprt::MinLoc, int, long long>(5, c[0], c[1]);
    test_loc_collectives_config<hpprt::MaxLoc, float, unsigned>(5, c[0], c[1]);
  }
}

// ---- device-wide reductions ------------------------------------------------
template <class Op, class T>
void flat_reduction(index_t n, const T &initial, int expect_grid) {
  std::vector<T> x(static_cast<std::size_t>(n > 0 ? n : 0));
  for (index_t i = 0; i < n; ++i)
    x[i] = gen<Op, T>(static_cast<unsigned>(i));
  DevBuf<T> dx(x);
  const T *px = dx.p;
  T total = initial;
  {
    rt::Launch hpp_launch("flat_reduce", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Flat;
    hpp_launch.iterations = n;
    rt::Reduction<Op, T> hpp_red_total(hpp_launch, total);
    auto body = [=, hpp_dev_total =
                        hpp_red_total.device()] __device__(const rt::Ctx &) {
      T acc = hpprt::identity_like<Op>(T());
      for (index_t i = rt::global_rank(); i < n; i += rt::global_size())
        Op::join(acc, px[i]);
      rt::finish_reduction(hpp_dev_total, acc, true);
    };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    total = hpp_red_total.result();
    if (expect_grid > 0)
      CHECK_MSG(static_cast<int>(hpp_launch.grid.x) == expect_grid,
                "grid %u, expected %d", hpp_launch.grid.x, expect_grid);
    // Flat grids with reductions: >= 8 iterations per thread, one wave.
    CHECK_MSG(hpp_launch.grid.x >= 1 &&
                  hpp_launch.grid.x <= (n + 2047) / 2048 + (n == 0),
              "grid %u for n=%lld", hpp_launch.grid.x, (long long)n);
  }
  T expect = initial;
  for (const T &v : x)
    Op::join(expect, v);
  CHECK_MSG(same_bits(total, expect), "flat n=%lld: %.17g vs %.17g",
            (long long)n, (double)total, (double)expect);
}

/// expect_grid of team_reduction: the grid balanced_grid gives the launch.
constexpr int kBalancedGrid = -2;

/// A team reduction over `league` teams, checked against the host; its
/// grid is expect_grid when positive, smaller than the league when -1,
/// balanced_grid's when kBalancedGrid. *resident, when given, receives how
/// many blocks of the launch fit on the device at once.
template <class Op, class T>
void team_reduction(index_t league, index_t cap, int ts, int vl,
                    const T &initial, int expect_grid, index_t *resident = nullptr) {
  T total = initial;
  {
    rt::Launch hpp_launch("team_reduce", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Team;
    hpp_launch.iterations = league;
    hpp_launch.league_cap = cap;
    hpp_launch.team_size = ts;
    hpp_launch.vector_length = vl;
    rt::Reduction<Op, T> hpp_red_total(hpp_launch, total);
    auto body = [=, hpp_dev_total =
                        hpp_red_total.device()] __device__(const rt::Ctx &) {
      T acc = hpprt::identity_like<Op>(T());
      for (index_t t = rt::league_rank0(); t < league;
           t += rt::league_stride()) {
        // The team's value: its threads' lane-0 values combined.
        const T mine =
            gen<Op, T>(static_cast<unsigned>(t * 64 + rt::thread_rank()));
        const T team_value = rt::thread_allreduce<Op>(mine);
        Op::join(acc, team_value);
      }
      rt::finish_reduction(hpp_dev_total, acc, false);
    };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    total = hpp_red_total.result();
    if (expect_grid > 0)
      CHECK_MSG(static_cast<int>(hpp_launch.grid.x) == expect_grid,
                "grid %u, expected %d", hpp_launch.grid.x, expect_grid);
    if (expect_grid == -1) // league larger than the grid
      CHECK_MSG(hpp_launch.grid.x < league, "grid %u, league %lld",
                hpp_launch.grid.x, (long long)league);
    if (expect_grid == kBalancedGrid || resident) {
      int per_sm = 0, sms = 0;
      const dim3 b = hpp_launch.block;
      CUDA_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
          &per_sm, hpp_kernel<decltype(body)>, static_cast<int>(b.x * b.y * b.z),
          hpp_launch.shared_bytes));
      CUDA_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
      if (resident)
        *resident = index_t{per_sm} * sms;
      if (expect_grid == kBalancedGrid)
        CHECK_MSG(static_cast<index_t>(hpp_launch.grid.x) ==
                      rt::balanced_grid(league, per_sm, sms),
                  "league %lld: grid %u, balanced_grid %lld (%d per SM, %d SMs)",
                  (long long)league, hpp_launch.grid.x,
                  (long long)rt::balanced_grid(league, per_sm, sms), per_sm, sms);
    }
    ts = static_cast<int>(hpp_launch.block.y);
  }
  T expect = initial;
  for (index_t t = 0; t < league; ++t)
    for (int y = 0; y < ts; ++y)
      Op::join(expect, gen<Op, T>(static_cast<unsigned>(t * 64 + y)));
  CHECK_MSG(same_bits(total, expect), "team league=%lld: %.17g vs %.17g",
            (long long)league, (double)total, (double)expect);
}

template <class Op, class T> void reductions_for(const T &initial) {
  flat_reduction<Op, T>(200, initial, 1);
  flat_reduction<Op, T>(7 * 256 - 5, initial, 1);
  flat_reduction<Op, T>(7 * 2048 - 5, initial, 7); // 8 iterations per thread
  flat_reduction<Op, T>(big(3000017, 300017), initial, 0);
  team_reduction<Op, T>(1, 0, 32, 1, initial, 1);
  team_reduction<Op, T>(50, 7, 16, 4, initial, 7);
  team_reduction<Op, T>(big(200000, 5000), 0, 0, 0, initial, -1);
  team_reduction<Op, T>(3000, 0, 8, 32, initial, 0);
  // Leagues a little over the resident blocks, and of a few rounds: the
  // blocks stride over them evenly spread (balanced_grid), every team once.
  index_t resident = 0;
  team_reduction<Op, T>(1, 0, 8, 32, initial, 1, &resident);
  for (index_t league : {resident, resident + 1, resident * 4 / 3, 2 * resident + 1,
                         5 * resident / 2, 11 * resident + 7})
    team_reduction<Op, T>(league, 0, 8, 32, initial, kBalancedGrid);
}

void case_reductions() {
  reductions_for<hpprt::Sum, long long>(5);
  reductions_for<hpprt::Sum, double>(0.25);
  reductions_for<hpprt::Prod, double>(3.0);
  reductions_for<hpprt::Min, int>(7);
  reductions_for<hpprt::Max, double>(-1e300);
  reductions_for<hpprt::BXor, unsigned>(0x1234u);
  reductions_for<hpprt::BAnd, unsigned long long>(~0ull);
  reductions_for<hpprt::LOr, int>(0);
  reductions_for<hpprt::LAnd, int>(1);
}

template <class Op>
void loc_reduction(index_t n, double init_v, int init_i, bool flat,
                   index_t cap) {
  // Values with many ties; the first occurrence must win.
  std::vector<double> x(static_cast<std::size_t>(n));
  for (index_t i = 0; i < n; ++i)
    x[i] = static_cast<double>(hash32(static_cast<unsigned>(i)) % 1000);
  DevBuf<double> dx(x);
  const double *px = dx.p;
  double m = init_v;
  int mi = init_i;
  {
    rt::Launch hpp_launch("loc_reduce", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = flat ? rt::RegionKind::Flat : rt::RegionKind::Team;
    hpp_launch.iterations = n;
    hpp_launch.league_cap = cap;
    rt::LocReduction<Op, double, int> hpp_red_m(hpp_launch, m, mi);
    auto body = [=,
                 hpp_dev_m = hpp_red_m.device()] __device__(const rt::Ctx &) {
      double v = Op::template identity<double>();
      int vi = std::numeric_limits<int>::max();
      if (flat) {
        for (index_t i = rt::global_rank(); i < n; i += rt::global_size())
          if (Op::better(px[i], v)) {
            v = px[i];
            vi = static_cast<int>(i);
          }
        rt::finish_loc_reduction(hpp_dev_m, v, vi, true);
      } else {
        for (index_t t = rt::league_rank0(); t < n; t += rt::league_stride())
          if (Op::better(px[t], v)) {
            v = px[t];
            vi = static_cast<int>(t);
          }
        rt::finish_loc_reduction(hpp_dev_m, v, vi, false);
      }
    };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    std::tie(m, mi) = hpp_red_m.result();
  }
  double em = init_v;
  int ei = init_i;
  for (index_t i = 0; i < n; ++i)
    if (Op::better(x[i], em)) {
      em = x[i];
      ei = static_cast<int>(i);
    }
  CHECK_MSG(m == em && mi == ei, "loc n=%lld flat=%d: (%g,%d) vs (%g,%d)",
            (long long)n, (int)flat, m, mi, em, ei);
}

void case_loc_reductions() {
  for (bool flat : {true, false}) {
    for (index_t n : {index_t(1), index_t(7), index_t(300), index_t(100000),
                      big(2000003, 200003)}) {
      loc_reduction<hpprt::MinLoc>(n, 1e9, -1, flat, 0);
      loc_reduction<hpprt::MaxLoc>(n, -1.0, -1, flat, 0);
      loc_reduction<hpprt::MinLoc>(n, 0.0, 42, flat, 0); // initial wins ties
    }
    loc_reduction<hpprt::MaxLoc>(100000, -1.0, -1, flat, 7);
  }
}

void case_determinism() {
  const index_t n = big(10000000, 1000000);
  std::mt19937_64 rng(12345);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  std::vector<double> x(n);
  for (auto &v : x)
    v = dist(rng) * std::exp(dist(rng) * 20);
  DevBuf<double> dx(x);
  const double *px = dx.p;
  double first = 0;
  for (int run = 0; run < 5; ++run) {
    double total = 0;
    rt::Launch hpp_launch("determinism", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Flat;
    hpp_launch.iterations = n;
    rt::Reduction<hpprt::Sum, double> hpp_red_total(hpp_launch, total);
    auto body = [=, hpp_dev_total =
                        hpp_red_total.device()] __device__(const rt::Ctx &) {
      double acc = 0;
      for (index_t i = rt::global_rank(); i < n; i += rt::global_size())
        acc += px[i];
      rt::finish_reduction(hpp_dev_total, acc, true);
    };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    total = hpp_red_total.result();
    if (run == 0)
      first = total;
    CHECK_MSG(same_bits(total, first), "run %d: %.17g vs %.17g", run, total,
              first);
  }
  long double ref = 0;
  for (double v : x)
    ref += v;
  CHECK_MSG(std::fabs(first - (double)ref) <=
                1e-9 * std::fabs((double)ref) + 1e-6,
            "%.17g vs %.17Lg", first, ref);
}

// ---- scans -----------------------------------------------------------------
template <class T> __host__ __device__ T scan_input(index_t i) {
  const unsigned h = hash32(static_cast<unsigned long long>(i));
  if constexpr (std::is_floating_point<T>::value) // multiples of 1/8: exact
                                                  // sums
    return static_cast<T>(static_cast<int>(h % 1000) - 500) / T(8);
  else
    return static_cast<T>(static_cast<int>(h % 1000) - 500);
}

template <class T> std::vector<T> scan_inputs(index_t n) {
  std::vector<T> x(static_cast<std::size_t>(n));
  for (index_t i = 0; i < n; ++i)
    x[i] = scan_input<T>(i);
  return x;
}

// The shape hppc generates for a scan (runtime protocol 2): pass 1 computes
// each item's contribution, scan_prefixes() gives the exclusive prefixes,
// pass 2 runs only the scan phase. Lanes below the warp's width runs the
// transpose in parts of that many lanes, in place, as 64-lane wavefronts
// do (runtime/gpu/scan.hpp, exchange_lanes): the only way that path runs
// on an NVIDIA GPU.
template <class Op, class T, unsigned Lanes = rt::detail::exchange_lanes>
void scan_case(index_t n, bool inclusive, T initial) {
  const std::vector<T> x = scan_inputs<T>(n);
  DevBuf<T> in(x);
  DevBuf<T> out(static_cast<std::size_t>(n));
  const T *pin = in.p;
  T *po = out.p;
  T total = initial;
  {
    rt::Launch hpp_launch("scan", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Scan;
    hpp_launch.iterations = n;
    rt::Scan<Op, T> hpp_scan_s(hpp_launch, total);
    auto body = [=, hpp_dev_s = hpp_scan_s.device()] __device__(
                    const rt::Ctx &) {
      const hpprt::index_t hpp_tile = hpprt::cuda::scan_tile(hpp_dev_s);
      T hpp_contrib[hpprt::cuda::scan_items], hpp_excl[hpprt::cuda::scan_items];
      for (int hpp_k = 0; hpp_k < hpprt::cuda::scan_items; ++hpp_k) {
        const hpprt::index_t hpp_iv0 = hpprt::cuda::scan_item(hpp_tile, hpp_k);
        T s = Op::template identity<T>();
        if (hpp_iv0 < n) {
          Op::join(s, pin[hpp_iv0]);
        }
        hpp_contrib[hpp_k] = s;
      }
      if (Lanes == rt::detail::exchange_lanes) {
        hpprt::cuda::scan_prefixes(hpp_dev_s, hpp_tile, hpp_contrib, hpp_excl);
      } else {
        using Wait = rt::detail::DefaultLookbackWait;
        for (int hpp_k = 0; hpp_k < hpprt::cuda::scan_items; ++hpp_k)
          hpp_excl[hpp_k] = hpp_contrib[hpp_k];
        if (inclusive)
          rt::detail::scan_prefixes_k<rt::scan_items, true, rt::scan_block, Wait, Lanes>(
              hpp_dev_s, hpp_tile, hpp_excl, hpp_excl);
        else
          rt::detail::scan_prefixes_k<rt::scan_items, false, rt::scan_block, Wait, Lanes>(
              hpp_dev_s, hpp_tile, hpp_excl, hpp_excl);
      }
      for (int hpp_k = 0; hpp_k < hpprt::cuda::scan_items; ++hpp_k) {
        const hpprt::index_t hpp_iv0 = hpprt::cuda::scan_item(hpp_tile, hpp_k);
        if (hpp_iv0 < n) {
          T s = hpp_excl[hpp_k];
          if (inclusive && Lanes == rt::detail::exchange_lanes)
            Op::join(s, hpp_contrib[hpp_k]);
          po[hpp_iv0] = s;
        }
      }
    };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    total = hpp_scan_s.result();
  }
  const std::vector<T> h = out.get();
  T s = initial;
  index_t bad = 0, first_bad = -1;
  for (index_t i = 0; i < n; ++i) {
    const T before = s;
    Op::join(s, x[i]);
    const T expect = inclusive ? s : before;
    if (!same_bits(h[i], expect)) {
      if (first_bad < 0)
        first_bad = i;
      ++bad;
    }
  }
  CHECK_MSG(bad == 0, "scan n=%lld inclusive=%d: %lld wrong, first at %lld",
            (long long)n, (int)inclusive, (long long)bad, (long long)first_bad);
  CHECK_MSG(same_bits(total, s), "scan n=%lld total %.17g vs %.17g",
            (long long)n, (double)total, (double)s);
}

void case_scans() {
  const index_t tile = static_cast<index_t>(rt::scan_block) * rt::scan_items;
  for (index_t n : {index_t(0), index_t(1), index_t(31), index_t(32),
                    index_t(33), index_t(255), index_t(256), index_t(257),
                    tile - 1, tile, tile + 1, 3 * tile + 32 * 5 + 7,
                    big(1000003, 100003)})
    for (bool inc : {true, false}) {
      scan_case<hpprt::Sum, long long>(n, inc, 3);
      scan_case<hpprt::Sum, double>(n, inc, 0.5);
      scan_case<hpprt::Max, long long>(n, inc, -400);
      scan_case<hpprt::Min, double>(n, inc, 450.0);
    }
  scan_case<hpprt::Sum, int>(big(1000003, 100003), true, -2);
  scan_case<hpprt::Min, float>(big(1000003, 100003), false, 1e30f);
  // The transpose in two and four parts of a warp.
  for (index_t n : {index_t(1), index_t(33), index_t(257), tile - 1, tile + 1,
                    3 * tile + 32 * 5 + 7, big(1000003, 100003)})
    for (bool inc : {true, false}) {
      scan_case<hpprt::Sum, long long, 16>(n, inc, 3);
      scan_case<hpprt::Sum, double, 8>(n, inc, 0.5);
      scan_case<hpprt::Max, int, 16>(n, inc, -400);
    }
  if (!g_quick) {
    scan_case<hpprt::Sum, long long>(100000000, true, 7);
    scan_case<hpprt::Sum, double>(100000000, false, 1.0);
    scan_case<hpprt::Max, long long>(100000000, false, -100);
  }
}

// Scans tag their tile states with an epoch instead of clearing them
// (runtime/gpu/scan.hpp): states a previous scan left in the pool's buffer
// must read as unpublished. Scans of one size with different initial values
// would take each other's inclusive prefixes if they did not; sizes going
// up and down leave old states past the smaller grid; changing the value
// type changes the word size, which must clear the buffer.
void case_scan_epochs() {
  namespace gd = hpprt::gpu::detail;
  unsigned epoch = 0;
  std::size_t word = 0;
  gd::ScanEpoch e = gd::next_scan_epoch(epoch, word, 16);
  CHECK(e.epoch == 1 && !e.clear); // a new buffer is zero
  e = gd::next_scan_epoch(epoch, word, 16);
  CHECK(e.epoch == 2 && !e.clear);
  e = gd::next_scan_epoch(epoch, word, 8);
  CHECK(e.epoch == 1 && e.clear); // narrow words over wide ones
  epoch = gd::kMaxScanEpoch - 1;
  e = gd::next_scan_epoch(epoch, word, 8);
  CHECK(e.epoch == gd::kMaxScanEpoch && !e.clear);
  e = gd::next_scan_epoch(epoch, word, 8);
  CHECK(e.epoch == 1 && e.clear); // wrapped
  CHECK((static_cast<unsigned long long>(gd::kMaxScanEpoch) << 2 | 3u) <= 0xffffffffull);

  const index_t tile = static_cast<index_t>(rt::scan_block) * rt::scan_items;
  const index_t sizes[] = {40 * tile + 5, 40 * tile + 5, 3 * tile, 40 * tile + 5, 1,
                           tile + 1, 40 * tile + 5};
  long long initial = 0;
  for (int round = 0; round < 3; ++round)
    for (index_t n : sizes) {
      scan_case<hpprt::Sum, long long>(n, round != 1, ++initial);
      scan_case<hpprt::Sum, int>(n, round == 1, static_cast<int>(++initial));
      scan_case<hpprt::Max, double>(n, true, static_cast<double>(++initial));
    }
  // A scan of zero iterations that takes a buffer of the other word size:
  // the pool's clear must happen although nothing is launched (it once
  // waited for the launch, and a later scan trusted states never cleared).
  // Narrow words after narrow words of another type are filtered by epoch
  // alone.
  for (int round = 0; round < 4; ++round) {
    scan_case<hpprt::Sum, long long>(40 * tile + 5, true, 11 + round);
    scan_case<hpprt::Sum, int>(0, true, 3);
    scan_case<hpprt::Sum, int>(40 * tile + 5, round % 2 == 0, 17 + round);
    scan_case<hpprt::Sum, float>(40 * tile + 5, true, 0.5f + round);
    scan_case<hpprt::Sum, double>(0, false, 1.0);
    scan_case<hpprt::Sum, int>(3 * tile, false, 23 + round);
  }
}

// ---- atomics ---------------------------------------------------------------
template <class T> void test_atomics(const char *tname) {
  static constexpr int kThreads = 64 * 256;
  constexpr bool is_int = std::is_integral<T>::value;
  std::vector<T> init(16, T(0));
  init[4] = std::numeric_limits<T>::max();
  init[5] = std::numeric_limits<T>::lowest();
  init[6] = T(1);
  init[7] = T(1 << 30);
  if (is_int) {
    init[8] = static_cast<T>(~0ull);
    init[11] = T(1);
    init[12] = T(1 << 30);
  }
  DevBuf<T> s(init);
  T *ps = s.p;
  rt::Launch hpp_launch("atomics", "RuntimeCudaTest.cu", __LINE__);
  hpp_launch.kind = rt::RegionKind::Flat;
  hpp_launch.iterations = kThreads;
  auto body = [=] __device__(const rt::Ctx &) {
    const index_t i = rt::global_rank();
    if (i >= kThreads)
      return;
    const unsigned h = hash32(static_cast<unsigned long long>(i));
    rt::atomic_add(&ps[0], T(1));
    rt::atomic_sub(&ps[1], T(1));
    rt::atomic_inc(&ps[2]);
    rt::atomic_dec(&ps[3]);
    const T v = std::is_signed<T>::value
                    ? static_cast<T>(static_cast<int>(h % 2001) - 1000)
                    : static_cast<T>(h % 2001);
    rt::atomic_min(&ps[4], v);
    rt::atomic_max(&ps[5], v);
    if (i < 20) {
      rt::atomic_mul(&ps[6], T(2));
      rt::atomic_div(&ps[7], T(2));
    }
    if constexpr (std::is_integral<T>::value) {
      rt::atomic_and(&ps[8], static_cast<T>(~(T(1) << (i % 30))));
      rt::atomic_or(&ps[9], static_cast<T>(T(1) << (i % 30)));
      rt::atomic_xor(&ps[10], static_cast<T>(h));
      if (i < 20) {
        rt::atomic_shl(&ps[11], T(1));
        rt::atomic_shr(&ps[12], T(1));
      }
    }
    rt::atomic_exchange(&ps[13], static_cast<T>(i + 1));
    const T old =
        rt::atomic_compare_exchange(&ps[14], T(0), static_cast<T>(i + 1));
    if (old == T(0))
      rt::atomic_add(&ps[15], T(1));
  };
  rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
  const auto r = s.get();
  T mn = init[4], mx = init[5], x = 0;
  for (int i = 0; i < kThreads; ++i) {
    const unsigned h = hash32(static_cast<unsigned long long>(i));
    const T v = std::is_signed<T>::value
                    ? static_cast<T>(static_cast<int>(h % 2001) - 1000)
                    : static_cast<T>(h % 2001);
    mn = v < mn ? v : mn;
    mx = mx < v ? v : mx;
    if constexpr (is_int)
      x = static_cast<T>(x ^ static_cast<T>(h));
  }
  CHECK_MSG(r[0] == T(kThreads), "%s add", tname);
  CHECK_MSG(r[1] == static_cast<T>(T(0) - T(kThreads)), "%s sub", tname);
  CHECK_MSG(r[2] == T(kThreads), "%s inc", tname);
  CHECK_MSG(r[3] == static_cast<T>(T(0) - T(kThreads)), "%s dec", tname);
  CHECK_MSG(r[4] == mn && r[5] == mx, "%s min/max", tname);
  CHECK_MSG(r[6] == T(1 << 20), "%s mul", tname);
  CHECK_MSG(r[7] == T(1 << 10), "%s div", tname);
  if (is_int) {
    CHECK_MSG(r[8] == static_cast<T>(~0ull << 30), "%s and", tname);
    CHECK_MSG(r[9] == T((1u << 30) - 1), "%s or", tname);
    CHECK_MSG(r[10] == x, "%s xor", tname);
    CHECK_MSG(r[11] == T(1 << 20) && r[12] == T(1 << 10), "%s shl/shr", tname);
  }
  CHECK_MSG(r[13] >= T(1) && r[13] <= T(kThreads), "%s exchange", tname);
  CHECK_MSG(r[14] >= T(1) && r[14] <= T(kThreads) && r[15] == T(1),
            "%s compare_exchange", tname);
}

template <class T> void test_signed_zero() {
  std::vector<T> init = {T(0), -T(0)};
  DevBuf<T> s(init);
  T *ps = s.p;
  rt::Launch hpp_launch("signed_zero", "RuntimeCudaTest.cu", __LINE__);
  hpp_launch.kind = rt::RegionKind::Flat;
  hpp_launch.iterations = 4096;
  auto body = [=] __device__(const rt::Ctx &) {
    rt::atomic_min(&ps[0], -T(0)); // -0 < +0 is false: +0 stays
    rt::atomic_max(&ps[1], T(0));  // +0 > -0 is false: -0 stays
  };
  rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
  const auto r = s.get();
  CHECK(!std::signbit(r[0]) && std::signbit(r[1]));
  // Negative values through the bit-pattern CAS.
  std::vector<T> init2 = {T(-1), T(-1)};
  s.put(init2);
  auto body2 = [=] __device__(const rt::Ctx &) {
    const index_t i = rt::global_rank();
    if (i < 4096) {
      rt::atomic_min(&ps[0], -static_cast<T>(i) - T(0.5));
      rt::atomic_max(&ps[1], -static_cast<T>(i) - T(0.5));
    }
  };
  rt::launch(hpp_launch, hpp_kernel<decltype(body2)>, body2);
  const auto r2 = s.get();
  CHECK(r2[0] == -T(4095.5) && r2[1] == T(-0.5));
}

void case_atomics() {
  test_atomics<int>("int");
  test_atomics<unsigned>("unsigned");
  test_atomics<long long>("long long");
  test_atomics<unsigned long long>("unsigned long long");
  test_atomics<long>("long");
  test_atomics<float>("float");
  test_atomics<double>("double");
  test_signed_zero<float>();
  test_signed_zero<double>();
}

// ---- scratch
// -----------------------------------------------------------------
void scratch_case(int ts, int vl, std::size_t team_ints0,
                  std::size_t thread_ints0, std::size_t team_ints1,
                  std::size_t thread_ints1, index_t league) {
  if (g_quick)
    league = league / 5 + 1;
  DevBuf<long long> out(static_cast<std::size_t>(league));
  DevBuf<int> errors(1);
  CUDA_OK(cudaMemset(errors.p, 0, sizeof(int)));
  long long *po = out.p;
  int *perr = errors.p;
  rt::Launch hpp_launch("scratch", "RuntimeCudaTest.cu", __LINE__);
  hpp_launch.iterations = league;
  hpp_launch.team_size = ts;
  hpp_launch.vector_length = vl;
  hpp_launch.nested_vector = true;
  hpp_launch.scratch_team_bytes[0] = team_ints0 * sizeof(int);
  hpp_launch.scratch_thread_bytes[0] = thread_ints0 * sizeof(int);
  hpp_launch.scratch_team_bytes[1] = team_ints1 * sizeof(int);
  hpp_launch.scratch_thread_bytes[1] = thread_ints1 * sizeof(int);
  auto body = [=] __device__(const rt::Ctx &hpp_ctx) {
    int *team0 = reinterpret_cast<int *>(hpp_ctx.scratch0());
    int *thread0 = reinterpret_cast<int *>(
        hpp_ctx.scratch0() + hpp_ctx.scratch0_team_bytes +
        threadIdx.y * hpp_ctx.scratch0_thread_bytes);
    int *team1 = reinterpret_cast<int *>(hpp_ctx.scratch1());
    int *thread1 = reinterpret_cast<int *>(
        hpp_ctx.scratch1() + hpp_ctx.scratch1_team_bytes +
        threadIdx.y * hpp_ctx.scratch1_thread_bytes);
    for (index_t t = rt::league_rank0(); t < league; t += rt::league_stride()) {
      const int tv = static_cast<int>(t);
      for (std::size_t k = rt::team_vector_rank(); k < team_ints0;
           k += rt::team_vector_size())
        team0[k] = tv * 3 + static_cast<int>(k);
      for (std::size_t k = rt::team_vector_rank(); k < team_ints1;
           k += rt::team_vector_size())
        team1[k] = tv * 5 + static_cast<int>(k);
      for (std::size_t k = rt::vector_rank(); k < thread_ints0;
           k += rt::vector_length())
        thread0[k] = tv + rt::thread_rank() * 7 + static_cast<int>(k);
      for (std::size_t k = rt::vector_rank(); k < thread_ints1;
           k += rt::vector_length())
        thread1[k] = tv + rt::thread_rank() * 11 + static_cast<int>(k);
      rt::team_barrier();
      long long sum = 0;
      int bad = 0;
      // Read what other threads wrote (reversed mapping).
      const int r = rt::team_vector_size() - 1 - rt::team_vector_rank();
      for (std::size_t k = r; k < team_ints0; k += rt::team_vector_size()) {
        bad += team0[k] != tv * 3 + static_cast<int>(k);
        sum += team0[k];
      }
      for (std::size_t k = r; k < team_ints1; k += rt::team_vector_size()) {
        bad += team1[k] != tv * 5 + static_cast<int>(k);
        sum += team1[k];
      }
      const int rl = rt::vector_length() - 1 - rt::vector_rank();
      for (std::size_t k = rl; k < thread_ints0; k += rt::vector_length())
        bad += thread0[k] != tv + rt::thread_rank() * 7 + static_cast<int>(k);
      for (std::size_t k = rl; k < thread_ints1; k += rt::vector_length())
        bad += thread1[k] != tv + rt::thread_rank() * 11 + static_cast<int>(k);
      sum = rt::team_vector_allreduce<hpprt::Sum>(sum);
      bad = rt::team_vector_allreduce<hpprt::Sum>(bad);
      if (rt::is_team_leader()) {
        po[t] = sum;
        if (bad)
          atomicAdd(perr, bad);
      }
      rt::team_barrier(); // scratch is rewritten by the next team
    }
  };
  rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
  const auto h = out.get();
  const int e = errors.get()[0];
  index_t bad_sums = 0;
  for (index_t t = 0; t < league; ++t) {
    long long expect = 0;
    for (std::size_t k = 0; k < team_ints0; ++k)
      expect += t * 3 + static_cast<long long>(k);
    for (std::size_t k = 0; k < team_ints1; ++k)
      expect += t * 5 + static_cast<long long>(k);
    bad_sums += h[t] != expect;
  }
  CHECK_MSG(
      e == 0 && bad_sums == 0,
      "scratch ts=%d vl=%d (%zu,%zu,%zu,%zu): %d wrong reads, %lld wrong sums "
      "(chose team %u x vector %u, grid %u, shared %zu)",
      ts, vl, team_ints0, thread_ints0, team_ints1, thread_ints1, e,
      (long long)bad_sums, hpp_launch.block.y, hpp_launch.block.x,
      hpp_launch.grid.x, hpp_launch.shared_bytes);
}

void case_scratch() {
  scratch_case(64, 1, 1000, 16, 0, 0, 5000);
  scratch_case(0, 0, 1000, 16, 0, 0, 5000);          // AUTO team and vector
  scratch_case(8, 4, 0, 0, 20000, 100, 3000);        // level 1 only
  scratch_case(0, 0, 300, 9, 5000, 33, 3000);        // both levels, AUTO
  scratch_case(16, 8, 25000, 64, 100000, 1000, 700); // > 48 KiB shared (opt-in)
  scratch_case(0, 0, 0, 3000, 0, 0, 500); // AUTO with large per-thread need
}

// ---- errors ----------------------------------------------------------------
bool contains(const std::string &s, const char *part) {
  return s.find(part) != std::string::npos;
}

void case_errors() {
  auto body = [=] __device__(const rt::Ctx &) {};
  for (int rep = 0; rep < 2; ++rep) { // cached plans: every launch fails
    rt::Launch hpp_launch("bigteam", "errs.cpp", 123);
    hpp_launch.iterations = 10;
    hpp_launch.team_size = 2048;
    hpp_launch.vector_length = 1;
    std::string msg;
    try {
      rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    } catch (const hpprt::Error &e) {
      msg = e.what();
    }
    if (rep == 0)
      std::printf("    message: %s\n", msg.c_str());
    CHECK(contains(msg.c_str(), "hpp: kernel 'bigteam' (errs.cpp:123)"));
    CHECK(contains(msg.c_str(), "team_size 2048"));
    CHECK(contains(msg.c_str(), "1024 threads per block"));
  }
  for (int rep = 0; rep < 2; ++rep) { // cached plans: every launch fails
    rt::Launch hpp_launch("bigscratch", "errs.cpp", 456);
    hpp_launch.iterations = 10;
    hpp_launch.scratch_team_bytes[0] = 300000;
    std::string msg;
    try {
      rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    } catch (const hpprt::Error &e) {
      msg = e.what();
    }
    if (rep == 0)
      std::printf("    message: %s\n", msg.c_str());
    CHECK(contains(msg.c_str(), "hpp: kernel 'bigscratch' (errs.cpp:456)"));
    CHECK(contains(msg.c_str(), "level-0 scratch of 300000 bytes per team"));
    CHECK(contains(msg.c_str(), "bytes of shared memory per block"));
  }
  for (int rep = 0; rep < 2; ++rep) { // cached plans: every launch fails
    rt::Launch hpp_launch("badvector", "errs.cpp", 789);
    hpp_launch.iterations = 10;
    hpp_launch.vector_length = 3;
    std::string msg;
    try {
      rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    } catch (const hpprt::Error &e) {
      msg = e.what();
    }
    if (rep == 0)
      std::printf("    message: %s\n", msg.c_str());
    CHECK(contains(msg.c_str(), "'badvector' (errs.cpp:789)") &&
          contains(msg.c_str(), "vector_length 3"));
  }
  {
    // A kernel fault is reported with the kernel's name (no sticky error
    // test here: it would break the context for the cases after it).
    rt::Launch hpp_launch("after_errors", "errs.cpp", 1);
    hpp_launch.iterations = 10;
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body); // still works
  }
}

void case_check_pointer() {
  int pageable = 0;
  CUDA_OK(
      cudaDeviceGetAttribute(&pageable, cudaDevAttrPageableMemoryAccess, 0));
  std::printf("    device reports pageableMemoryAccess = %d\n", pageable);
  rt::Launch hpp_launch("ptrs", "ptrs.cpp", 9);
  double *host = static_cast<double *>(std::malloc(100 * sizeof(double)));
  std::string msg;
  try {
    hpp_launch.check_pointer(host, "host");
  } catch (const hpprt::Error &e) {
    msg = e.what();
  }
  std::printf("    malloc'd pointer: %s\n",
              msg.empty() ? "accepted" : msg.c_str());
  if (pageable)
    CHECK(msg.empty());
  else
    CHECK(contains(msg.c_str(), "'ptrs' (ptrs.cpp:9)") &&
          contains(msg.c_str(), "'host'"));
  std::free(host);
  double *dev = hpp::alloc<double>(100, hpp::Space::Device);
  double *shared = hpp::alloc<double>(100, hpp::Space::Shared);
  double *pinned = hpp::alloc<double>(100, hpp::Space::HostPinned);
  double *plain = hpp::alloc<double>(100, hpp::Space::Host);
  bool threw = false;
  try {
    hpp_launch.check_pointer(dev, "dev");
    hpp_launch.check_pointer(shared, "shared");
    hpp_launch.check_pointer(pinned, "pinned");
    hpp_launch.check_pointer(static_cast<const double *>(nullptr), "null");
  } catch (const hpprt::Error &e) {
    threw = true;
    std::printf("    unexpected: %s\n", e.what());
  }
  CHECK(!threw);
  // The spaces are usable from a kernel (Host only with pageable access).
  rt::Launch l2("alloc_spaces", "ptrs.cpp", 10);
  l2.kind = rt::RegionKind::Flat;
  l2.iterations = 100;
  auto body = [=] __device__(const rt::Ctx &) {
    const index_t i = rt::global_rank();
    if (i < 100) {
      dev[i] = i;
      shared[i] = 2.0 * i;
      pinned[i] = 3.0 * i;
    }
  };
  rt::launch(l2, hpp_kernel<decltype(body)>, body);
  std::vector<double> h(100);
  CUDA_OK(
      cudaMemcpy(h.data(), dev, 100 * sizeof(double), cudaMemcpyDeviceToHost));
  CHECK(h[99] == 99.0 && shared[99] == 198.0 && pinned[99] == 297.0);
  hpp::free(dev);
  hpp::free(shared);
  hpp::free(pinned);
  hpp::free(plain);
  hpp::fence();
}

void case_zero_iterations() {
  DevBuf<int> flag(1);
  CUDA_OK(cudaMemset(flag.p, 0, sizeof(int)));
  int *pf = flag.p;
  for (rt::RegionKind kind :
       {rt::RegionKind::Team, rt::RegionKind::Flat, rt::RegionKind::Scan}) {
    long long total = 42;
    rt::Launch hpp_launch("zero", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = kind;
    hpp_launch.iterations = 0;
    hpp_launch.scratch_team_bytes[1] = 1000;
    rt::Reduction<hpprt::Sum, long long> hpp_red(hpp_launch, total);
    rt::LocReduction<hpprt::MinLoc, double, int> hpp_loc(hpp_launch, 1.5, 3);
    rt::Scan<hpprt::Sum, long long> hpp_scan(hpp_launch, total);
    auto body = [=] __device__(const rt::Ctx &) { *pf = 1; };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    CHECK(hpp_red.result() == 42);
    CHECK(hpp_scan.result() == 42);
    const auto loc = hpp_loc.result();
    CHECK(loc.first == 1.5 && loc.second == 3);
  }
  CHECK(flag.get()[0] == 0);
}

// ---- user reductions (hpprt::UserOp) ---------------------------------------
// Struct values: Stats has member initialisers (so __shared__ arrays of it
// need raw storage) and 24 bytes; Bytes3 has 3 bytes and alignment 1 (its
// shuffle words carry padding, the grid combine copies bytes); ModSum's
// reducer has state.
struct Stats {
  long long sum = 0;
  int count = 0;
  int max = -1000000;
};
struct StatsReducer {
  __host__ __device__ void init(Stats &v) const { v = Stats{}; }
  __host__ __device__ void join(Stats &a, const Stats &b) const {
    a.sum += b.sum;
    a.count += b.count;
    if (b.max > a.max)
      a.max = b.max;
  }
};
struct Bytes3 {
  unsigned char a, b, c;
};
struct Bytes3Reducer { // no init: Bytes3{} is the identity
  __host__ __device__ void join(Bytes3 &x, const Bytes3 &y) const {
    x.a = static_cast<unsigned char>(x.a + y.a);
    x.b = x.b ^ y.b;
    x.c = y.c > x.c ? y.c : x.c;
  }
};
struct ModSum { // no join: +=, with the modulus applied by the user's body
  long long modulus;
  __host__ __device__ void init(long long &v) const { v = 0 * modulus; }
};
static_assert(!std::is_trivially_default_constructible<Stats>::value,
              "Stats exercises the raw shared storage");
static_assert(sizeof(Bytes3) == 3 && alignof(Bytes3) == 1, "odd size");

__host__ __device__ inline Stats stats_of(unsigned key) {
  const int v = static_cast<int>(hash32(key) % 1000) - 500;
  Stats s;
  s.sum = v;
  s.count = 1;
  s.max = v;
  return s;
}
__host__ __device__ inline Bytes3 bytes_of(unsigned key) {
  const unsigned h = hash32(key);
  return Bytes3{static_cast<unsigned char>(h), static_cast<unsigned char>(h >> 8),
                static_cast<unsigned char>(h >> 16)};
}

template <class R, class T, class Gen>
void user_collectives(const R &reducer, Gen gen, int ts, int vl, const char *what) {
  const int league = 5, per_team = ts * vl;
  const std::size_t total = static_cast<std::size_t>(league) * per_team;
  DevBuf<T> vec(total), thr(total), tv(total);
  T *pv = vec.p, *pt = thr.p, *ptv = tv.p;
  const auto op = hpprt::user_op(reducer);
  rt::Launch hpp_launch("user_collectives", "RuntimeCudaTest.cu", __LINE__);
  hpp_launch.kind = rt::RegionKind::Team;
  hpp_launch.iterations = league;
  hpp_launch.team_size = ts;
  hpp_launch.vector_length = vl;
  auto body = [=] __device__(const rt::Ctx &) {
    for (index_t t = rt::league_rank0(); t < league; t += rt::league_stride()) {
      const unsigned key = static_cast<unsigned>(t * per_team + rt::team_vector_rank());
      const T v = gen(key);
      pv[key] = rt::vector_allreduce(v, op);
      pt[key] = rt::thread_allreduce(v, op);
      ptv[key] = rt::team_vector_allreduce(v, op);
    }
  };
  rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
  const auto hv = vec.get(), ht = thr.get(), htv = tv.get();
  int bad = 0;
  for (int t = 0; t < league; ++t) {
    T all = op.template identity<T>(), thr0 = op.template identity<T>();
    for (int k = 0; k < per_team; ++k) {
      op.join(all, gen(t * per_team + k));
      if (k % vl == 0)
        op.join(thr0, gen(t * per_team + k));
    }
    for (int y = 0; y < ts; ++y) {
      T lanes = op.template identity<T>();
      for (int x = 0; x < vl; ++x)
        op.join(lanes, gen(t * per_team + y * vl + x));
      for (int x = 0; x < vl; ++x) {
        const int k = t * per_team + y * vl + x;
        bad += !same_bits(hv[k], lanes) || !same_bits(ht[k], thr0) ||
               !same_bits(htv[k], all);
      }
    }
  }
  CHECK_MSG(bad == 0, "%s team %d vector %d: %d wrong", what, ts, vl, bad);
}

template <class R, class T, class Gen>
void user_grid_reduction(const R &reducer, Gen gen, index_t n, bool flat, const T &initial,
                         const char *what) {
  const auto op = hpprt::user_op(reducer);
  T total = initial;
  {
    rt::Launch hpp_launch("user_reduce", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = flat ? rt::RegionKind::Flat : rt::RegionKind::Team;
    hpp_launch.iterations = n;
    if (!flat)
      hpp_launch.team_size = 4;
    rt::Reduction<std::decay_t<decltype(op)>, T> hpp_red(hpp_launch, total, op);
    auto body = [=, hpp_dev = hpp_red.device()] __device__(const rt::Ctx &) {
      T acc = op.template identity<T>();
      if (flat) {
        for (index_t i = rt::global_rank(); i < n; i += rt::global_size())
          op.join(acc, gen(static_cast<unsigned>(i)));
      } else {
        for (index_t t = rt::league_rank0(); t < n; t += rt::league_stride())
          op.join(acc, gen(static_cast<unsigned>(t))); // every thread: the team value
      }
      rt::finish_reduction(hpp_dev, acc, flat, op);
    };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    total = hpp_red.result();
  }
  T expect = initial;
  for (index_t i = 0; i < n; ++i)
    op.join(expect, gen(static_cast<unsigned>(i)));
  CHECK_MSG(same_bits(total, expect), "%s %s n=%lld", what, flat ? "flat" : "team",
            (long long)n);
}

void case_user_reductions() {
  const int configs[][2] = {{64, 1}, {16, 4}, {4, 32}, {3, 8}, {1024, 1}};
  auto stats = [] __host__ __device__(unsigned k) { return stats_of(k); };
  auto bytes = [] __host__ __device__(unsigned k) { return bytes_of(k); };
  auto mods = [] __host__ __device__(unsigned k) {
    return static_cast<long long>(hash32(k) % 1000);
  };
  for (auto &c : configs) {
    user_collectives<StatsReducer, Stats>(StatsReducer{}, stats, c[0], c[1], "stats");
    user_collectives<Bytes3Reducer, Bytes3>(Bytes3Reducer{}, bytes, c[0], c[1], "bytes3");
    user_collectives<ModSum, long long>(ModSum{7}, mods, c[0], c[1], "modsum");
  }
  Stats init;
  init.sum = 3;
  init.count = 2;
  init.max = 1;
  for (index_t n : {index_t(0), index_t(1), index_t(5000), big(1000003, 100003)})
    for (bool flat : {true, false}) {
      user_grid_reduction(StatsReducer{}, stats, n, flat, init, "stats");
      user_grid_reduction(Bytes3Reducer{}, bytes, n, flat, Bytes3{1, 2, 3}, "bytes3");
      user_grid_reduction(ModSum{7}, mods, n, flat, 11LL, "modsum");
    }
}

void case_streams_nowait() {
  cudaStream_t stream;
  CUDA_OK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  const index_t n = 1 << 20;
  for (int rep = 0; rep < 20; ++rep) {
    long long total = rep;
    rt::Launch hpp_launch("nowait", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Flat;
    hpp_launch.iterations = n;
    hpp_launch.stream = stream;
    hpp_launch.nowait = true;
    rt::Reduction<hpprt::Sum, long long> hpp_red(hpp_launch, total);
    auto body = [=, d = hpp_red.device()] __device__(const rt::Ctx &) {
      long long acc = 0;
      for (index_t i = rt::global_rank(); i < n; i += rt::global_size())
        acc += i;
      rt::finish_reduction(d, acc, true);
    };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    if (rep % 2 == 0) // odd reps: destroyed unread while the kernel may run
      CHECK(hpp_red.result() == rep + n * (n - 1) / 2);
  }
  CUDA_OK(cudaStreamSynchronize(stream));
  CUDA_OK(cudaStreamDestroy(stream));
}

// A reduction over device memory (device_only) waits for its ready word,
// not for the kernel's end: block 0 keeps running after it arrived, until
// the host lets it go (or ~2 s pass, which a wait for the stream would
// have to sit out: *late). The value is exact either way.
__device__ void hold_until(volatile int *go, int *late) {
  const long long start = clock64();
  while (*go == 0)
    if (clock64() - start > 4000000000ll) { // ~2 s at 2 GHz
      *late = 1;
      return;
    }
}

/// After result() returned: the kernel on stream, held by hold_until,
/// must not have ended yet; releases it and checks that it did not give
/// up waiting (which a result() waiting for the stream would have made it
/// do). Under a sanitizer (--quick) the kernel may take longer than the
/// millisecond result() spins before it waits for the stream.
void release_held(cudaStream_t stream, int *hold, const char *what) {
  if (!g_quick)
    CHECK_MSG(cudaStreamQuery(stream) == cudaErrorNotReady,
              "%s: the kernel had ended before result() returned", what);
  (void)cudaGetLastError();
  reinterpret_cast<volatile int *>(hold)[0] = 1;
  CUDA_OK(cudaStreamSynchronize(stream));
  if (!g_quick)
    CHECK_MSG(hold[1] == 0, "%s: result() waited for the kernel's end", what);
  hold[0] = hold[1] = 0;
}

/// The two words hold_until takes (go, late), in mapped pinned memory,
/// zeroed; *device receives their device address. Freed with cudaFreeHost.
int *mapped_hold(int **device) {
  int *hold = nullptr;
  CUDA_OK(cudaHostAlloc(&hold, 2 * sizeof(int), cudaHostAllocMapped));
  CUDA_OK(cudaHostGetDevicePointer(device, hold, 0));
  hold[0] = hold[1] = 0;
  return hold;
}

void case_result_ready() {
  cudaStream_t stream;
  CUDA_OK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  int *dhold = nullptr;
  int *const hold = mapped_hold(&dhold);
  const index_t n = 1 << 20;
  for (int rep = 0; rep < 3; ++rep) {
    long long total = rep;
    rt::Launch hpp_launch("result_ready", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Flat;
    hpp_launch.iterations = n;
    hpp_launch.stream = stream;
    hpp_launch.device_only = true;
    rt::Reduction<hpprt::Sum, long long> hpp_red(hpp_launch, total);
    int *const h = dhold;
    auto body = [=, d = hpp_red.device()] __device__(const rt::Ctx &) {
      long long acc = 0;
      for (index_t i = rt::global_rank(); i < n; i += rt::global_size())
        acc += i;
      rt::finish_reduction(d, acc, true);
      if (blockIdx.x == 0 && threadIdx.x == 0)
        hold_until(h, h + 1);
    };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    CHECK(hpp_red.result() == rep + n * (n - 1) / 2);
    release_held(stream, hold, "sum");
  }

  // A scan's total: ready once every block has passed finish_scan (block 0
  // is held after it), then every item is stored. A scan of more tiles
  // than scan_ready_tiles publishes no ready word: its total comes through
  // the stream's wait (block 0 is not held then).
  for (const index_t tiles : {index_t{301}, index_t{rt::scan_ready_tiles} + 88}) {
    const bool held = tiles <= index_t{rt::scan_ready_tiles};
    const index_t m = (tiles - 1) * (rt::scan_block * rt::scan_items) + 17;
    std::vector<long long> sx(static_cast<std::size_t>(m));
    for (index_t i = 0; i < m; ++i)
      sx[i] = (i * 31) % 1000;
    DevBuf<long long> in(sx);
    DevBuf<long long> out(static_cast<std::size_t>(m));
    const long long *pin = in.p;
    long long *po = out.p;
    long long total = 5;
    rt::Launch hpp_launch("result_ready_scan", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Scan;
    hpp_launch.iterations = m;
    hpp_launch.stream = stream;
    hpp_launch.device_only = true;
    rt::Scan<hpprt::Sum, long long> hpp_scan(hpp_launch, total);
    int *const h = held ? dhold : nullptr;
    auto body = [=, d = hpp_scan.device()] __device__(const rt::Ctx &) {
      const index_t tile = rt::scan_tile(d);
      long long items[rt::scan_items];
      for (int k = 0; k < rt::scan_items; ++k) {
        const index_t i = rt::scan_item(tile, k);
        items[k] = i < m ? pin[i] : 0;
      }
      rt::scan_prefixes_in_place<false>(d, tile, items);
      for (int k = 0; k < rt::scan_items; ++k) {
        const index_t i = rt::scan_item(tile, k);
        if (i < m)
          po[i] = items[k];
      }
      rt::finish_scan(d);
      if (h && blockIdx.x == 0 && threadIdx.x == 0)
        hold_until(h, h + 1);
    };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    CHECK(hpp_launch.grid.x == static_cast<unsigned>(tiles));
    total = hpp_scan.result();
    if (held)
      release_held(stream, hold, "scan");
    const std::vector<long long> got = out.get();
    long long run = 5;
    index_t bad = 0, first_bad = -1;
    long long first_got = 0, first_want = 0;
    for (index_t i = 0; i < m; ++i) {
      if (got[i] != run && bad++ == 0) {
        first_bad = i;
        first_got = got[i];
        first_want = run;
      }
      run += sx[i];
    }
    CHECK_MSG(bad == 0, "scan of %lld tiles: %lld prefixes wrong, the first at %lld: %lld, not %lld",
              (long long)tiles, (long long)bad, (long long)first_bad, first_got, first_want);
    CHECK_MSG(total == run, "scan of %lld tiles: total %lld vs %lld", (long long)tiles, total,
              run);
  }
  CUDA_OK(cudaFreeHost(hold));

  // Buffers handed out again as soon as the value is read: back-to-back
  // reductions on two streams (a minloc too), every value exact.
  cudaStream_t other;
  CUDA_OK(cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking));
  std::vector<double> x(static_cast<std::size_t>(n));
  for (index_t i = 0; i < n; ++i)
    x[i] = static_cast<double>((i * 7919) % 100003);
  DevBuf<double> dx(x);
  const double *px = dx.p;
  for (int rep = 0; rep < 200; ++rep) {
    const index_t m = n - rep * 37;
    double expect = 0, best = 1e300;
    int at = -1;
    for (index_t i = 0; i < m; ++i) {
      expect += x[i];
      if (x[i] + rep < best) {
        best = x[i] + rep;
        at = static_cast<int>(i);
      }
    }
    double sum = 0;
    std::pair<double, int> loc;
    rt::Launch hpp_launch("result_ready_reuse", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Flat;
    hpp_launch.iterations = m;
    hpp_launch.stream = rep % 2 ? other : stream;
    hpp_launch.device_only = true;
    rt::Reduction<hpprt::Sum, double> hpp_red(hpp_launch, sum);
    rt::LocReduction<hpprt::MinLoc, double, int> hpp_loc(hpp_launch, 1e300, -1);
    auto body = [=, d = hpp_red.device(), l = hpp_loc.device()] __device__(const rt::Ctx &) {
      double acc = 0, v = 1e300;
      int vi = -1;
      for (index_t i = rt::global_rank(); i < m; i += rt::global_size()) {
        acc += px[i];
        rt::detail::loc_join<hpprt::MinLoc>(v, vi, px[i] + rep, static_cast<int>(i));
      }
      rt::finish_reduction(d, acc, true);
      rt::finish_loc_reduction(l, v, vi, true);
    };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    sum = hpp_red.result();
    loc = hpp_loc.result();
    // Integers below 2^53 in any order: exact.
    CHECK_MSG(sum == expect, "rep %d: sum %.17g vs %.17g", rep, sum, expect);
    CHECK_MSG(loc.first == best && loc.second == at, "rep %d: minloc (%g, %d) vs (%g, %d)",
              rep, loc.first, loc.second, best, at);
  }
  // A read result leaves no work of the region for later launches to wait
  // for: the program may destroy its streams, and the next launch (on
  // another stream) must not record an event on them.
  CUDA_OK(cudaStreamDestroy(stream));
  CUDA_OK(cudaStreamDestroy(other));
  flat_reduction<hpprt::Sum, long long>(1 << 16, 0, 0);
}

// ---- buffer pools ----------------------------------------------------------
// A kernel that runs until the host sets *go (mapped pinned memory) or about
// two seconds have passed; *late records the timeout.
__global__ void spin_until(volatile int *go, int *late) {
  const long long start = clock64();
  while (*go == 0)
    if (clock64() - start > 4000000000ll) { // ~2 s at 2 GHz
      *late = 1;
      return;
    }
}

struct Spinner {
  int *host = nullptr, *dev = nullptr;
  explicit Spinner(cudaStream_t s) {
    CUDA_OK(cudaHostAlloc(&host, 2 * sizeof(int), cudaHostAllocMapped));
    host[0] = host[1] = 0;
    CUDA_OK(cudaHostGetDevicePointer(&dev, host, 0));
    spin_until<<<1, 1, 0, s>>>(dev, dev + 1);
    CUDA_OK(cudaGetLastError());
  }
  /// Releases the kernel; true when it was still waiting for the host.
  bool release(cudaStream_t s) {
    reinterpret_cast<volatile int *>(host)[0] = 1;
    CUDA_OK(cudaStreamSynchronize(s));
    const bool waited = host[1] == 0;
    CUDA_OK(cudaFreeHost(host));
    return waited;
  }
};

// Growing a pool never waits for the device: while a kernel on one stream
// waits for the host, buffers of every kind grow (and the smaller ones are
// retired) for another stream. A pool that synchronised the device (or freed
// with cudaFree) would wait for the spinning kernel until it timed out.
// device_into: a result for device-only memory is written there by the
// kernel's last block (initial ⊕ the result) and nothing waits for it:
// launch() returns while block 0 is still held, delivered() says so, and
// the value is there once the stream ends. Memory the host can read
// (pinned), no target, or no launch (zero iterations) leave the result to
// result(), and the target untouched. Launch::apart says when several
// results may go into their targets so.
void case_reduce_into() {
  cudaStream_t stream;
  CUDA_OK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  int *dhold = nullptr;
  int *const hold = mapped_hold(&dhold);
  long long *pinned = nullptr;
  CUDA_OK(cudaHostAlloc(&pinned, sizeof(long long), cudaHostAllocMapped));
  DevBuf<long long> device_target(1);
  enum Target { Device, Pinned, None };
  for (const Target target : {Device, Pinned, None})
    for (const index_t n : {index_t{1} << 20, index_t{0}}) {
      const long long initial = 5;
      *pinned = -1;
      CUDA_OK(cudaMemsetAsync(device_target.p, 0xCD, sizeof(long long), stream));
      rt::Launch hpp_launch("reduce_into", "RuntimeCudaTest.cu", __LINE__);
      hpp_launch.kind = rt::RegionKind::Flat;
      hpp_launch.iterations = n;
      hpp_launch.stream = stream;
      hpp_launch.device_only = true;
      rt::Reduction<hpprt::Sum, long long> hpp_red(hpp_launch, initial);
      long long *const to = target == Device ? device_target.p : target == Pinned ? pinned : nullptr;
      const bool held = target == Device && n > 0;
      int *const h = dhold;
      auto body = [=, d = hpp_red.device_into(to)] __device__(const rt::Ctx &) {
        long long acc = 0;
        for (index_t i = rt::global_rank(); i < n; i += rt::global_size())
          acc += i;
        rt::finish_reduction(d, acc, true);
        if (held && blockIdx.x == 0 && threadIdx.x == 0)
          hold_until(h, h + 1);
      };
      rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
      const long long expect = initial + n * (n - 1) / 2;
      CHECK(hpp_red.delivered() == held);
      if (held) {
        release_held(stream, hold, "reduce_into");
        CHECK(device_target.get()[0] == expect);
      } else {
        CHECK(hpp_red.result() == expect);
        CUDA_OK(cudaStreamSynchronize(stream));
        CHECK(*pinned == -1);
        CHECK(device_target.get()[0] == static_cast<long long>(0xCDCDCDCDCDCDCDCDull));
      }
    }
  CUDA_OK(cudaFreeHost(pinned));
  CUDA_OK(cudaFreeHost(hold));
  CUDA_OK(cudaStreamDestroy(stream));
  // Launch::apart, which lets several results go into views: objects
  // apart, adjacent, the same, and a narrower one inside a wider one.
  alignas(8) unsigned char bytes[32] = {};
  auto *d = reinterpret_cast<double *>(bytes);
  auto *f = reinterpret_cast<float *>(bytes + 4);
  CHECK(rt::Launch::apart(d, d + 1, d + 2));
  CHECK(!rt::Launch::apart(d, d + 1, d));
  CHECK(!rt::Launch::apart(d, f));
  CHECK(rt::Launch::apart(f, d + 1));
  CHECK(rt::Launch::apart(d));
}

void case_pool_growth_no_sync() {
  namespace d = rt::detail;
  cudaStream_t busy, other;
  CUDA_OK(cudaStreamCreateWithFlags(&busy, cudaStreamNonBlocking));
  CUDA_OK(cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking));
  Spinner spinner(busy);
  const auto t0 = std::chrono::steady_clock::now();
  for (d::PoolKind kind : {d::PoolKind::Scratch, d::PoolKind::Reduce,
                           d::PoolKind::Scan, d::PoolKind::Pinned}) {
    const std::size_t before = d::pool_bytes(kind);
    // Up to 4 times the largest buffer the earlier cases left in the pool.
    const std::size_t top = std::max<std::size_t>(before * 4, 1 << 20);
    std::size_t largest = 0;
    for (std::size_t bytes = 4096; bytes <= top; bytes *= 4) {
      largest = bytes;
      d::PoolBuffer b = d::pool_acquire(kind, bytes, other);
      CHECK(b.ptr && b.device && b.bytes >= bytes);
      if (kind == d::PoolKind::Reduce) { // counter zeroed in stream order
        unsigned counter = 1;
        CUDA_OK(cudaMemcpyAsync(&counter, b.device, sizeof counter,
                                cudaMemcpyDeviceToHost, other));
        CUDA_OK(cudaStreamSynchronize(other));
        CHECK(counter == 0);
      }
      CUDA_OK(cudaStreamSynchronize(other));
      d::pool_release(b, d::Release::Now, other);
    }
    CHECK(d::pool_bytes(kind) >= largest);
  }
  const double ms = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - t0)
                        .count();
  CHECK_MSG(spinner.release(busy),
            "growth waited for a kernel on another stream (%.0f ms)", ms);
  CUDA_OK(cudaStreamDestroy(busy));
  CUDA_OK(cudaStreamDestroy(other));
}

// A buffer released while its kernel runs (nowait) is taken at once by the
// next launch on the same stream (stream order protects it), but not by
// another stream until that kernel is done; pinned slots never before.
void case_pool_stream_reuse() {
  namespace d = rt::detail;
  cudaStream_t s1, s2;
  CUDA_OK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CUDA_OK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  for (d::PoolKind kind : {d::PoolKind::Scratch, d::PoolKind::Pinned}) {
    Spinner spinner(s1);
    d::PoolBuffer a = d::pool_acquire(kind, 1000, s1);
    char *const first = a.ptr;
    d::pool_release(a, d::Release::AfterStream, s1);
    d::PoolBuffer other = d::pool_acquire(kind, 1000, s2);
    CHECK(other.ptr != first); // s1's kernel still runs
    d::PoolBuffer same = d::pool_acquire(kind, 1000, s1);
    if (kind == d::PoolKind::Pinned)
      CHECK(same.ptr != first); // the host writes pinned slots
    else
      CHECK(same.ptr == first);
    CHECK(spinner.release(s1));
    d::pool_release(same, d::Release::Now, s1);
    d::pool_release(other, d::Release::Now, s2);
  }
  // A buffer acquired for one stream, used on another: the second waits for
  // the first's work on it (here: the zeroing of a new Reduce buffer).
  Spinner spinner(s1);
  d::PoolBuffer r = d::pool_acquire(d::PoolKind::Reduce, 64 << 20, s1);
  CUDA_OK(d::pool_use_on(r, s2));
  CHECK(r.stream == s2);
  CHECK(cudaStreamQuery(s2) == cudaErrorNotReady); // waits behind the spinner
  CHECK(spinner.release(s1));
  CUDA_OK(cudaStreamSynchronize(s2));
  d::pool_release(r, d::Release::Now, s2);
  CUDA_OK(cudaStreamDestroy(s1));
  CUDA_OK(cudaStreamDestroy(s2));
}

// Each host thread keeps its last released idle buffer of each kind and
// takes it again without the pool's lock; a thread that ends hands it back
// to the pool. Sizes larger than everything the pool holds, so that no
// other buffer fits: the buffer a finished thread released must be the one
// the next acquisition finds, not a new allocation.
void case_pool_thread_cache() {
  namespace d = rt::detail;
  cudaStream_t s;
  CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  for (d::PoolKind kind : {d::PoolKind::Reduce, d::PoolKind::Pinned}) {
    const std::size_t bytes = d::pool_bytes(kind) + (1 << 20);
    char *released = nullptr;
    std::thread worker([&] {
      d::PoolBuffer a = d::pool_acquire(kind, bytes, s);
      CUDA_OK(cudaStreamSynchronize(s));
      released = a.ptr;
      d::pool_release(a, d::Release::Now, s);
    });
    worker.join();
    d::PoolBuffer b = d::pool_acquire(kind, bytes, s);
    CHECK_MSG(b.ptr == released, "a finished thread's cached buffer was not handed back");
    d::pool_release(b, d::Release::Now, s);
    d::PoolBuffer c = d::pool_acquire(kind, bytes, s);
    CHECK(c.ptr == released); // this thread's cache (or the list) again
    d::PoolBuffer e = d::pool_acquire(kind, bytes, s);
    CHECK(e.ptr != c.ptr); // a held buffer is never handed out twice
    d::pool_release(e, d::Release::Now, s);
    d::pool_release(c, d::Release::Now, s);
  }
  CUDA_OK(cudaStreamDestroy(s));
}

// ---- plan cache ------------------------------------------------------------
// The same kernel with different shapes gets different plans; a repeated
// shape gets the same one.
void case_plan_cache() {
  auto body = [=] __device__(const rt::Ctx &) {};
  struct Shape {
    int ts, vl;
    std::size_t team0, thread0;
  } shapes[] = {{0, 0, 0, 0}, {64, 1, 0, 0}, {16, 4, 0, 0},
                {0, 0, 40000, 0}, {0, 0, 0, 3000}, {0, 0, 0, 0}};
  dim3 first_block;
  std::size_t first_shared = 0;
  for (int rep = 0; rep < 2; ++rep)
    for (const Shape &sh : shapes) {
      rt::Launch hpp_launch("plan_cache", "RuntimeCudaTest.cu", __LINE__);
      hpp_launch.iterations = 100;
      hpp_launch.team_size = sh.ts;
      hpp_launch.vector_length = sh.vl;
      hpp_launch.scratch_team_bytes[0] = sh.team0;
      hpp_launch.scratch_thread_bytes[0] = sh.thread0;
      rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
      if (sh.ts)
        CHECK(static_cast<int>(hpp_launch.block.y) == sh.ts &&
              static_cast<int>(hpp_launch.block.x) == sh.vl);
      const std::size_t thread0 = (sh.thread0 + 15) / 16 * 16;
      CHECK(hpp_launch.shared_bytes ==
            (sh.team0 + 15) / 16 * 16 + hpp_launch.block.y * thread0);
      if (&sh == &shapes[0] && rep == 0) {
        first_block = hpp_launch.block;
        first_shared = hpp_launch.shared_bytes;
      } else if (sh.ts == 0 && sh.team0 == 0 && sh.thread0 == 0) {
        CHECK(hpp_launch.block.x == first_block.x &&
              hpp_launch.block.y == first_block.y &&
              hpp_launch.shared_bytes == first_shared);
      }
      if (sh.thread0 == 3000) // 3000 bytes per thread limit AUTO's size
        CHECK(hpp_launch.shared_bytes <= 232448);
    }
}

// ---- AUTO vector lengths from the vector loops' trip counts -----------------
static_assert(rt::vector_for_trips(64, 32) == 8, "8 iterations per lane");
static_assert(rt::vector_for_trips(128, 32) == 16, "8 iterations per lane");
static_assert(rt::vector_for_trips(1024, 32) == 32, "at most a warp");
static_assert(rt::vector_for_trips(1024, 64) == 64, "a wavefront of 64");
static_assert(rt::vector_for_trips(10, 32) == 8, "8 lanes at least");
static_assert(rt::vector_for_trips(0, 32) == 32, "unknown: a warp");
static_assert(rt::vector_for_trips(32, 32, false) == 32, "no reduction: one iteration each");
static_assert(rt::vector_for_trips(12, 32, false) == 16, "no reduction: lanes cover the trips");
static_assert(rt::vector_for_trips(3, 32, false) == 8, "no reduction: 8 lanes at least");
static_assert(rt::vector_for_trips(1000, 32, false) == 32, "no reduction: at most a warp");
// lane_trip_count against its definition: how many of n iterations fall
// to rank of size, for short loops (n <= size), long ones and ranks past n.
__global__ void lane_counts_kernel(int *out, int max_n, int size) {
  int k = 0;
  for (int n = 0; n <= max_n; ++n)
    for (int r = 0; r < size; ++r)
      out[k++] = rt::lane_trip_count(n, r, size);
}

void case_lane_trip_count() {
  const int max_n = 300;
  int *out = hpp::alloc<int>((max_n + 1) * 256, hpp::Space::Shared);
  for (int s : {1, 8, 32, 64, 256}) {
    lane_counts_kernel<<<1, 1>>>(out, max_n, s);
    CUDA_OK(cudaDeviceSynchronize());
    int k = 0;
    for (int n = 0; n <= max_n; ++n)
      for (int r = 0; r < s; ++r, ++k) {
        int want = 0;
        for (int i = r; i < n; i += s)
          ++want;
        CHECK_MSG(out[k] == want, "n %d rank %d size %d: %d, not %d", n, r, s, out[k], want);
      }
  }
  hpp::free(out);
}

// rank_within<Step> is the rank itself for every rank below Step (a
// specialised loop's copy runs only there), whether Step is a power of two
// (masked) or not (a team's width in whole warps: 96 threads).
template <int Step> __global__ void rank_within_kernel(int *out) {
  for (int r = 0; r < Step; ++r)
    out[r] = rt::rank_within<Step>(r);
}

template <int Step> void check_rank_within(int *out) {
  rank_within_kernel<Step><<<1, 1>>>(out);
  CUDA_OK(cudaDeviceSynchronize());
  for (int r = 0; r < Step; ++r)
    CHECK_MSG(out[r] == r, "step %d rank %d: %d", Step, r, out[r]);
}

void case_rank_within() {
  int *out = hpp::alloc<int>(256, hpp::Space::Shared);
  check_rank_within<1>(out);
  check_rank_within<8>(out);
  check_rank_within<rt::warp::lanes>(out);
  check_rank_within<96>(out);
  check_rank_within<256>(out);
  hpp::free(out);
}

// The grid of team regions whose blocks stride over the league: one block
// per team while they fit, else the fewest blocks per multiprocessor that
// finish the teams in as few rounds as the resident blocks allow.
static_assert(rt::balanced_grid(500, 6, 132) == 500, "teams that fit: one block each");
static_assert(rt::balanced_grid(792, 6, 132) == 792, "exactly the resident blocks");
static_assert(rt::balanced_grid(1024, 6, 132) == 4 * 132, "2 rounds: 4 blocks per SM");
static_assert(rt::balanced_grid(793, 6, 132) == 4 * 132, "one team over: 2 rounds");
static_assert(rt::balanced_grid(8192, 1, 132) == 132, "many rounds: resident");
static_assert(rt::balanced_grid(8192, 6, 132) == 6 * 132, "11 rounds need 6 per SM");
static_assert(rt::balanced_grid(1585, 6, 132) == 5 * 132, "3 rounds: 529 blocks, 5 per SM");
static_assert(rt::balanced_grid(index_t{1} << 40, 8, 132) == 8 * 132, "huge leagues");

// Flat loops over collapsed loops whose rows share reads run as tiles
// (tile_collapsed) where the sizes allow: every iteration must still run
// once, with the row and column collapsed_cell() gives matching its
// number, for rows long and short, padded to whole warps or not, fewer
// rows than a block has warps, and rows that share nothing. The grid says
// which way each launch went.
void case_collapsed_tiles() {
  const int w = rt::warp::lanes;
  // The rule itself: rows of a warp at least, padded by an eighth at most,
  // a block's worth of rows, bands within a grid's second dimension.
  CHECK(rt::tile_collapsed(724 * 100, 724, 256, w));
  CHECK(rt::tile_collapsed(w * 8, w, 256, w));
  CHECK(!rt::tile_collapsed(40 * 100, 40, 256, w)); // 64 columns for 40
  CHECK(!rt::tile_collapsed(w * 7, w, 256, w));                 // 7 rows, 8 warps
  CHECK(!rt::tile_collapsed(1000 * 100, w - 1, 256, w));
  CHECK(!rt::tile_collapsed(1000 * 100, 1000, w, w)); // one row per block
  CHECK(!rt::tile_collapsed(1000 * 100, 1000, 2 * w + w / 2, w)); // not whole warps
  CHECK(!rt::tile_collapsed(index_t{4096} * 8 * 65536, 4096, 256, w));
  CHECK(rt::tile_collapsed(index_t{4096} * 8 * 65535, 4096, 256, w));
  // Padded rows below 2^32: columns stay in 32 bits.
  CHECK(rt::tile_collapsed(index_t{0xffffffe0} * 8, index_t{0xffffffe0}, 256, 32));
  CHECK(!rt::tile_collapsed(index_t{0x100000000} * 8, index_t{0x100000000}, 256, 32));
  CHECK(!rt::tile_collapsed(index_t{0xffffffe1} * 8, index_t{0xffffffe1}, 256, 32));

  // Tiles are the default only where hppc found that rows share reads
  // (rows_share_reads); elsewhere only the autotuner chooses them. The
  // device scripts run this case again under HPP_COLLAPSE_TILES=always
  // (tiles wherever the rule allows) and =off (never).
  const char *mode_env = std::getenv("HPP_COLLAPSE_TILES");
  const std::string mode = mode_env && *mode_env ? mode_env : "auto";
  std::printf("  HPP_COLLAPSE_TILES=%s\n", mode.c_str());
  // A tile(...) clause's shape runs wherever a launch can (whole rows,
  // bands within the grid), padding or not, under any setting but off.
  CHECK(rt::tile_given_fits(40 * 100, 40, 256, 64));
  CHECK(rt::tile_given_fits(300 * 37, 300, 15, 5));
  CHECK(rt::tile_given_fits(1000 * 3, 1000, 256, 32)); // fewer rows than a block has
  CHECK(!rt::tile_given_fits(index_t{65536} * 10, 10, 32, 32));
  CHECK(rt::tile_given_fits(index_t{65535} * 10, 10, 32, 32));
  CHECK(!rt::tile_given_fits(10 * 7, 10, 30, 7)); // not whole rows per block
  struct Case {
    index_t rows, row;
    bool fits; ///< tile_collapsed allows tiles
    bool share = true;
    int band = 0, width = 0; ///< a tile(...) clause's
  } cases[] = {{100, 724, true}, {9, 1000, true},   {100, 40, false},   {3, 1000, false},
               {50, 1, false},   {64, 256, true},   {1, 5000, false},   {1000, 33, false},
               {100, 724, true, false}, {64, 256, true, false}, {100, 40, false, false},
               {100, 724, true, false, 4, 16}, {37, 300, false, false, 3, 5},
               {3, 1000, false, false, 8, 0},  {100, 40, false, false, 0, 64},
               {20, 50, false, true, 1, 1}};
  for (const Case &c : cases) {
    const bool given = c.band || c.width;
    const int given_width = c.width ? c.width : w;
    const int given_band = c.band ? c.band : std::max(1, 256 / given_width);
    const bool tiles =
        mode == "off" ? false
        : given       ? rt::tile_given_fits(c.rows * c.row, c.row, given_band * given_width,
                                            given_width)
        : mode == "always" ? c.fits
                           : c.fits && c.share;
    const unsigned strip = given ? static_cast<unsigned>(given_width) : static_cast<unsigned>(w);
    const index_t n = c.rows * c.row;
    int *visits = hpp::alloc<int>(n, hpp::Space::Shared);
    int *wrong = hpp::alloc<int>(1, hpp::Space::Shared);
    std::fill(visits, visits + n, 0);
    *wrong = 0;
    const hpprt::FastDiv div(c.row, n);
    const index_t row = c.row;
    auto body = [=] __device__(const rt::Ctx &ctx) {
      const rt::CollapsedCell cell = rt::collapsed_cell(ctx, div);
      if (!cell.live) { // no iteration: a padding column or row, or past n
        if (cell.iv < n)
          atomicAdd(wrong, 1);
        return;
      }
      if (cell.iv >= n || cell.row * row + cell.col != cell.iv || cell.col >= row)
        atomicAdd(wrong, 1);
      else
        atomicAdd(&visits[cell.iv], 1);
    };
    rt::Launch hpp_launch("collapsed_tiles", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Flat;
    hpp_launch.iterations = n;
    hpp_launch.row_length = c.row;
    hpp_launch.rows_share_reads = c.share;
    hpp_launch.tile_band = c.band;
    hpp_launch.tile_width = c.width;
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    CUDA_OK(cudaDeviceSynchronize());
    const unsigned threads = hpp_launch.block.x * hpp_launch.block.y;
    if (given && mode != "off")
      CHECK_MSG(threads == static_cast<unsigned>(given_band * given_width),
                "tile(%d, %d): blocks of %u threads", c.band, c.width, threads);
    const unsigned band = threads / strip;
    const dim3 block_want = tiles ? dim3(strip, band) : dim3(threads, 1);
    CHECK_MSG(hpp_launch.block.x == block_want.x && hpp_launch.block.y == block_want.y,
              "%lld rows of %lld: block %u x %u, not %u x %u", (long long)c.rows,
              (long long)c.row, hpp_launch.block.x, hpp_launch.block.y, block_want.x,
              block_want.y);
    const dim3 want = tiles ? dim3(static_cast<unsigned>((c.row + strip - 1) / strip),
                                   static_cast<unsigned>((c.rows + band - 1) / band))
                            : dim3(static_cast<unsigned>((n + threads - 1) / threads), 1);
    CHECK_MSG(hpp_launch.grid.x == want.x && hpp_launch.grid.y == want.y,
              "%lld rows of %lld: grid %u x %u, not %u x %u", (long long)c.rows,
              (long long)c.row, hpp_launch.grid.x, hpp_launch.grid.y, want.x, want.y);
    CHECK_MSG(*wrong == 0, "%lld rows of %lld: %d cells disagree with their number",
              (long long)c.rows, (long long)c.row, *wrong);
    index_t bad = 0;
    for (index_t i = 0; i < n; ++i)
      bad += visits[i] != 1;
    CHECK_MSG(bad == 0, "%lld rows of %lld: %lld iterations not run exactly once",
              (long long)c.rows, (long long)c.row, (long long)bad);
    hpp::free(visits);
    hpp::free(wrong);
  }
}

// collapsed_cell itself, launched directly as plan_launch would launch
// tiles, for every block size the autotuner may choose (2 to 32 warps) in
// strips of 32 and of 64 columns (AMD's wavefronts), and for the odd
// shapes a tile(...) clause may ask for (5 x 3, 7 x 1, 1 x 1000): every
// iteration once, rows and columns that match their iteration number.
__global__ void tile_cells_kernel(hpprt::cuda::Ctx ctx, hpprt::FastDiv div, index_t row,
                                  int *visits, int *wrong) {
  const rt::CollapsedCell cell = rt::collapsed_cell(ctx, div);
  if (!cell.live) {
    if (cell.iv < ctx.iterations)
      atomicAdd(wrong, 1);
    return;
  }
  if (cell.iv >= ctx.iterations || cell.row * row + cell.col != cell.iv || cell.col >= row)
    atomicAdd(wrong, 1);
  else
    atomicAdd(&visits[cell.iv], 1);
}

void case_tile_cells() {
  const index_t rows = 37, row = 300, n = rows * row;
  int *visits = hpp::alloc<int>(n, hpp::Space::Shared);
  int *wrong = hpp::alloc<int>(1, hpp::Space::Shared);
  const hpprt::FastDiv div(row, n);
  std::vector<dim3> blocks;
  for (unsigned width : {32u, 64u})
    for (unsigned threads : {64u, 128u, 256u, 512u, 1024u})
      if (threads >= 2 * width)
        blocks.push_back(dim3(width, threads / width));
  blocks.push_back(dim3(5, 3));
  blocks.push_back(dim3(7, 1));
  blocks.push_back(dim3(1, 1000));
  for (const dim3 block : blocks) {
    std::fill(visits, visits + n, 0);
    *wrong = 0;
    rt::Ctx ctx{};
    ctx.iterations = n;
    ctx.tile_row = row;
    ctx.tile_rows = rows;
    const dim3 grid(static_cast<unsigned>((row + block.x - 1) / block.x),
                    static_cast<unsigned>((rows + block.y - 1) / block.y));
    tile_cells_kernel<<<grid, block>>>(ctx, div, row, visits, wrong);
    CUDA_OK(cudaDeviceSynchronize());
    index_t bad = 0;
    for (index_t i = 0; i < n; ++i)
      bad += visits[i] != 1;
    CHECK_MSG(bad == 0 && *wrong == 0,
              "blocks of %u rows x %u columns: %lld iterations not run once, %d cells wrong",
              block.y, block.x, (long long)bad, *wrong);
  }
  hpp::free(visits);
  hpp::free(wrong);
}

void case_vector_trips() {
  auto body = [=] __device__(const rt::Ctx &) {};
  struct Case {
    bool nested;
    int vl;
    index_t trips;
    unsigned lanes;
    bool reductions = true;
  } cases[] = {{true, 0, 64, 8},          {true, 0, 128, 16},        {true, 0, 5, 8},
               {true, 0, 0, 32},          {true, 32, 64, 32},        {true, 4, 1000, 4},
               {false, 0, 64, 1},         {true, 0, 256, 32},        {true, 0, 32, 32, false},
               {true, 0, 20, 32, false},  {true, 0, 16, 16, false},  {true, 0, 64, 8}};
  for (const Case &c : cases) {
    rt::Launch hpp_launch("vector_trips", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.iterations = 100;
    hpp_launch.nested_vector = c.nested;
    hpp_launch.vector_length = c.vl;
    hpp_launch.vector_trips = c.trips;
    hpp_launch.vector_reductions = c.reductions;
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    CHECK(hpp_launch.block.x == c.lanes);
    // AUTO teams keep their threads x lanes.
    if (c.vl == 0 && c.nested)
      CHECK(hpp_launch.block.x * hpp_launch.block.y == 256);
  }
}

// ---- timing (not a check: prints numbers; skipped in --quick) --------------
__global__ void empty_kernel() {}

template <int K>
__global__ void scan_k_kernel(rt::DeviceScan<hpprt::Sum, long long> hpp_dev_s,
                              const long long *in, long long *out, index_t n) {
  const hpprt::index_t hpp_tile = rt::scan_tile(hpp_dev_s);
  long long hpp_contrib[K], hpp_excl[K];
  for (int hpp_k = 0; hpp_k < K; ++hpp_k) {
    const hpprt::index_t hpp_iv0 = rt::detail::scan_item_k<K>(hpp_tile, hpp_k);
    long long s = hpprt::Sum::identity<long long>();
    if (hpp_iv0 < n) {
      s += in[hpp_iv0];
    }
    hpp_contrib[hpp_k] = s;
  }
  rt::detail::scan_prefixes_k<K>(hpp_dev_s, hpp_tile, hpp_contrib, hpp_excl);
  for (int hpp_k = 0; hpp_k < K; ++hpp_k) {
    const hpprt::index_t hpp_iv0 = rt::detail::scan_item_k<K>(hpp_tile, hpp_k);
    if (hpp_iv0 < n) {
      long long s = hpp_excl[hpp_k];
      hpprt::Sum::join(s, hpp_contrib[hpp_k]);
      out[hpp_iv0] = s;
    }
  }
}

__global__ void count_diff(const long long *a, const long long *b, index_t n,
                           unsigned long long *bad) {
  unsigned long long c = 0;
  for (index_t i = rt::global_rank(); i < n; i += rt::global_size())
    c += a[i] != b[i];
  if (c)
    atomicAdd(bad, c);
}

__global__ void fill_hash(long long *p, index_t n) {
  for (index_t i = rt::global_rank(); i < n; i += rt::global_size())
    p[i] = static_cast<long long>(hash32(static_cast<unsigned long long>(i)) %
                                  2001) - 1000;
}

template <class F> double median_ms(int reps, F &&f) {
  cudaEvent_t a, b;
  CUDA_OK(cudaEventCreate(&a));
  CUDA_OK(cudaEventCreate(&b));
  f(); // warm-up
  std::vector<float> t;
  for (int r = 0; r < reps; ++r) {
    CUDA_OK(cudaEventRecord(a));
    f();
    CUDA_OK(cudaEventRecord(b));
    CUDA_OK(cudaEventSynchronize(b));
    float ms = 0;
    CUDA_OK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CUDA_OK(cudaEventDestroy(a));
  CUDA_OK(cudaEventDestroy(b));
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <class F> double host_us_per_call(int reps, F &&f) {
  for (int r = 0; r < 100; ++r)
    f();
  std::vector<double> t;
  for (int block = 0; block < 9; ++block) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; ++r)
      f();
    const auto t1 = std::chrono::steady_clock::now();
    t.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() /
                reps);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <int K>
void time_scan_k(const long long *in, long long *out, const long long *ref,
                 index_t n, double cub_ms, unsigned long long *bad) {
  const index_t tiles = (n + rt::scan_block * K - 1) / (rt::scan_block * K);
  char *work = nullptr;
  long long *total = nullptr;
  const std::size_t bytes = 256 + tiles * 16;
  CUDA_OK(cudaMalloc(&work, bytes));
  CUDA_OK(cudaMalloc(&total, sizeof(long long)));
  rt::DeviceScan<hpprt::Sum, long long> st{
      reinterpret_cast<unsigned *>(work),
      reinterpret_cast<rt::detail::TileWord<long long> *>(work + 256), total,
      0};
  auto run = [&] {
    CUDA_OK(cudaMemsetAsync(work, 0, bytes));
    scan_k_kernel<K><<<static_cast<unsigned>(tiles), rt::scan_block>>>(
        st, in, out, n);
  };
  // out holds the previous scan's (correct) results: poisoned first, so
  // that items this kernel does not write count as wrong.
  CUDA_OK(cudaMemset(out, 0xff, static_cast<std::size_t>(n) * sizeof(long long)));
  const double ms = median_ms(20, run);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaMemset(bad, 0, sizeof(*bad)));
  count_diff<<<1024, 256>>>(out, ref, n, bad);
  unsigned long long h = 0;
  CUDA_OK(cudaMemcpy(&h, bad, sizeof(h), cudaMemcpyDeviceToHost));
  cudaFuncAttributes attr{};
  CUDA_OK(cudaFuncGetAttributes(&attr, scan_k_kernel<K>));
  std::printf("    scan K=%2d (raw kernel): %.4f ms, %.0f GB/s, %.3fx CUB, "
              "%d regs, %zu B smem, %llu wrong\n",
              K, ms, 2.0 * n * 8 / ms / 1e6, cub_ms / ms, attr.numRegs, attr.sharedSizeBytes, h);
  CHECK(h == 0);
  CUDA_OK(cudaFree(work));
  CUDA_OK(cudaFree(total));
}

void case_timing() {
  if (g_quick) {
    std::printf("    skipped in --quick\n");
    return;
  }
  // Scan of 2^28 int64 against CUB in the same binary.
  const index_t n = index_t(1) << 28;
  DevBuf<long long> in(static_cast<std::size_t>(n)),
      out(static_cast<std::size_t>(n)), ref(static_cast<std::size_t>(n));
  DevBuf<unsigned long long> bad(1);
  fill_hash<<<2048, 256>>>(in.p, n);
  CUDA_OK(cudaDeviceSynchronize());
  std::size_t temp_bytes = 0;
  CUDA_OK(cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, in.p, ref.p,
                                        static_cast<int>(n)));
  void *temp = nullptr;
  CUDA_OK(cudaMalloc(&temp, temp_bytes));
  const long long *pin = in.p;
  long long *pref = ref.p, *pout = out.p;
  auto cub_run = [&] {
    CUDA_OK(cub::DeviceScan::InclusiveSum(temp, temp_bytes, pin, pref,
                                          static_cast<int>(n)));
  };
  const double cub_ms = median_ms(20, cub_run);
  std::printf("    CUB InclusiveSum 2^28 int64: %.4f ms, %.0f GB/s\n", cub_ms,
              2.0 * n * 8 / cub_ms / 1e6);
  long long total = 0;
  auto hpp_run = [&] {
    rt::Launch hpp_launch("scan_timing", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Scan;
    hpp_launch.iterations = n;
    rt::Scan<hpprt::Sum, long long> hpp_scan_s(hpp_launch, 0);
    auto body = [=, hpp_dev_s = hpp_scan_s.device()] __device__(
                    const rt::Ctx &) {
      const hpprt::index_t hpp_tile = hpprt::cuda::scan_tile(hpp_dev_s);
      long long hpp_contrib[hpprt::cuda::scan_items],
          hpp_excl[hpprt::cuda::scan_items];
      for (int hpp_k = 0; hpp_k < hpprt::cuda::scan_items; ++hpp_k) {
        const hpprt::index_t hpp_iv0 = hpprt::cuda::scan_item(hpp_tile, hpp_k);
        long long s = hpprt::Sum::identity<long long>();
        if (hpp_iv0 < n) {
          s += pin[hpp_iv0];
        }
        hpp_contrib[hpp_k] = s;
      }
      hpprt::cuda::scan_prefixes(hpp_dev_s, hpp_tile, hpp_contrib, hpp_excl);
      for (int hpp_k = 0; hpp_k < hpprt::cuda::scan_items; ++hpp_k) {
        const hpprt::index_t hpp_iv0 = hpprt::cuda::scan_item(hpp_tile, hpp_k);
        if (hpp_iv0 < n) {
          long long s = hpp_excl[hpp_k];
          hpprt::Sum::join(s, hpp_contrib[hpp_k]);
          pout[hpp_iv0] = s;
        }
      }
    };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    total = hpp_scan_s.result();
  };
  CUDA_OK(cudaMemset(pout, 0xff, static_cast<std::size_t>(n) * sizeof(long long)));
  const double hpp_ms = median_ms(20, hpp_run);
  CUDA_OK(cudaMemset(bad.p, 0, sizeof(unsigned long long)));
  count_diff<<<1024, 256>>>(pout, pref, n, bad.p);
  const unsigned long long wrong = bad.get()[0];
  long long last = 0;
  CUDA_OK(cudaMemcpy(&last, pref + n - 1, sizeof(last),
                     cudaMemcpyDeviceToHost));
  std::printf("    hpp scan (rt::launch, scan_items=%d): %.4f ms, %.0f GB/s, "
              "%.3fx CUB, %llu wrong, total %s\n",
              rt::scan_items, hpp_ms, 2.0 * n * 8 / hpp_ms / 1e6,
              cub_ms / hpp_ms, wrong, total == last ? "ok" : "WRONG");
  CHECK(wrong == 0 && total == last);
  // Other items per thread, same protocol (raw kernels, memset included).
  time_scan_k<8>(pin, pout, pref, n, cub_ms, bad.p);
  time_scan_k<9>(pin, pout, pref, n, cub_ms, bad.p);
  time_scan_k<12>(pin, pout, pref, n, cub_ms, bad.p);
  time_scan_k<16>(pin, pout, pref, n, cub_ms, bad.p);
  CUDA_OK(cudaFree(temp));

  // Launch overhead: host time per call, default stream, synchronised.
  auto raw = [] {
    empty_kernel<<<1, 1>>>();
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaStreamSynchronize(nullptr));
  };
  auto empty_body = [=] __device__(const rt::Ctx &) {};
  auto hpp_empty = [&] {
    rt::Launch hpp_launch("empty", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Flat;
    hpp_launch.iterations = 1;
    rt::launch(hpp_launch, hpp_kernel<decltype(empty_body)>, empty_body);
  };
  const double raw_us = host_us_per_call(2000, raw);
  const double hpp_us = host_us_per_call(2000, hpp_empty);
  std::printf("    empty launch + sync: raw %.2f us, hpp %.2f us (+%.2f)\n",
              raw_us, hpp_us, hpp_us - raw_us);
  // Planning alone (host only, nothing launched): cached plan_launch against
  // the two queries it used to make on every launch.
  const void *kfn =
      reinterpret_cast<const void *>(hpp_kernel<decltype(empty_body)>);
  auto plan_only = [&] {
    rt::Launch hpp_launch("plan", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Flat;
    hpp_launch.iterations = 1;
    rt::detail::Plan p = rt::detail::plan_launch(hpp_launch, kfn);
    (void)p;
  };
  auto queries = [&] {
    cudaFuncAttributes attr{};
    CUDA_OK(cudaFuncGetAttributes(&attr, kfn));
    int per_sm = 0;
    CUDA_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kfn, 256,
                                                          0));
  };
  std::printf("    plan_launch (cached): %.3f us; cudaFuncGetAttributes + "
              "occupancy query: %.3f us\n",
              host_us_per_call(20000, plan_only),
              host_us_per_call(20000, queries));
  // Sum of 1e6 doubles to the host.
  const index_t m = 1000000;
  std::vector<double> x(m);
  for (index_t i = 0; i < m; ++i)
    x[i] = 1.0 + (hash32(i) % 1000) / 1024.0;
  DevBuf<double> dx(x);
  const double *px = dx.p;
  double sum = 0;
  unsigned grid = 0;
  auto sum_to_host = [&] {
    double s = 0;
    rt::Launch hpp_launch("sum_to_host", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Flat;
    hpp_launch.iterations = m;
    rt::Reduction<hpprt::Sum, double> hpp_red_s(hpp_launch, s);
    auto body = [=, hpp_dev_s = hpp_red_s.device()] __device__(
                    const rt::Ctx &) {
      double acc = 0;
      for (index_t i = rt::global_rank(); i < m; i += rt::global_size())
        acc += px[i];
      rt::finish_reduction(hpp_dev_s, acc, true);
    };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    sum = hpp_red_s.result();
    grid = hpp_launch.grid.x;
  };
  const double sum_us = host_us_per_call(200, sum_to_host);
  double ref_sum = 0;
  for (double v : x)
    ref_sum += v;
  std::printf("    sum of 1e6 doubles to the host: %.2f us per call (grid "
              "%u), |err| %.3g\n",
              sum_us, grid, std::fabs(sum - ref_sum));
  CHECK(std::fabs(sum - ref_sum) <= 1e-9 * ref_sum);
}

// hpp::View on a GPU: device views get separate host mirrors, host-reachable
// spaces are their own mirrors, fills and copies cross spaces, a kernel's
// copies of a view touch no reference count, a copy on a stream completes
// at its fence, and a view of pageable host memory fails the launch check
// unless the device can read pageable memory.
void case_views() {
  const int n = 1000;
  hpp::View<double, 2> d("d", 10, 100);
  auto h = hpp::create_mirror_view(d);
  static_assert(std::is_same<decltype(h), hpp::View<double, 2, hpp::LayoutRight,
                                                    hpp::Space::Host>>::value, "");
  CHECK(h.data() != d.data());
  CHECK(h.label() == "d_mirror" && d.use_count() == 1);
  hpp::View<double, 1, hpp::LayoutRight, hpp::Space::Shared> s("s", n);
  auto hs = hpp::create_mirror_view(s);
  CHECK(hs.data() == s.data() && s.use_count() == 2);
  // Managed views start zeroed, in device memory too.
  hpp::deep_copy(h, 5.0);
  hpp::deep_copy(h, d);
  CHECK(h(3, 7) == 0.0);
  hpp::deep_copy(d, 2.5);
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 100; ++j)
      h(i, j) = i * 100 + j;
  hpp::deep_copy(d, h);
  rt::Launch l("views", "views.cpp", 1);
  l.kind = rt::RegionKind::Flat;
  l.iterations = n;
  auto body = [=] __device__(const rt::Ctx &) {
    const index_t k = rt::global_rank();
    if (k < n) {
      hpp::View<double, 2> copy = d; // no reference counting on the device
      s(k) = copy(k / 100, k % 100) * 2;
    }
  };
  CHECK(d.use_count() == 2); // d and the lambda's copy
  rt::launch(l, hpp_kernel<decltype(body)>, body);
  hpp::fence();
  CHECK(d.use_count() == 2);
  CHECK(s(999) == 1998.0 && s(0) == 0.0 && s(345) == 690.0);
  // A device-to-device copy ordered on a stream.
  hpp::Stream st;
  hpp::View<double, 2> e("e", 10, 100);
  hpp::deep_copy(st, e, d);
  st.fence();
  auto he = hpp::create_mirror_view_and_copy(e);
  CHECK(he(9, 99) == 999.0);
  hpp::View<double, 0> r("r");
  hpp::deep_copy(r, 4.0);
  double rv = 0;
  hpp::deep_copy(rv, r);
  CHECK(rv == 4.0);
  std::string msg;
  try {
    hpp::deep_copy(e, hpp::View<double, 2>("f", 100, 10));
  } catch (const std::invalid_argument &x) {
    msg = x.what();
  }
  CHECK(msg == "hpp::deep_copy: extents differ: destination 'e' (10, 100), "
               "source 'f' (100, 10)");
  // What generated code checks for a captured view in a debug build.
  int pageable = 0;
  CUDA_OK(cudaDeviceGetAttribute(&pageable, cudaDevAttrPageableMemoryAccess, 0));
  hpp::View<double, 1, hpp::LayoutRight, hpp::Space::Host> hv("hv", 10);
  rt::Launch lc("view_check", "views.cpp", 2);
  msg.clear();
  try {
    lc.check_pointer(hv.data(), "hv");
    lc.check_pointer(d.data(), "d");
    lc.check_pointer(s.data(), "s");
  } catch (const hpprt::Error &x) {
    msg = x.what();
  }
  std::printf("    host view in a kernel: %s\n", msg.empty() ? "accepted" : msg.c_str());
  if (pageable)
    CHECK(msg.empty());
  else
    CHECK(contains(msg.c_str(), "'view_check' (views.cpp:2)") &&
          contains(msg.c_str(), "'hv'"));
}

// A team region without per-block buffers launches one block per team (no
// league loop to run); league(...) still caps it, and every team runs once
// either way.
void case_team_grid() {
  const index_t league = big(200000, 5000);
  int *out = hpp::alloc<int>(league, hpp::Space::Device);
  for (index_t cap : {index_t(0), index_t(7)}) {
    CUDA_OK(cudaMemset(out, 0, league * sizeof(int)));
    rt::Launch hpp_launch("team_grid", "RuntimeCudaTest.cu", __LINE__);
    hpp_launch.kind = rt::RegionKind::Team;
    hpp_launch.iterations = league;
    hpp_launch.league_cap = cap;
    auto body = [=] __device__(const rt::Ctx &) {
      for (index_t t = rt::league_rank0(); t < league; t += rt::league_stride())
        if (rt::thread_rank() == 0)
          atomicAdd(&out[t], static_cast<int>(t % 1000) + 1);
    };
    rt::launch(hpp_launch, hpp_kernel<decltype(body)>, body);
    hpp::fence();
    const index_t want_grid = cap ? cap : league;
    CHECK_MSG(static_cast<index_t>(hpp_launch.grid.x) == want_grid,
              "cap %lld: grid %u, expected %lld", (long long)cap, hpp_launch.grid.x,
              (long long)want_grid);
    std::vector<int> h(league);
    CUDA_OK(cudaMemcpy(h.data(), out, league * sizeof(int), cudaMemcpyDeviceToHost));
    index_t wrong = 0;
    for (index_t t = 0; t < league; ++t)
      wrong += h[t] != static_cast<int>(t % 1000) + 1;
    CHECK_MSG(wrong == 0, "cap %lld: %lld teams ran not exactly once", (long long)cap,
              (long long)wrong);
  }
  hpp::free(out);
}

// Kernels are queued through the driver's cuLaunchKernel with each host
// thread's cache of the driver's functions (runtime/cuda/launch.cu).
template <int K> struct WriteK {
  int *out;
  __device__ void operator()(const rt::Ctx &) const { out[K] = K + 1; }
};

template <int... K>
void launch_writers(int *out, std::integer_sequence<int, K...>) {
  (
      [&] {
        rt::Launch hpp_launch("writer", "driver.cpp", K);
        hpp_launch.iterations = 1;
        rt::launch(hpp_launch, hpp_kernel<WriteK<K>>, WriteK<K>{out});
      }(),
      ...);
}

void case_driver_launch() {
  constexpr int kernels = 40; // more than the cache's slots: they collide
  int *out = hpp::alloc<int>(kernels, hpp::Space::Shared);
  for (int round = 0; round < 3; ++round) {
    std::fill(out, out + kernels, 0);
    launch_writers(out, std::make_integer_sequence<int, kernels>());
    CUDA_OK(cudaDeviceSynchronize());
    for (int k = 0; k < kernels; ++k)
      CHECK_MSG(out[k] == k + 1, "round %d kernel %d wrote %d", round, k, out[k]);
  }
  // A host thread's first launches, before anything made a context
  // current on it.
  for (int t = 0; t < 2; ++t) {
    std::fill(out, out + kernels, 0);
    std::thread([&] { launch_writers(out, std::make_integer_sequence<int, 8>()); }).join();
    CUDA_OK(cudaDeviceSynchronize());
    for (int k = 0; k < 8; ++k)
      CHECK_MSG(out[k] == k + 1, "thread %d kernel %d wrote %d", t, k, out[k]);
  }
  // A launch the driver refuses reports the runtime's error, recorded as
  // <<<>>> records it, and the next launch of that kernel works. Not under
  // --quick: compute-sanitizer counts the refused launch as an error.
  if (g_quick) {
    hpp::free(out);
    return;
  }
  int device = 0;
  CUDA_OK(cudaGetDevice(&device));
  WriteK<0> f{out};
  rt::Ctx ctx{};
  void *args[] = {&f, &ctx};
  const void *kernel = reinterpret_cast<const void *>(hpp_kernel<WriteK<0>>);
  const cudaError_t runtime_says =
      cudaLaunchKernel(kernel, dim3(1), dim3(4096), args, 0, cudaStreamLegacy);
  (void)cudaGetLastError();
  CHECK(runtime_says != cudaSuccess);
  const cudaError_t refused = rt::dialect::launch(kernel, device, dim3(1), dim3(4096), 0,
                                                  cudaStreamLegacy, args);
  CHECK_MSG(refused == runtime_says, "%s", cudaGetErrorName(refused));
  const cudaError_t recorded = cudaGetLastError();
  CHECK_MSG(recorded == runtime_says, "%s", cudaGetErrorName(recorded));
  CHECK(cudaGetLastError() == cudaSuccess);
  out[0] = 0;
  CHECK(rt::dialect::launch(kernel, device, dim3(1), dim3(32), 0, cudaStreamLegacy, args) ==
        cudaSuccess);
  CUDA_OK(cudaDeviceSynchronize());
  CHECK(out[0] == 1);
  hpp::free(out);
}

// Range lookups are cached per host thread (device_ranges.cu): a range
// freed or handed out again, by this thread or another, must never be
// answered from the cache.
void case_range_cache() {
  namespace gd = hpprt::gpu::detail;
  double *dev = hpp::alloc<double>(1000, hpp::Space::Device);
  CHECK(gd::in_device_range(dev) && gd::in_device_range(dev + 999));
  CHECK(gd::in_device_range(dev + 500)); // now cached
  hpp::free(dev);
  CHECK(!gd::in_device_range(dev + 500));
  // The same addresses noted again as another kind: the new kind.
  gd::note_range(dev, 1000 * sizeof(double), hpprt::gpu::dialect::PointerKind::Managed);
  hpprt::gpu::dialect::PointerKind kind = hpprt::gpu::dialect::PointerKind::Device;
  CHECK(gd::known_kind(dev + 10, kind) &&
        kind == hpprt::gpu::dialect::PointerKind::Managed);
  gd::forget_range(dev);
  // Another thread forgets a range this thread has cached.
  double *a = hpp::alloc<double>(64, hpp::Space::Device);
  CHECK(gd::in_device_range(a));
  std::thread([a] { hpp::free(a); }).join();
  CHECK(!gd::in_device_range(a));
  // More ranges than the cache holds are all still found.
  std::vector<double *> many;
  for (int i = 0; i < 9; ++i)
    many.push_back(hpp::alloc<double>(16, hpp::Space::Device));
  for (int round = 0; round < 2; ++round)
    for (double *p : many)
      CHECK(gd::in_device_range(p + 15) && !gd::in_device_range(p + 16 + 1024));
  for (double *p : many)
    hpp::free(p);
  for (double *p : many)
    CHECK(!gd::in_device_range(p));
}

int main(int argc, char **argv) {
  std::vector<std::string> only;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0)
      g_quick = true;
    else
      only.push_back(argv[i]);
  }
  int device = 0;
  cudaDeviceProp prop;
  CUDA_OK(cudaGetDevice(&device));
  CUDA_OK(cudaGetDeviceProperties(&prop, device));
  std::printf("device: %s, %d SMs, %zu bytes shared/block opt-in\n", prop.name,
              prop.multiProcessorCount, prop.sharedMemPerBlockOptin);
  struct Case {
    const char *name;
    void (*fn)();
  } cases[] = {
      {"collectives", case_collectives},
      {"loc_collectives", case_loc_collectives},
      {"reductions", case_reductions},
      {"loc_reductions", case_loc_reductions},
      {"user_reductions", case_user_reductions},
      {"determinism", case_determinism},
      {"scans", case_scans},
      {"scan_epochs", case_scan_epochs},
      {"atomics", case_atomics},
      {"scratch", case_scratch},
      {"errors", case_errors},
      {"check_pointer", case_check_pointer},
      {"range_cache", case_range_cache},
      {"driver_launch", case_driver_launch},
      {"team_grid", case_team_grid},
      {"views", case_views},
      {"zero_iterations", case_zero_iterations},
      {"streams_nowait", case_streams_nowait},
      {"result_ready", case_result_ready},
      {"reduce_into", case_reduce_into},
      {"pool_growth_no_sync", case_pool_growth_no_sync},
      {"pool_stream_reuse", case_pool_stream_reuse},
      {"pool_thread_cache", case_pool_thread_cache},
      {"plan_cache", case_plan_cache},
      {"vector_trips", case_vector_trips},
      {"lane_trip_count", case_lane_trip_count},
      {"rank_within", case_rank_within},
      {"collapsed_tiles", case_collapsed_tiles},
      {"tile_cells", case_tile_cells},
      {"timing", case_timing},
  };
  int failed = 0;
  for (const Case &c : cases) {
    if (!only.empty() &&
        std::find(only.begin(), only.end(), c.name) == only.end())
      continue;
    g_case_failures = 0;
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
  std::printf("%d of %zu cases failed\n", failed,
              sizeof(cases) / sizeof(cases[0]));
  return failed ? 1 : 0;
}
