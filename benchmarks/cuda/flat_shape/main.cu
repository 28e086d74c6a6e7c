// Why is a translated flat loop slower than a one-element-per-thread hand
// kernel (issue 16, item 3)? The same daxpy and triad as:
//   hand32   int index, `if (i < n)`, 256 threads (RAJAPerf Base_CUDA);
//   hand64   64-bit index, `if (i < n)`;
//   stride64 64-bit grid-stride loop, one element per thread in practice
//            (the shape hppc's flat kernels had);
//   functor  stride64 through a lambda and a by-value context struct, as
//            hppc's kernels are called;
//   hpp      the region translated by hppc (flat_hpp.cpp), device memory.
// GPU time per kernel from events around `batch` back-to-back launches on
// one stream (median of reps batches after a warm-up), at an L2-resident,
// a medium and an HBM-bound size; and the host's time per launch (the
// batch's launches without their completion): where it exceeds the GPU
// time, the launches are host-bound. Results are checked against hand32.
// Memory comes from hpp::alloc(Space::Device) for every variant.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

void hpp_daxpy(int n, double a, const double* x, double* y);
void hpp_triad(int n, double s, const double* b, const double* c, double* a);
double* hpp_device_doubles(int n);
void hpp_release(double* p);

#define CK(call)                                                               \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(e_));                                    \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

