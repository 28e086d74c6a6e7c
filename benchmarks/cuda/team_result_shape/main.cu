// Team regions with a result (issue 16, yAx at 0.93 of hand): how a team
// kernel that also reduces to one value should be launched. yAx (result =
// y^T A x, one team per row) written by hand in several shapes, each timed
// against the hand baseline of benchmarks/cuda/baselines.cu (one block per
// row, one fire-and-forget atomic per block) in the same run:
//  - persist: a resident grid of blocks striding over the rows, as hpp
//    launches team regions with reductions today, one atomic per block;
//  - persist_last: the same ending with hpp's last-block protocol (fence,
//    ticket, the last block combines the partials), as hpp does;
//  - row_last: one block per row with the last-block protocol;
//  - row_second: one block per row storing its partial, a second kernel
//    combining them (no ticket, no fence);
//  - persist_dyn: a resident grid taking rows from an atomic counter;
//  - persist_release: persist_last with the arrival as a release atomic;
//  - persist_second: the resident grid storing partials, a second kernel
//    combining them;
//  - persist_call: persist_last with the protocol in a function that is
//    not inlined;
//  - persist_last_batch4/8: persist_last with the lane loop's loads of 4
//    (8) iterations issued before their sums.
// Every variant's result is compared with the hand kernel's (relative
// difference printed). Prints one table; no assertions on time.
#include "../gpu_check.cuh"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int kBlock = 256;

__device__ inline double warp_sum(double v) {
  for (int d = 16; d > 0; d /= 2) v += __shfl_down_sync(0xffffffffu, v, d);
  return v;
}

/// The sum of every thread's v, complete in thread 0; the block may call
/// it again at once.
__device__ inline double block_sum(double v) {
  __shared__ double part[kBlock / 32];
  v = warp_sum(v);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < kBlock / 32 ? part[threadIdx.x] : 0.0;
    v = warp_sum(v);
  }
  __syncthreads();
  return v;
}

/// The row's dot product, complete in thread 0. Batch > 1: the lane loop
/// written as hppc could emit it, the loads of Batch iterations first and
/// their sums after, in the iterations' order (the same sum, bit for bit).
template <int Batch = 1>
__device__ inline double row_dot(const double* __restrict__ row, const double* __restrict__ x,
                                 int cols) {
  double s = 0;
  int i = threadIdx.x;
  if constexpr (Batch > 1) {
    for (; i + (Batch - 1) * kBlock < cols; i += Batch * kBlock) {
      double a[Batch], b[Batch];
#pragma unroll
      for (int k = 0; k < Batch; ++k) {
        a[k] = row[i + k * kBlock];
        b[k] = x[i + k * kBlock];
      }
#pragma unroll
      for (int k = 0; k < Batch; ++k) s += a[k] * b[k];
    }
  }
  for (; i < cols; i += kBlock) s += row[i] * x[i];
  return block_sum(s);
}

