// Where do a device-wide sum's last 1-3% against cub::DeviceReduce go
// (issue 16: reductions >= 0.98x CUB)? A sum and a dot of doubles in
// several loop shapes, all finished the way the runtime finishes a flat
// reduction (block reduction, a ticket, the last block combines the
// partials in a fixed order) with the result left in device memory:
//   stride     grid-stride loop over one wave of 256-thread blocks, one
//              accumulator (the shape of hppc's flat reductions);
//   stride/4w  the same over four waves;
//   stride/a4  grid-stride, four independent accumulators;
//   blocked    each block one contiguous share, its threads striding by
//              the block (CUB's even share), one accumulator;
//   blocked/a4 the same, four accumulators;
//   blocked/v2 the same with 16-byte loads (a reference: hppc cannot
//              vectorise a user's body);
//   hpp        the region translated by hppc (reduce_hpp.cpp): result to
//              the host, so its time includes the host's wait;
//   hpp/view   the same region with its result copied into a rank-0 View
//              of device memory: the kernel writes it, nothing waits.
// Ratio = CUB's time / the row's. Values are sums of multiples of 1/8, so
// every order gives the same bits: each row is checked for equality.
#include <cub/cub.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "../gpu_check.cuh"

#include <chrono>
#include <cstring>
#include <string>
#include <utility>

double hpp_sum(long n, const double* x);
double hpp_dot(long n, const double* x, const double* y);
void hpp_sum_view(long n, const double* x, double* out);
void hpp_scale(long n, const double* x, double* y, double s);
void hpp_scale_by(long n, const double* x, double* y, const double* s);
void hpp_dot_view(long n, const double* x, const double* y, double* out);
double* hpp_device_doubles(long n);
void hpp_release(double* p);