namespace {

__global__ void daxpy_hand32(int n, double a, const double* x, double* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
__global__ void triad_hand32(int n, double s, const double* b, const double* c,
                             double* a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = b[i] + s * c[i];
}
__global__ void daxpy_hand64(long n, double a, const double* x, double* y) {
  long i = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
__global__ void triad_hand64(long n, double s, const double* b,
                             const double* c, double* a) {
  long i = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = b[i] + s * c[i];
}
__global__ void daxpy_stride64(long n, double a, const double* x, double* y) {
  for (long i = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < n; i += static_cast<long>(gridDim.x) * blockDim.x)
    y[i] = a * x[i] + y[i];
}
__global__ void triad_stride64(long n, double s, const double* b,
                               const double* c, double* a) {
  for (long i = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < n; i += static_cast<long>(gridDim.x) * blockDim.x)
    a[i] = b[i] + s * c[i];
}

struct Ctx { // the size of hppc's context
  char* p;
  std::size_t s[6];
  long n;
};
template <class F> __global__ void functor_kernel(F f, Ctx ctx) { f(ctx); }

struct Arrays {
  double *x, *y, *z;
};

using Launcher = void (*)(int n, const Arrays& d);

void l_hand32_daxpy(int n, const Arrays& d) {
  daxpy_hand32<<<(n + 255) / 256, 256>>>(n, 1.5, d.x, d.y);
}
void l_hand64_daxpy(int n, const Arrays& d) {
  daxpy_hand64<<<(n + 255) / 256, 256>>>(n, 1.5, d.x, d.y);
}
void l_stride64_daxpy(int n, const Arrays& d) {
  daxpy_stride64<<<(n + 255) / 256, 256>>>(n, 1.5, d.x, d.y);
}
void l_functor_daxpy(int n, const Arrays& d) {
  const double a = 1.5;
  const double* x = d.x;
  double* y = d.y;
  const long m = n;
  auto f = [=] __device__(const Ctx& ctx) {
    for (long i = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
         i < m; i += static_cast<long>(gridDim.x) * blockDim.x)
      y[i] = a * x[i] + y[i];
  };
  functor_kernel<<<(n + 255) / 256, 256>>>(f, Ctx{});
}
void l_hpp_daxpy(int n, const Arrays& d) { hpp_daxpy(n, 1.5, d.x, d.y); }

void l_hand32_triad(int n, const Arrays& d) {
  triad_hand32<<<(n + 255) / 256, 256>>>(n, 1.5, d.x, d.y, d.z);
}
void l_hand64_triad(int n, const Arrays& d) {
  triad_hand64<<<(n + 255) / 256, 256>>>(n, 1.5, d.x, d.y, d.z);
}
void l_stride64_triad(int n, const Arrays& d) {
  triad_stride64<<<(n + 255) / 256, 256>>>(n, 1.5, d.x, d.y, d.z);
}
void l_functor_triad(int n, const Arrays& d) {
  const double s = 1.5;
  const double *b = d.x, *c = d.y;
  double* a = d.z;
  const long m = n;
  auto f = [=] __device__(const Ctx& ctx) {
    for (long i = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
         i < m; i += static_cast<long>(gridDim.x) * blockDim.x)
      a[i] = b[i] + s * c[i];
  };
  functor_kernel<<<(n + 255) / 256, 256>>>(f, Ctx{});
}
void l_hpp_triad(int n, const Arrays& d) { hpp_triad(n, 1.5, d.x, d.y, d.z); }

struct Variant {
  const char* name;
  Launcher run;
};

struct Times {
  double gpu_us;  // per kernel, events
  double host_us; // per launch, host clock, launches only
};

double host_now_us() {
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Medians over reps batches of `batch` launches.
Times time_variant(Launcher run, int n, const Arrays& d, int batch, int reps) {
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  for (int i = 0; i < batch; ++i)
    run(n, d);
  CK(cudaDeviceSynchronize());
  std::vector<double> t, h;
  for (int r = 0; r < reps; ++r) {
    CK(cudaEventRecord(e0));
    const double h0 = host_now_us();
    for (int i = 0; i < batch; ++i)
      run(n, d);
    h.push_back((host_now_us() - h0) / batch);
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    t.push_back(1000.0 * ms / batch);
  }
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
  std::sort(t.begin(), t.end());
  std::sort(h.begin(), h.end());
  return {t[t.size() / 2], h[h.size() / 2]};
}

void fill(const Arrays& d, int n) {
  std::vector<double> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = (i % 17) * 0.25;
  CK(cudaMemcpy(d.x, h.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  for (int i = 0; i < n; ++i)
    h[i] = (i % 5) * 0.5;
  CK(cudaMemcpy(d.y, h.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CK(cudaMemset(d.z, 0, n * sizeof(double)));
}

std::vector<double> result(const Arrays& d, int n) {
  std::vector<double> h(2 * static_cast<std::size_t>(n));
  CK(cudaMemcpy(h.data(), d.y, n * sizeof(double), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(h.data() + n, d.z, n * sizeof(double), cudaMemcpyDeviceToHost));
  return h;
}

} // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 21;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s\n", prop.name);
  const Variant daxpy[] = {{"hand32", l_hand32_daxpy},
                           {"hand64", l_hand64_daxpy},
                           {"stride64", l_stride64_daxpy},
                           {"functor", l_functor_daxpy},
                           {"hpp", l_hpp_daxpy}};
  const Variant triad[] = {{"hand32", l_hand32_triad},
                           {"hand64", l_hand64_triad},
                           {"stride64", l_stride64_triad},
                           {"functor", l_functor_triad},
                           {"hpp", l_hpp_triad}};
  const int sizes[] = {1 << 16, 1 << 20, 1 << 23, 1 << 26};
  int failures = 0;
  std::printf("%-6s %-9s %10s %10s %8s %8s %10s\n", "kernel", "variant", "n",
              "us/kernel", "GB/s", "hand32/x", "host us");
  for (int k = 0; k < 2; ++k) {
    const Variant* vs = k == 0 ? daxpy : triad;
    const char* kname = k == 0 ? "daxpy" : "triad";
    for (int n : sizes) {
      Arrays d;
      d.x = hpp_device_doubles(n);
      d.y = hpp_device_doubles(n);
      d.z = hpp_device_doubles(n);
      // Correctness: one launch of each from the same inputs.
      fill(d, n);
      vs[0].run(n, d);
      const std::vector<double> want = result(d, n);
      for (int v = 1; v < 5; ++v) {
        fill(d, n);
        vs[v].run(n, d);
        if (result(d, n) != want) {
          std::printf("MISMATCH %s %s n=%d\n", kname, vs[v].name, n);
          ++failures;
        }
      }
      const int batch = n <= (1 << 20) ? 200 : 20;
      double base = 0;
      for (int v = 0; v < 5; ++v) {
        const Times tv = time_variant(vs[v].run, n, d, batch, reps);
        const double us = tv.gpu_us;
        if (v == 0)
          base = us;
        const double bytes = 3.0 * n * sizeof(double);
        std::printf("%-6s %-9s %10d %10.3f %8.0f %8.3f %10.3f\n", kname, vs[v].name, n,
                    us, bytes / us / 1e3, base / us, tv.host_us);
      }
      hpp_release(d.x);
      hpp_release(d.y);
      hpp_release(d.z);
    }
  }
  std::printf("failures: %d\n", failures);
  return failures != 0;
}
