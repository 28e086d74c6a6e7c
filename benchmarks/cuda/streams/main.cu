// Streams benchmark (issue 13's performance targets): hpp regions
// (streams_hpp.cpp, translated by hppc) against hand-written CUDA launches
// on the same streams, in one binary, one run. Every row is host wall-clock
// time (the regions return to the host without waiting, so device events
// would not see the host's side), the median of `reps` batches, after a
// warm-up batch. Printed: one table; results are checked against the CPU.
//
//  overlap    4 independent yAx (one team per row) on 1 stream vs on 4
//             streams, nowait, then the fences: time per batch of 4; and
//             one kernel alone (device events), since a form whose kernel
//             is faster alone fills more of the GPU and overlaps less.
//             Sizes: 2048x2048 (short kernels, host-bound), 128x131072
//             (hpp's kernel alone reaches ~40% of the copy bandwidth, four
//             are bandwidth-bound), 32x524288 (32 teams each: four fit
//             side by side).
//  nowait     a 2^24-double sum with nowait: time until the region returns
//             to the host, and until the fence has delivered the result;
//             the same sum without nowait.
//  launch     a one-element region writing host-visible memory (it must
//             wait) on the default stream vs on a stream: µs per region.
//  breakdown  host µs per launch: a hand kernel, the pointer query, small
//             hpp regions (nowait, nowait sum, device-only).
//  chain      1000 dependent daxpy regions on device memory (no nowait: the
//             runtime sees device memory and does not wait) then a fence,
//             vs 1000 hand-written launches then a synchronisation.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "streams.hpp"

#include <hpprt/cuda/launch.hpp>
#include <hpprt/cuda/reduce.hpp>

#define CK(call)                                                                       \
  do {                                                                                 \
    cudaError_t e_ = (call);                                                           \
    if (e_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,               \
                   cudaGetErrorString(e_));                                            \
      std::exit(2);                                                                    \
    }                                                                                  \
  } while (0)