namespace {

constexpr int kBlock = 256;

struct SumLoad {
  const double* x;
  __device__ double operator()(long i) const { return x[i]; }
  __device__ double pair(long j) const {
    const double2 a = reinterpret_cast<const double2*>(x)[j];
    return a.x + a.y;
  }
};
struct DotLoad {
  const double* x;
  const double* y;
  __host__ __device__ double operator()(long i) const { return x[i] * y[i]; }
  __device__ double pair(long j) const {
    const double2 a = reinterpret_cast<const double2*>(x)[j];
    const double2 b = reinterpret_cast<const double2*>(y)[j];
    return a.x * b.x + a.y * b.y;
  }
};

struct Finish {
  double* partials;
  unsigned* ticket;
  double* out;
};

__device__ double block_sum(double v) {
  __shared__ double warp_part[32];
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_down_sync(0xffffffffu, v, d);
  if (threadIdx.x % 32 == 0)
    warp_part[threadIdx.x / 32] = v;
  __syncthreads();
  double r = warp_part[0];
  for (int w = 1; w < kBlock / 32; ++w)
    r += warp_part[w];
  __syncthreads();
  return r;
}

__device__ void finish(double v, const Finish& f) {
  __shared__ bool last;
  v = block_sum(v);
  if (threadIdx.x == 0) {
    f.partials[blockIdx.x] = v;
    __threadfence();
    last = atomicAdd(f.ticket, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last)
    return;
  __threadfence();
  double acc = 0;
  for (unsigned b = threadIdx.x; b < gridDim.x; b += kBlock)
    acc += __ldcg(f.partials + b);
  acc = block_sum(acc);
  if (threadIdx.x == 0) {
    *f.out = acc;
    *f.ticket = 0;
  }
}

/// Acc accumulators; Blocked: a contiguous share per block, else a
/// grid-stride loop.
template <int Acc, bool Blocked, class L>
__global__ void __launch_bounds__(kBlock) reduce_kernel(long n, L load, Finish f) {
  double acc[Acc];
#pragma unroll
  for (int k = 0; k < Acc; ++k)
    acc[k] = 0;
  long i, end, step;
  if (Blocked) {
    const long share = ((n + gridDim.x - 1) / gridDim.x + kBlock - 1) / kBlock * kBlock;
    i = blockIdx.x * share + threadIdx.x;
    end = min(n, (blockIdx.x + 1) * share);
    step = kBlock;
  } else {
    i = static_cast<long>(blockIdx.x) * kBlock + threadIdx.x;
    end = n;
    step = static_cast<long>(gridDim.x) * kBlock;
  }
  if (Acc > 1)
    for (; i + (Acc - 1) * step < end; i += Acc * step) {
#pragma unroll
      for (int k = 0; k < Acc; ++k)
        acc[k] += load(i + k * step);
    }
  for (; i < end; i += step)
    acc[0] += load(i);
  double v = acc[0];
#pragma unroll
  for (int k = 1; k < Acc; ++k)
    v += acc[k];
  finish(v, f);
}

/// Blocked shares of 16-byte pairs (n even).
template <class L> __global__ void __launch_bounds__(kBlock) reduce_pairs(long n, L load, Finish f) {
  const long pairs = n / 2;
  const long share = ((pairs + gridDim.x - 1) / gridDim.x + kBlock - 1) / kBlock * kBlock;
  const long end = min(pairs, (blockIdx.x + 1) * share);
  double v = 0;
  for (long j = blockIdx.x * share + threadIdx.x; j < end; j += kBlock)
    v += load.pair(j);
  finish(v, f);
}

__global__ void fill_kernel(long n, double* x, int mod, double scale) {
  for (long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long>(gridDim.x) * blockDim.x)
    x[i] = (i % mod) * scale;
}

__global__ void scale_by_hand(long n, const double* x, double* y, const double* s) {
  const long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
  if (i < n)
    y[i] = x[i] * s[0];
}

/// Dependent chains, as a CG loop runs them: a sum, then a kernel that
/// uses it, `steps` times; host µs per step (wall clock over the chain,
/// median of `rounds`). The sum goes to the host (hpp region returning
/// it), into device memory (hpp region into a rank-0 View; hand: CUB and
/// a kernel reading the device value). y must end the same in all three.
void chains(const double* x, double* y, double* out, void* temp, int rounds) {
  constexpr int steps = 1000;
  std::printf("\ndependent chains: %d x (sum, then y = x * sum), host us per step, median of %d\n",
              steps, rounds);
  std::printf("| n | hpp, sum to the host | hpp, sum into a device View | CUB + hand kernel | check |\n"
              "|---|---|---|---|---|\n");
  for (long n : {1L << 16, 1L << 20}) {
    auto time_chain = [&](auto step) {
      std::vector<double> us;
      for (int r = 0; r < rounds; ++r) {
        CK(cudaDeviceSynchronize());
        const auto t0 = std::chrono::steady_clock::now();
        for (int k = 0; k < steps; ++k)
          step();
        CK(cudaDeviceSynchronize());
        const auto t1 = std::chrono::steady_clock::now();
        us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / steps);
      }
      std::sort(us.begin(), us.end());
      double last;
      CK(cudaMemcpy(&last, y + n - 1, sizeof last, cudaMemcpyDeviceToHost));
      return std::make_pair(us[us.size() / 2], last);
    };
    const auto host = time_chain([&] { hpp_scale(n, x, y, hpp_sum(n, x)); });
    const auto view = time_chain([&] {
      hpp_sum_view(n, x, out);
      hpp_scale_by(n, x, y, out);
    });
    const auto hand = time_chain([&] {
      size_t bytes = 1 << 24;
      CK(cub::DeviceReduce::Sum(temp, bytes, x, out, n));
      scale_by_hand<<<(n + 255) / 256, 256>>>(n, x, y, out);
    });
    const bool same = host.second == view.second && view.second == hand.second;
    std::printf("| 2^%d | %.2f | %.2f | %.2f | %s |\n", __builtin_ctzl(n), host.first, view.first,
                hand.first, same ? "same y" : "MISMATCH");
  }
}

int resident_blocks(const void* kernel) {
  int per_sm = 0, sms = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kBlock, 0));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  return per_sm * sms;
}

double at(const double* p) {
  double v;
  CK(cudaMemcpy(&v, p, sizeof v, cudaMemcpyDeviceToHost));
  return v;
}

struct Bench {
  long n;
  int reps;
  Finish f;
  double expect;
  float cub_ms = 0;
  bool all_ok = true;

  void row(const char* kernel, const char* shape, float ms, double got) {
    const bool ok = std::memcmp(&got, &expect, sizeof got) == 0;
    all_ok = all_ok && ok;
    std::printf("| %s | 2^%d | %s | %.4f | %.3f | %s |\n", kernel, __builtin_ctzl(n), shape, ms,
                cub_ms / ms, ok ? "exact" : "MISMATCH");
  }

  template <int Acc, bool Blocked, class L>
  void shape(const char* kernel, const char* name, L load, int waves) {
    auto k = reduce_kernel<Acc, Blocked, L>;
    const int grid = resident_blocks(reinterpret_cast<const void*>(k)) * waves;
    CK(cudaMemset(f.out, 0, sizeof(double)));
    const float ms = median_ms(reps, [&] { k<<<grid, kBlock>>>(n, load, f); });
    CK(cudaGetLastError());
    row(kernel, name, ms, at(f.out));
  }

