// Where does the host time of a region launch go (issues 13 and 16: an hpp
// region costs the host about 1 µs more than a bare <<<>>> launch)? Each
// row is one step of the runtime's launch path, or the CUDA call it makes,
// repeated `reps` times back to back on the default stream; host µs per
// call, median of 9 rounds. The GPU work is a one-element kernel, so the
// launches are host-bound throughout.
#include <cuda_runtime.h>
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

double per_call(int reps, const std::function<void()>& f) {
  for (int i = 0; i < reps; ++i)
    f();
  cudaDeviceSynchronize();
  std::vector<double> t;
  for (int r = 0; r < 9; ++r) {
    const double t0 = now_us();
    for (int i = 0; i < reps; ++i)
      f();
    t.push_back((now_us() - t0) / reps);
    cudaDeviceSynchronize();
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
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
  const Row rows[] = {
      {"hand <<<1,256>>> daxpy(1)", [&] { daxpy_hand<<<1, 256>>>(1, 2.0, x, y); }},
      {"hand <<<1,256>>> with 112-byte argument", [&] { big_params<<<1, 256>>>(Big{}, y); }},
      {"hpp region daxpy(1)", [&] { hpp_daxpy(1, 2.0, x, y); }},
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
  for (const Row& r : rows)
    std::printf("%-42s %8.3f us\n", r.what, per_call(reps, r.f));
  hpp_release(x);
  hpp_release(y);
  return 0;
}
