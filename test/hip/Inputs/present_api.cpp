// The present table's API as generated code uses it (runtime/gpu/present.*):
// a data scope, a region's map items, present()/present_section() for the
// captured pointers, a DeviceSpan in place of a std::vector, enter/exit
// data, update and the counters. Built for HIP (-DPRESENT_HIP) or CUDA.
#include <cstdio>
#include <vector>
#ifdef PRESENT_HIP
#define HPP_BACKEND_HIP 1
#include <hpprt/hip/hpprt.hpp>
namespace rt = hpprt::hip;
#define LAUNCH(k, g, b, s, ...) hipLaunchKernelGGL(k, g, b, 0, s, __VA_ARGS__)
#else
#define HPP_BACKEND_CUDA 1
#include <hpprt/cuda/hpprt.hpp>
namespace rt = hpprt::cuda;
#define LAUNCH(k, g, b, s, ...) k<<<g, b, 0, s>>>(__VA_ARGS__)
#endif

__global__ void axpy(rt::DeviceSpan<double> y, rt::DeviceSpan<const double> x,
                     double *tail, long lo) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < y.size())
    y[i] += 2.0 * x[i] + x.front() + x.back();
  if (i == 0 && !y.empty())
    tail[lo] = *(x.end() - 1) + x.data()[0] + (y.end() - y.begin());
}

int main() {
  const long n = 1000, lo = 10;
  std::vector<double> x(n, 1.0), y(n, 0.0), t(n, 0.0);
  rt::map_enter(t.data(), lo, 1, sizeof(double), rt::MapKind::Alloc,
                rt::MapSite{"p.cpp", 3, "alloc: t[lo:1]"}, HPPRT_GPU_DEFAULT_STREAM);
  {
    rt::DataScope data("p.cpp", 5);
    data.map(rt::MapKind::To, x.data(), 0, n, "to: x");
    rt::DataScope region("p.cpp", 7);
    region.map(rt::MapKind::ToFrom, y.data(), 0, n, "tofrom: y");
    rt::DeviceSpan<double> ys{rt::present(y.data()), y.size()};
    rt::DeviceSpan<const double> xs{rt::present(static_cast<const double *>(x.data())),
                                    x.size()};
    LAUNCH(axpy, dim3(4), dim3(256), HPPRT_GPU_DEFAULT_STREAM, ys, xs,
           rt::present_section(t.data(), lo), lo);
  }
  rt::map_update(t.data(), lo, 1, sizeof(double), false,
                 rt::MapSite{"p.cpp", 12, "host: t[lo:1]"}, HPPRT_GPU_DEFAULT_STREAM);
  rt::map_exit(t.data(), lo, 1, sizeof(double), rt::MapKind::Delete,
               rt::MapSite{"p.cpp", 13, "delete: t[lo:1]"}, HPPRT_GPU_DEFAULT_STREAM);
  const rt::MapStats s = rt::map_stats();
  const bool ok = y[0] == 4.0 && y[n - 1] == 4.0 && t[lo] == 1002.0 && s.allocations == 3 &&
                  s.to_device_copies == 2 && s.to_host_copies == 2;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