namespace {

int g_reps = 31;
int g_failures = 0;

double now_us() {
  using namespace std::chrono;
  return duration<double, std::micro>(steady_clock::now().time_since_epoch()).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Median over 5 runs of the GPU time of run(), µs: events recorded on
// stream before and after it; after(), when given, runs between the runs,
// outside the timed span.
double gpu_time_us(cudaStream_t stream, const std::function<void()>& run,
                   const std::function<void()>& after = {}) {
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  std::vector<double> t;
  for (int r = 0; r < 5; ++r) {
    CK(cudaEventRecord(e0, stream));
    run();
    CK(cudaEventRecord(e1, stream));
    CK(cudaEventSynchronize(e1));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    t.push_back(ms * 1000.0);
    if (after)
      after();
  }
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
  return median(t);
}

// Median over g_reps batches of the host time of batch(), after one warm-up.
double time_batches(const std::function<void()>& batch) {
  batch();
  std::vector<double> t;
  for (int r = 0; r < g_reps; ++r) {
    const double t0 = now_us();
    batch();
    t.push_back(now_us() - t0);
  }
  return median(t);
}

__global__ void yax_hand(int rows, int cols, const double* A, const double* x, double* y) {
  __shared__ double part[32];
  for (int e = blockIdx.x; e < rows; e += gridDim.x) {
    double s = 0;
    for (int j = threadIdx.x; j < cols; j += blockDim.x)
      s += A[static_cast<long>(e) * cols + j] * x[j];
    for (int o = 16; o > 0; o /= 2)
      s += __shfl_down_sync(0xffffffffu, s, o);
    if (threadIdx.x % 32 == 0)
      part[threadIdx.x / 32] = s;
    __syncthreads();
    if (threadIdx.x < 32) {
      s = threadIdx.x < blockDim.x / 32 ? part[threadIdx.x] : 0;
      for (int o = 16; o > 0; o /= 2)
        s += __shfl_down_sync(0xffffffffu, s, o);
      if (threadIdx.x == 0)
        y[e] = s;
    }
    __syncthreads();
  }
}

__global__ void daxpy_hand(int n, double a, const double* x, double* y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

double* device_filled(long n, double scale) {
  std::vector<double> h(n);
  for (long i = 0; i < n; ++i)
    h[i] = scale * static_cast<double>((i * 7919) % 1000) / 1000.0;
  double* d = hpp::alloc<double>(n, hpp::Space::Device);
  CK(cudaMemcpy(d, h.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  return d;
}

void check(const char* what, double got, double want) {
  const double rel = std::fabs(got - want) / std::max(1.0, std::fabs(want));
  if (!(rel < 1e-9)) {
    std::printf("CHECK FAILED %s: %.17g vs %.17g\n", what, got, want);
    ++g_failures;
  }
}

struct Row {
  const char* what;
  const char* size;
  double hpp_us, base_us;
  const char* base_name;
};
std::vector<Row> g_rows;

void overlap(int rows, int cols, const char* size) {
  double* A[4];
  double* y[4];
  for (int k = 0; k < 4; ++k) {
    A[k] = device_filled(static_cast<long>(rows) * cols, k + 1);
    y[k] = hpp::alloc<double>(rows, hpp::Space::Device);
  }
  double* x = device_filled(cols, 1.0);
  hpp::Stream one, q[4];
  cudaStream_t hone = static_cast<cudaStream_t>(one.native());
  const double h1 = time_batches([&] {
    for (int k = 0; k < 4; ++k)
      hpp_yax_nowait(one, rows, cols, A[k], x, y[k]);
    one.fence();
  });
  const double h4 = time_batches([&] {
    for (int k = 0; k < 4; ++k)
      hpp_yax_nowait(q[k], rows, cols, A[k], x, y[k]);
    for (int k = 0; k < 4; ++k)
      q[k].fence();
  });
  std::vector<double> got(rows);
  CK(cudaMemcpy(got.data(), y[3], rows * sizeof(double), cudaMemcpyDeviceToHost));
  const double b1 = time_batches([&] {
    for (int k = 0; k < 4; ++k)
      yax_hand<<<rows, 256, 0, hone>>>(rows, cols, A[k], x, y[k]);
    CK(cudaStreamSynchronize(hone));
  });
  const double b4 = time_batches([&] {
    for (int k = 0; k < 4; ++k)
      yax_hand<<<rows, 256, 0, static_cast<cudaStream_t>(q[k].native())>>>(rows, cols, A[k], x,
                                                                             y[k]);
    for (int k = 0; k < 4; ++k)
      CK(cudaStreamSynchronize(static_cast<cudaStream_t>(q[k].native())));
  });
  std::vector<double> want(rows);
  CK(cudaMemcpy(want.data(), y[3], rows * sizeof(double), cudaMemcpyDeviceToHost));
  // One kernel alone, GPU time by events: the ratios above compare each
  // form with itself, so a form whose single kernel is faster on one
  // stream overlaps less.
  const double k_hpp = gpu_time_us(hone, [&] { hpp_yax_nowait(one, rows, cols, A[0], x, y[0]); });
  const double k_hand =
      gpu_time_us(hone, [&] { yax_hand<<<rows, 256, 0, hone>>>(rows, cols, A[0], x, y[0]); });
  std::printf("one yAx %s alone (events): hpp %.1f us, hand %.1f us\n", size, k_hpp, k_hand);
  for (int e = 0; e < rows; e += rows / 7)
    check("yax hpp vs hand", got[e], want[e]);
  std::printf("overlap %s: hpp 1 stream %.1f us, 4 streams %.1f us (%.3f); hand 1 stream %.1f us, "
              "4 streams %.1f us (%.3f)\n",
              size, h1, h4, h4 / h1, b1, b4, b4 / b1);
  g_rows.push_back({"4 yAx on 4 streams / on 1 stream", size, h4 / h1, b4 / b1, "hand ratio"});
  for (int k = 0; k < 4; ++k) {
    hpp::free(A[k]);
    hpp::free(y[k]);
  }
  hpp::free(x);
}

void nowait_sum() {
  const int n = 1 << 24;
  double* x = device_filled(n, 1.0);
  hpp::Stream s;
  double want = 0;
  hpp_sum_wait(s, n, x, want);
  std::vector<double> ret, total, waited;
  double got = 0;
  for (int r = 0; r < g_reps + 1; ++r) {
    got = 0;
    const double t0 = now_us();
    hpp_sum_nowait(s, n, x, got);
    const double t1 = now_us();
    s.fence();
    const double t2 = now_us();
    double w = 0;
    hpp_sum_wait(s, n, x, w);
    const double t3 = now_us();
    if (r == 0)
      continue;
    ret.push_back(t1 - t0);
    total.push_back(t2 - t0);
    waited.push_back(t3 - t2);
  }
  check("nowait sum delivered at the fence", got, want);
  std::printf("nowait sum of 2^24 doubles: returns after %.1f us, delivered after %.1f us; "
              "without nowait %.1f us\n",
              median(ret), median(total), median(waited));
  g_rows.push_back({"nowait sum: return to host (us)", "2^24", median(ret), median(waited),
                    "waiting sum (us)"});
  hpp::free(x);
}

void launch_cost() {
  int* flag = hpp::alloc<int>(1, hpp::Space::Shared);
  *flag = 0;
  hpp::Stream s;
  const int calls = 1000;
  const double d = time_batches([&] {
    for (int c = 0; c < calls; ++c)
      hpp_touch(flag);
  }) / calls;
  const double o = time_batches([&] {
    for (int c = 0; c < calls; ++c)
      hpp_touch_on(s, flag);
  }) / calls;
  check("touch count", *flag, 2.0 * calls * (g_reps + 1));
  std::printf("waiting region: default stream %.2f us, on a stream %.2f us (+%.2f)\n", d, o,
              o - d);
  g_rows.push_back({"waiting 1-element region on a stream (us)", "1", o, d, "default stream (us)"});
  hpp::free(flag);
}

void chain(int n, const char* size) {
  const int calls = 1000;
  double* x = device_filled(n, 1.0);
  double* y = device_filled(n, 2.0);
  double* yh = device_filled(n, 2.0);
  const double a = 1.0 / 1024;
  const double h = time_batches([&] {
    for (int c = 0; c < calls; ++c)
      hpp_daxpy(n, a, x, y);
    hpp::fence();
  });
  const double b = time_batches([&] {
    for (int c = 0; c < calls; ++c)
      daxpy_hand<<<(n + 255) / 256, 256>>>(n, a, x, yh);
    CK(cudaDeviceSynchronize());
  });
  std::vector<double> gy(n), gh(n);
  CK(cudaMemcpy(gy.data(), y, n * sizeof(double), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(gh.data(), yh, n * sizeof(double), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i += n / 5)
    check("daxpy chain hpp vs hand", gy[i], gh[i]);
  // The same on the GPU's clock (events on the legacy stream around the
  // batch): device-bound when it equals the host's time, host-bound when
  // the host takes longer.
  const double hg = gpu_time_us(0, [&] {
    for (int c = 0; c < calls; ++c)
      hpp_daxpy(n, a, x, y);
  });
  const double bg = gpu_time_us(0, [&] {
    for (int c = 0; c < calls; ++c)
      daxpy_hand<<<(n + 255) / 256, 256>>>(n, a, x, yh);
  });
  std::printf("1000 dependent daxpy (%s): hpp %.1f us, hand %.1f us -> %.3f; GPU clock: hpp %.1f us, "
              "hand %.1f us\n",
              size, h, b, b / h, hg, bg);
  g_rows.push_back({"1000 dependent daxpy regions (us)", size, h, b, "hand launches (us)"});
  hpp::free(x);
  hpp::free(y);
  hpp::free(yh);
}

__global__ void one_hand(double* p) { p[0] += 1; }

// Host µs per call of the pieces a region's launch is made of.
void breakdown() {
  const int calls = 1000;
  double* d = hpp::alloc<double>(1 << 20, hpp::Space::Device);
  double* ext = nullptr;
  CK(cudaMalloc(&ext, 64));
  hpp::Stream s;
  cudaStream_t hs = static_cast<cudaStream_t>(s.native());
  const double hand = time_batches([&] {
    for (int c = 0; c < calls; ++c)
      one_hand<<<1, 256, 0, hs>>>(d);
    CK(cudaStreamSynchronize(hs));
  }) / calls;
  const double attr = time_batches([&] {
    cudaPointerAttributes a{};
    for (int c = 0; c < calls; ++c)
      CK(cudaPointerGetAttributes(&a, ext));
  }) / calls;
  const double one = time_batches([&] {
    for (int c = 0; c < calls; ++c)
      hpp_one_nowait(s, d);
    s.fence();
  }) / calls;
  double sink = 0;
  const double sum1 = time_batches([&] {
    for (int c = 0; c < calls; ++c)
      hpp_sum_nowait(s, 1, d, sink);
    s.fence();
  }) / calls;
  const double axpy1 = time_batches([&] {
    for (int c = 0; c < calls; ++c)
      hpp_daxpy(1, 1.0, d, d + 1);
    hpp::fence();
  }) / calls;
  const double axpy_ext = time_batches([&] {
    for (int c = 0; c < calls; ++c)
      hpp_daxpy(1, 1.0, ext, ext + 1);
    hpp::fence();
  }) / calls;
  // The runtime's steps of a launch, without the kernel.
  namespace rt = hpprt::cuda;
  const auto one_nowait_item = [](rt::Launch& cfg, cudaStream_t stream) {
    cfg.kind = rt::RegionKind::Flat;
    cfg.iterations = 1;
    cfg.nowait = true;
    cfg.stream = stream;
  };
  const double get_device = time_batches([&] {
    int dev = 0;
    for (int c = 0; c < calls; ++c)
      CK(cudaGetDevice(&dev));
  }) / calls;
  const double plan_finish = time_batches([&] {
    for (int c = 0; c < calls; ++c) {
      rt::Launch cfg("step", "main.cu", 1);
      one_nowait_item(cfg, hs);
      rt::detail::Plan plan = rt::detail::plan_launch(cfg, reinterpret_cast<const void*>(one_hand));
      rt::detail::finish_launch(cfg, plan);
    }
    s.fence();
  }) / calls;
  const double scopes = time_batches([&] {
    for (int c = 0; c < calls; ++c) {
      hpprt::RegionScope scope("step", hpprt::profiling::RegionKind::For, 0);
      rt::detail::NvtxRange range("step");
    }
  }) / calls;
  // A nowait sum's own host work: its pool buffers, planning, the
  // pending result handed to the fence and delivered there; no kernel.
  const double reduction = time_batches([&] {
    for (int c = 0; c < calls; ++c) {
      rt::Launch cfg("step", "main.cu", 1);
      one_nowait_item(cfg, hs);
      rt::Reduction<hpprt::Sum, double> red(cfg, 0.0);
      rt::detail::Plan plan = rt::detail::plan_launch(cfg, reinterpret_cast<const void*>(one_hand));
      rt::detail::finish_launch(cfg, plan);
      red.result_at_fence(sink);
    }
    s.fence();
  }) / calls;
  // The pieces of that: one acquire and release (Now) of the device work
  // buffer and of the pinned result slot, and the stream id the pool asks
  // for when no free buffer fits.
  namespace rd = rt::detail;
  const std::size_t work_bytes = 256 + rd::max_partials() * 8; // counter, then partials
  const double work_pair = time_batches([&] {
    for (int c = 0; c < calls; ++c) {
      rd::PoolBuffer b = rd::pool_acquire(rd::PoolKind::Reduce, work_bytes, hs);
      rd::pool_release(b, rd::Release::Now, hs);
    }
  }) / calls;
  const double pinned_pair = time_batches([&] {
    for (int c = 0; c < calls; ++c) {
      rd::PoolBuffer b = rd::pool_acquire(rd::PoolKind::Pinned, 16, hs);
      rd::pool_release(b, rd::Release::Now, hs);
    }
  }) / calls;
  const double stream_id = time_batches([&] {
    unsigned long long id = 0;
    for (int c = 0; c < calls; ++c)
      (void)rt::dialect::stream_id(hs, id);
  }) / calls;
  std::printf("nowait reduction pieces, host us: work buffer acquire+release %.3f, pinned slot "
              "acquire+release %.3f, stream id %.3f\n",
              work_pair, pinned_pair, stream_id);
  // The GPU's time per nowait 1-element sum kernel, back to back on s,
  // each batch's results delivered by a fence outside the timed span
  // (without a fence per batch the pool would grow by a pinned buffer per
  // pending result, and growing it synchronises).
  const auto sums = [&] {
    for (int c = 0; c < calls; ++c)
      hpp_sum_nowait(s, 1, d, sink);
  };
  const double sum1_gpu = gpu_time_us(hs, sums, [&] { s.fence(); }) / calls;
  std::printf("runtime steps, host us: cudaGetDevice %.3f, plan+finish (no kernel) %.3f, "
              "tools+NVTX scopes %.3f, nowait reduction (no kernel) %.3f\n",
              get_device, plan_finish, scopes, reduction);
  std::printf("host us per call: hand launch %.2f, cudaPointerGetAttributes %.2f, nowait region %.2f, "
              "nowait 1-element sum %.2f (GPU %.2f), device-only daxpy(1) %.2f (cudaMalloc'd "
              "pointers %.2f)\n",
              hand, attr, one, sum1, sum1_gpu, axpy1, axpy_ext);
  g_rows.push_back({"nowait 1-element region (us/launch)", "1", one, hand, "hand launch (us)"});
  g_rows.push_back({"nowait 1-element sum (us/launch)", "1", sum1, hand, "hand launch (us)"});
  g_rows.push_back({"device-only daxpy, hpp::alloc memory (us/launch)", "1", axpy1, hand,
                    "hand launch (us)"});
  g_rows.push_back({"device-only daxpy, cudaMalloc memory (us/launch)", "1", axpy_ext, attr,
                    "cudaPointerGetAttributes (us)"});
  CK(cudaFree(ext));
  hpp::free(d);
}

} // namespace

int main(int argc, char** argv) {
  if (argc > 1)
    g_reps = std::max(3, std::atoi(argv[1]));
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s, %d SMs; reps %d\n", prop.name, prop.multiProcessorCount, g_reps);
  if (argc > 2 && std::string(argv[2]) == "chain") { // host costs and the chains alone
    breakdown();
    chain(1 << 16, "2^16");
    chain(1 << 20, "2^20");
    return g_failures ? 1 : 0;
  }
  breakdown();
  overlap(2048, 2048, "2048x2048");
  overlap(128, 1 << 17, "128x131072");
  // Each kernel a quarter of the SMs or less (32 teams on 132 SMs), so
  // four of them can run side by side whatever either form's speed alone.
  overlap(32, 1 << 19, "32x524288");
  nowait_sum();
  launch_cost();
  chain(1 << 16, "2^16");
  chain(1 << 20, "2^20");
  std::printf("\n| measurement | size | hpp | baseline | baseline is |\n|---|---|---|---|---|\n");
  for (const Row& r : g_rows)
    std::printf("| %s | %s | %.3f | %.3f | %s |\n", r.what, r.size, r.hpp_us, r.base_us,
                r.base_name);
  std::printf("%s\n", g_failures ? "CHECKS FAILED" : "all checks passed");
  return g_failures ? 1 : 0;
}