  template <class L> void pairs(const char* kernel, L load) {
    auto k = reduce_pairs<L>;
    const int grid = resident_blocks(reinterpret_cast<const void*>(k));
    CK(cudaMemset(f.out, 0, sizeof(double)));
    const float ms = median_ms(reps, [&] { k<<<grid, kBlock>>>(n, load, f); });
    CK(cudaGetLastError());
    row(kernel, "blocked/v2", ms, at(f.out));
  }
};

} // namespace

int main(int argc, char** argv) {
  std::vector<int> logs = {20, 23, 25, 28};
  if (argc > 1) {
    logs.clear();
    for (const char* p = argv[1]; *p;) {
      logs.push_back(std::atoi(p));
      while (*p && *p != ',')
        ++p;
      if (*p)
        ++p;
    }
  }
  const int reps = argc > 2 ? std::atoi(argv[2]) : 15;
  const bool queued = argc > 3 && std::strcmp(argv[3], "queued") == 0;
  if (queued)
    queue_behind_us(40);
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s, %d SMs; reps %d%s\n", prop.name, prop.multiProcessorCount, reps,
              queued ? "; queued (device time)" : "; events on an idle device");
  const long most = 1L << *std::max_element(logs.begin(), logs.end());
  double* x = hpp_device_doubles(most);
  double* y = hpp_device_doubles(most);
  fill_kernel<<<1024, 256>>>(most, x, 17, 0.25);
  fill_kernel<<<1024, 256>>>(most, y, 13, 0.5);
  Finish f{};
  CK(cudaMalloc(&f.partials, 1 << 20));
  CK(cudaMalloc(&f.ticket, sizeof(unsigned)));
  CK(cudaMemset(f.ticket, 0, sizeof(unsigned)));
  CK(cudaMalloc(&f.out, sizeof(double)));
  void* temp = nullptr;
  size_t temp_bytes = 0;
  CK(cudaMalloc(&temp, 1 << 24));
  std::printf("| kernel | n | shape | ms | ratio to CUB | check |\n|---|---|---|---|---|---|\n");
  bool all_ok = true;
  for (int lg : logs) {
    const long n = 1L << lg;
    // Exact references: the values are multiples of 1/4 and 1/8.
    long long sum4 = 0, dot8 = 0;
    for (long i = 0; i < n; ++i) {
      sum4 += i % 17;
      dot8 += (i % 17) * (i % 13);
    }
    for (int kind = 0; kind < 2; ++kind) {
      const bool dot = kind == 1;
      Bench b{n, reps, f, dot ? dot8 * 0.125 : sum4 * 0.25};
      const char* kernel = dot ? "dot" : "sum";
      auto dot_it = thrust::make_transform_iterator(thrust::counting_iterator<long>(0),
                                                    DotLoad{x, y});
      auto cub_call = [&] {
        temp_bytes = 1 << 24;
        if (dot)
          CK(cub::DeviceReduce::Sum(temp, temp_bytes, dot_it, f.out, n));
        else
          CK(cub::DeviceReduce::Sum(temp, temp_bytes, x, f.out, n));
      };
      b.cub_ms = median_ms(reps, cub_call);
      b.row(kernel, "cub", b.cub_ms, at(f.out));
      auto shapes = [&](auto load) {
        b.shape<1, false>(kernel, "stride", load, 1);
        b.shape<1, false>(kernel, "stride/4w", load, 4);
        b.shape<4, false>(kernel, "stride/a4", load, 1);
        b.shape<1, true>(kernel, "blocked", load, 1);
        b.shape<4, true>(kernel, "blocked/a4", load, 1);
        b.pairs(kernel, load);
      };
      if (dot)
        shapes(DotLoad{x, y});
      else
        shapes(SumLoad{x});
      double got = 0;
      const float ms = median_ms(reps, [&] { got = dot ? hpp_dot(n, x, y) : hpp_sum(n, x); });
      b.row(kernel, "hpp", ms, got);
      CK(cudaMemset(f.out, 0, sizeof(double)));
      const float view_ms = median_ms(reps, [&] {
        if (dot)
          hpp_dot_view(n, x, y, f.out);
        else
          hpp_sum_view(n, x, f.out);
      });
      b.row(kernel, "hpp/view", view_ms, at(f.out));
      all_ok = all_ok && b.all_ok;
    }
  }
  chains(x, y, f.out, temp, queued ? 9 : 5);
  hpp_release(x);
  hpp_release(y);
  std::printf("%s\n", all_ok ? "all results exact" : "MISMATCHES");
  return all_ok ? 0 : 1;
}