/// hpp's last-block protocol (runtime/gpu/reduce.hpp, arrive_last and
/// finish_reduction) for the leader's value v; Release: the arrival as one
/// release atomic instead of a fence and a relaxed atomic, and an acquire
/// fence in the last block only.
template <bool Release = false>
__device__ void finish_last(double v, double* partials, unsigned* counter, double* result) {
  __shared__ bool last;
  if (threadIdx.x == 0) {
    partials[blockIdx.x] = v;
    unsigned ticket;
    if (Release) {
      asm volatile("atom.add.release.gpu.u32 %0, [%1], 1;" : "=r"(ticket) : "l"(counter) : "memory");
    } else {
      __threadfence();
      ticket = atomicAdd(counter, 1u);
    }
    last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (!last) return;
  if (Release)
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
  else
    __threadfence();
  double acc = 0;
  for (unsigned b = threadIdx.x; b < gridDim.x; b += kBlock) acc += __ldcg(partials + b);
  acc = block_sum(acc);
  if (threadIdx.x == 0) {
    *result = acc;
    *counter = 0;
  }
}

/// finish_last as a call: ptxas allocates the kernel's loop without it.
__device__ __noinline__ void finish_last_call(double v, double* partials, unsigned* counter,
                                              double* result) {
  finish_last(v, partials, counter, result);
}

enum Mode {
  Hand,
  Persist,
  PersistLast,
  RowLast,
  RowSecond,
  PersistDyn,
  PersistRel,
  PersistStore,
  PersistCall,
  PersistLastBatch4,
  PersistLastBatch8
};

/// The hand kernel without __restrict__ (plain, coherent loads), and with
/// hpp's lane loop (a count of iterations, 64-bit positions, an int index
/// rebuilt from them) instead of a pointer striding over the row.
template <bool Index>
__global__ void __launch_bounds__(kBlock) yax_plain(int rows, int cols, const double* y,
                                                    const double* A, const double* x,
                                                    double* result) {
  const int j = blockIdx.x;
  double s = 0;
  if (Index) {
    const int r = threadIdx.x;
    const int c = r < cols ? static_cast<int>((cols - r + kBlock - 1) / kBlock) : 0;
    for (int k = 0; k < c; ++k) {
      const long long iv = r + static_cast<long long>(k) * kBlock;
      const int i = static_cast<int>(iv);
      s += A[j * cols + i] * x[i];
    }
  } else {
    const double* row = A + static_cast<size_t>(j) * cols;
    for (int i = threadIdx.x; i < cols; i += kBlock) s += row[i] * x[i];
  }
  s = block_sum(s);
  if (threadIdx.x == 0) atomicAdd(result, y[j] * s);
}


template <Mode M>
__global__ void __launch_bounds__(kBlock) yax(int rows, int cols, const double* __restrict__ y,
                                              const double* __restrict__ A,
                                              const double* __restrict__ x, double* result,
                                              double* partials, unsigned* counter) {
  if constexpr (M == Hand || M == RowLast || M == RowSecond) {
    const int j = blockIdx.x;
    const double v = y[j] * row_dot(A + static_cast<size_t>(j) * cols, x, cols);
    if (M == Hand) {
      if (threadIdx.x == 0) atomicAdd(result, v);
    } else if (M == RowLast) {
      finish_last(v, partials, counter, result);
    } else if (threadIdx.x == 0) {
      partials[j] = v;
    }
  } else if constexpr (M == PersistDyn) {
    __shared__ int next;
    double acc = 0; // the leader's
    for (;;) {
      if (threadIdx.x == 0) next = static_cast<int>(atomicAdd(counter + 1, 1u));
      __syncthreads();
      const int j = next;
      __syncthreads();
      if (j >= rows) break;
      acc += y[j] * row_dot(A + static_cast<size_t>(j) * cols, x, cols);
    }
    if (threadIdx.x == 0) atomicAdd(result, acc);
  } else {
    constexpr int kBatch = M == PersistLastBatch4 ? 4 : M == PersistLastBatch8 ? 8 : 1;
    double acc = 0; // the leader's
    for (int j = blockIdx.x; j < rows; j += gridDim.x)
      acc += y[j] * row_dot<kBatch>(A + static_cast<size_t>(j) * cols, x, cols);
    if (M == Persist) {
      if (threadIdx.x == 0) atomicAdd(result, acc);
    } else if (M == PersistRel) {
      finish_last<true>(acc, partials, counter, result);
    } else if (M == PersistStore) {
      if (threadIdx.x == 0) partials[blockIdx.x] = acc; // combined by a second kernel
    } else if (M == PersistCall) {
      finish_last_call(acc, partials, counter, result);
    } else {
      finish_last(acc, partials, counter, result);
    }
  }
}

__global__ void combine(const double* partials, int n, double* result) {
  double acc = 0;
  for (int b = threadIdx.x; b < n; b += kBlock) acc += partials[b];
  acc = block_sum(acc);
  if (threadIdx.x == 0) *result = acc;
}

__global__ void fill(double* p, long n, unsigned seed) {
  for (long i = blockIdx.x * long(blockDim.x) + threadIdx.x; i < n; i += long(gridDim.x) * blockDim.x)
    p[i] = static_cast<double>(static_cast<long>((i * 2654435761ull + seed) % 2001) - 1000) / 1000.0;
}

struct Data {
  int rows, cols, resident;
  double *A, *x, *y, *result, *partials;
  unsigned* counter;
};

template <Mode M> void run(const Data& d) {
  // Every variant pays one memset, as the hand baseline must (its atomics
  // add into the result); persist_dyn a second one for its row counter.
  CK(cudaMemsetAsync(d.result, 0, sizeof(double)));
  if (M == PersistDyn) CK(cudaMemsetAsync(d.counter + 1, 0, sizeof(unsigned)));
  const bool per_row = M == Hand || M == RowLast || M == RowSecond;
  const int grid = per_row ? d.rows : std::min(d.rows, d.resident);
  yax<M><<<grid, kBlock>>>(d.rows, d.cols, d.y, d.A, d.x, d.result, d.partials, d.counter);
  if (M == RowSecond) combine<<<1, kBlock>>>(d.partials, d.rows, d.result);
  if (M == PersistStore) combine<<<1, kBlock>>>(d.partials, grid, d.result);
}

template <bool Index> void run_plain(const Data& d) {
  CK(cudaMemsetAsync(d.result, 0, sizeof(double)));
  yax_plain<Index><<<d.rows, kBlock>>>(d.rows, d.cols, d.y, d.A, d.x, d.result);
}

int g_reps = 20;


double result_of(const Data& d) {
  CK(cudaDeviceSynchronize());
  double r;
  CK(cudaMemcpy(&r, d.result, sizeof r, cudaMemcpyDeviceToHost));
  return r;
}

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::max(1, std::atoi(argv[1]));
  int dev = 0, sms = 0;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, dev));
  std::printf("%s, %d SMs, %d reps (median)\n", prop.name, sms, g_reps);
  std::printf("| rows x cols | variant | grid | us | hand us | hand/variant | rel diff |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  const int shapes[][2] = {{1024, 1024}, {4096, 4096}, {16384, 16384}, {65536, 2048}};
  for (const auto& s : shapes) {
    Data d{};
    d.rows = s[0];
    d.cols = s[1];
    int per_sm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, yax<Persist>, kBlock, 0));
    d.resident = per_sm * sms;
    const long n = static_cast<long>(d.rows) * d.cols;
    CK(cudaMalloc(&d.A, n * sizeof(double)));
    CK(cudaMalloc(&d.x, d.cols * sizeof(double)));
    CK(cudaMalloc(&d.y, d.rows * sizeof(double)));
    CK(cudaMalloc(&d.result, sizeof(double)));
    CK(cudaMalloc(&d.partials, std::max(d.rows, d.resident) * sizeof(double)));
    CK(cudaMalloc(&d.counter, 2 * sizeof(unsigned)));
    CK(cudaMemset(d.counter, 0, 2 * sizeof(unsigned)));
    fill<<<1024, 256>>>(d.A, n, 1);
    fill<<<64, 256>>>(d.x, d.cols, 2);
    fill<<<64, 256>>>(d.y, d.rows, 3);
    run<Hand>(d);
    const double ref = result_of(d);
    struct V {
      const char* name;
      void (*f)(const Data&);
      bool per_row;
    } vs[] = {{"persist", run<Persist>, false},       {"persist_last", run<PersistLast>, false},
              {"row_last", run<RowLast>, true},       {"row_second", run<RowSecond>, true},
              {"persist_dyn", run<PersistDyn>, false},    {"persist_release", run<PersistRel>, false},
              {"persist_second", run<PersistStore>, false}, {"persist_call", run<PersistCall>, false},
              {"persist_last_batch4", run<PersistLastBatch4>, false},
              {"persist_last_batch8", run<PersistLastBatch8>, false},
              {"hand_plain_loads", run_plain<false>, true}, {"hand_hpp_index", run_plain<true>, true}};
    for (const V& v : vs) {
      v.f(d);
      const double r = result_of(d);
      // Interleaved: hand, variant, hand, variant (medians of each).
      double th = 1000.0 * median_ms(g_reps, [&] { run<Hand>(d); });
      double tv = 1000.0 * median_ms(g_reps, [&] { v.f(d); });
      th = std::min(th, 1000.0 * median_ms(g_reps, [&] { run<Hand>(d); }));
      tv = std::min(tv, 1000.0 * median_ms(g_reps, [&] { v.f(d); }));
      std::printf("| %dx%d | %s | %d | %.1f | %.1f | %.3f | %.1e |\n", d.rows, d.cols, v.name,
                  v.per_row ? d.rows : std::min(d.rows, d.resident), tv, th, th / tv,
                  std::fabs(r - ref) / std::max(1e-300, std::fabs(ref)));
    }
    CK(cudaFree(d.A));
    CK(cudaFree(d.x));
    CK(cudaFree(d.y));
    CK(cudaFree(d.result));
    CK(cudaFree(d.partials));
    CK(cudaFree(d.counter));
  }
  return 0;
}
