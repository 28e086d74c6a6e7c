// Where does the host time of a region launch go (issues 13 and 16: an hpp
// region costs the host about 1 µs more than a bare <<<>>> launch)? Each
// row is one step of the runtime's launch path, or the CUDA call it makes,
// repeated `reps` times back to back on the default stream; host µs per
// call, median of 9 rounds in which the rows take turns. The GPU work is a
// one-element kernel, so the launches are host-bound throughout.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cub/device/device_scan.cuh>
#include <nvtx3/nvToolsExt.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include <hpprt/cuda/device_ranges.hpp>
#include <hpprt/cuda/launch.hpp>
#include <hpprt/cuda/present.hpp>

void hpp_daxpy(int n, double a, const double* x, double* y);
void hpp_scan(int n, const double* in, double* out);
double hpp_sum(int n, const double* x);
double* hpp_device_doubles(int n);
void hpp_release(double* p);

namespace {

__global__ void daxpy_hand(int n, double a, const double* x, double* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

struct Big { // the size of an hpp kernel's arguments: body and context
  char bytes[112];
};
__global__ void big_params(Big b, double* y) {
  if (threadIdx.x == 0 && b.bytes[0] == 1)
    y[0] = 1;
}

double now_us() {
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// Host µs per call of each f: rounds of `reps` calls, the functions taking
/// turns within each round so that a host's drift spreads over all of them;
/// the median of 9 rounds each.
std::vector<double> per_call(int reps, const std::vector<std::function<void()>>& fs) {
  for (const auto& f : fs) {
    for (int i = 0; i < reps; ++i)
      f();
    cudaDeviceSynchronize();
  }
  std::vector<std::vector<double>> t(fs.size());
  for (int r = 0; r < 9; ++r)
    for (std::size_t k = 0; k < fs.size(); ++k) {
      const double t0 = now_us();
      for (int i = 0; i < reps; ++i)
        fs[k]();
      t[k].push_back((now_us() - t0) / reps);
      cudaDeviceSynchronize();
    }
  std::vector<double> medians;
  for (auto& v : t) {
    std::sort(v.begin(), v.end());
    medians.push_back(v[v.size() / 2]);
  }
  return medians;
}

} // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 2000;
  namespace rt = hpprt::cuda;
  namespace d = hpprt::cuda::detail;
  double* x = hpp_device_doubles(1);
  double* y = hpp_device_doubles(1);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  std::printf("device: %s, %d calls per round\n", prop.name, reps);
  struct Row {
    const char* what;
    std::function<void()> f;
  };
  int dev = 0;
  // The same kernels launched through the runtime's cudaLaunchKernel and
  // through the driver's cuLaunchKernel (found at run time, so nothing
  // links libcuda), with the function looked up once.
  using DriverLaunch = decltype(&::cuLaunchKernel);
  DriverLaunch driver_launch = nullptr;
  cudaDriverEntryPointQueryResult found{};
  cudaGetDriverEntryPointByVersion("cuLaunchKernel", reinterpret_cast<void**>(&driver_launch),
                                   12000, cudaEnableDefault, &found);
  cudaFunction_t daxpy_fn = nullptr, big_fn = nullptr;
  cudaGetFuncBySymbol(&daxpy_fn, reinterpret_cast<const void*>(daxpy_hand));
  cudaGetFuncBySymbol(&big_fn, reinterpret_cast<const void*>(big_params));
  cudaKernel_t daxpy_kernel = nullptr;
  cudaGetKernel(&daxpy_kernel, reinterpret_cast<const void*>(daxpy_hand));
  if (!driver_launch || !daxpy_fn || !big_fn || !daxpy_kernel) {
    std::fprintf(stderr, "no cuLaunchKernel entry point\n");
    return 1;
  }
  int one = 1;
  double two = 2.0;
  Big big{};
  void* daxpy_args[] = {&one, &two, &x, &y};
  void* big_args[] = {&big, &y};
  // CUB's scan of one element, its temporary storage allocated once.
  void* cub_temp = nullptr;
  std::size_t cub_bytes = 0;
  cub::DeviceScan::ExclusiveSum(nullptr, cub_bytes, x, y, 1);
  cudaMalloc(&cub_temp, cub_bytes);
  double sink = 0;
  const Row rows[] = {
      {"hand <<<1,256>>> daxpy(1)", [&] { daxpy_hand<<<1, 256>>>(1, 2.0, x, y); }},
      {"hand <<<1,256>>> with 112-byte argument", [&] { big_params<<<1, 256>>>(Big{}, y); }},
      {"cudaLaunchKernel daxpy(1)", [&] {
         cudaLaunchKernel(reinterpret_cast<const void*>(daxpy_hand), dim3(1), dim3(256),
                          daxpy_args, 0, nullptr);
       }},
      {"cuLaunchKernel daxpy(1)", [&] {
         driver_launch(reinterpret_cast<CUfunction>(daxpy_fn), 1, 1, 1, 256, 1, 1, 0, nullptr,
                       daxpy_args, nullptr);
       }},
      {"cuLaunchKernel daxpy(1), context-free handle", [&] {
         driver_launch(reinterpret_cast<CUfunction>(daxpy_kernel), 1, 1, 1, 256, 1, 1, 0, nullptr,
                       daxpy_args, nullptr);
       }},
      {"cudaGetKernel", [&] {
         cudaKernel_t k = nullptr;
         cudaGetKernel(&k, reinterpret_cast<const void*>(daxpy_hand));
       }},
      {"cuLaunchKernel with 112-byte argument", [&] {
         driver_launch(reinterpret_cast<CUfunction>(big_fn), 1, 1, 1, 256, 1, 1, 0, nullptr,
                       big_args, nullptr);
       }},
      {"hpp region daxpy(1)", [&] { hpp_daxpy(1, 2.0, x, y); }},
      {"hpp scan region(1), total not read", [&] { hpp_scan(1, x, y); }},
      {"cub::DeviceScan::ExclusiveSum(1)", [&] {
         cub::DeviceScan::ExclusiveSum(cub_temp, cub_bytes, x, y, 1);
       }},
      {"hpp sum region(1), result to the host", [&] { sink += hpp_sum(1, x); }},
      {"cudaGetDevice", [&] { cudaGetDevice(&dev); }},
      {"cudaGetLastError", [&] { (void)cudaGetLastError(); }},
      {"nvtxRangePushA + Pop", [&] { nvtxRangePushA("x"); nvtxRangePop(); }},
      {"present(p) x2 (no ranges)", [&] { (void)rt::present(x); (void)rt::present(y); }},
      {"known_kind(p) x2", [&] {
         hpprt::gpu::dialect::PointerKind k;
         (void)d::known_kind(x, k);
         (void)d::known_kind(y, k);
       }},
      {"Launch + check_pointer x2 + all_device", [&] {
         rt::Launch l("daxpy", "f", 1);
         l.check_pointer(x, "x");
         l.check_pointer(y, "y");
         l.device_only = l.all_device(x, y);
       }},
      {"Launch + plan_launch + finish_launch, no kernel", [&] {
         rt::Launch l("daxpy", "f", 1);
         l.kind = rt::RegionKind::Flat;
         l.iterations = 1;
         l.device_only = true;
         d::Plan plan = d::plan_launch(l, reinterpret_cast<const void*>(daxpy_hand));
         d::finish_launch(l, plan);
       }},
      {"the same + the hand launch", [&] {
         rt::Launch l("daxpy", "f", 1);
         l.kind = rt::RegionKind::Flat;
         l.iterations = 1;
         l.device_only = true;
         d::Plan plan = d::plan_launch(l, reinterpret_cast<const void*>(daxpy_hand));
         daxpy_hand<<<plan.grid, plan.block, 0, l.stream>>>(1, 2.0, x, y);
         d::finish_launch(l, plan);
       }},
  };
  std::vector<std::function<void()>> fs;
  for (const Row& r : rows)
    fs.push_back(r.f);
  const std::vector<double> us = per_call(reps, fs);
  for (std::size_t k = 0; k < fs.size(); ++k)
    std::printf("%-48s %8.3f us\n", rows[k].what, us[k]);
  cudaFree(cub_temp);
  hpp_release(x);
  hpp_release(y);
  return sink == 12345.0; // keeps the sums

}
