// UniqueToken costs inside a kernel (issue 13): the scatter-add of the
// token benchmark (each of n iterations adds 1 to the bins of its m values)
// with the acquire/release protocol of include/hpp/unique_token.hpp taken
// apart, to see which of its steps costs what against plain atomics on one
// histogram. Each variant is that protocol with some steps left out or done
// another way (see Mode); all variants are checked against the plain form.
// Only the full protocol (or one that keeps its guarantees) is a candidate
// for the product; the others measure a step's price.
//
// Usage (device): hpp_token_lab [reps] [log2(n)]
#include <hpp/unique_token.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../gpu_check.cuh"

/// Which steps a variant performs.
enum Mode : unsigned {
  kToken = 1,      ///< acquire and release an id at all
  kAcqFence = 2,   ///< __threadfence() after a successful acquire
  kRelFence = 4,   ///< __threadfence() before the release
  kCheck = 8,      ///< release reads the old word (double-release check)
  kRelAtom = 16,   ///< release is red.release.gpu (no separate fence)
  kAcqAtom = 32,   ///< acquire is atom.acquire.gpu (no separate fence)
  kSyncWarp = 64,  ///< __syncwarp around the leader's aggregated atomic
};

// Where a thread starts looking, and its lane: the product's own (which
// exist in the device pass only).
#ifdef HPP_DEVICE_PASS
__device__ inline unsigned slot() { return hpp::detail::token_thread_position(); }
__device__ inline int lane_id() { return hpp::detail::token_lane(); }
#else
__device__ inline unsigned slot() { return 0; }
__device__ inline int lane_id() { return 0; }
#endif
__device__ inline unsigned atom_or_acquire(unsigned* p, unsigned v) {
  unsigned old;
  asm volatile("atom.acquire.gpu.global.or.b32 %0, [%1], %2;"
               : "=r"(old)
               : "l"(p), "r"(v)
               : "memory");
  return old;
}
__device__ inline void red_and_release(unsigned* p, unsigned v) {
  asm volatile("red.release.gpu.global.and.b32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
}
__device__ inline unsigned atom_and_release(unsigned* p, unsigned v) {
  unsigned old;
  asm volatile("atom.release.gpu.global.and.b32 %0, [%1], %2;"
               : "=r"(old)
               : "l"(p), "r"(v)
               : "memory");
  return old;
}

template <unsigned M> __device__ int acquire(unsigned* bits, int words, unsigned* failures) {
  const unsigned pos = slot() % unsigned(words * 32);
  const int start = int(pos / 32);
  const unsigned active = __activemask();
  const unsigned group = __match_any_sync(active, start);
  const bool first = __ffs(int(__match_any_sync(active, pos))) - 1 == lane_id();
  const unsigned want = first ? 1u << (pos % 32) : 0u;
  const unsigned all = __reduce_or_sync(group, want);
  const int leader = __ffs(int(group)) - 1;
  unsigned old = 0;
  if (lane_id() == leader)
    old = (M & kAcqAtom) ? atom_or_acquire(bits + start, all) : atomicOr(bits + start, all);
  old = __shfl_sync(group, old, leader);
  if (M & kSyncWarp)
    __syncwarp(group);
  if (first && !(old & want)) {
    if (M & kAcqFence)
      __threadfence();
    return start * 32 + int(pos % 32);
  }
  // The slow path: word after word.
  for (;;) {
    for (int i = 0; i < words; ++i) {
      const int w = (start + i) % words;
      unsigned o = *reinterpret_cast<volatile unsigned*>(bits + w);
      while (~o != 0u) {
        const unsigned b = unsigned(__ffs(int(~o))) - 1u;
        o = (M & kAcqAtom) ? atom_or_acquire(bits + w, 1u << b) : atomicOr(bits + w, 1u << b);
        if (!(o & (1u << b))) {
          if (M & kAcqFence)
            __threadfence();
          atomicAdd(failures + 1, 1u); // slow-path count
          return w * 32 + int(b);
        }
      }
    }
    __nanosleep(100);
  }
}

template <unsigned M> __device__ void release(unsigned* bits, int id, unsigned* failures) {
  const unsigned mask = 1u << (id % 32);
  if (M & kRelFence)
    __threadfence();
  const unsigned active = __activemask();
  const unsigned group = __match_any_sync(active, id / 32);
  const unsigned all = __reduce_or_sync(group, mask);
  const int leader = __ffs(int(group)) - 1;
  if (M & kSyncWarp)
    __syncwarp(group);
  if (M & kCheck) {
    unsigned old = 0;
    if (lane_id() == leader)
      old = (M & kRelAtom) ? atom_and_release(bits + id / 32, ~all) : atomicAnd(bits + id / 32, ~all);
    old = __shfl_sync(group, old, leader);
    if (__ffs(int(__match_any_sync(active, id))) - 1 != lane_id())
      old = 0;
    if (!(old & mask))
      atomicAdd(failures, 1u);
  } else if (lane_id() == leader) {
    if (M & kRelAtom)
      red_and_release(bits + id / 32, ~all);
    else
      atomicAnd(bits + id / 32, ~all);
  }
}

template <unsigned M>
__global__ void scatter(const int* v, int* hist, int n, int m, int bins, int copies,
                        unsigned* bits, int words, unsigned* failures) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (M & kToken) {
    const int id = acquire<M>(bits, words, failures);
    int* mine = hist + long(id & (copies - 1)) * bins;
    for (int k = 0; k < m; ++k)
      atomicAdd(&mine[v[long(i) * m + k]], 1);
    release<M>(bits, id, failures);
  } else {
    for (int k = 0; k < m; ++k)
      atomicAdd(&hist[v[long(i) * m + k]], 1);
  }
}

__global__ void sum_copies(int* hist, int bins, int copies) {
  for (int b = blockIdx.x * blockDim.x + threadIdx.x; b < bins; b += gridDim.x * blockDim.x)
    for (int c = 1; c < copies; ++c)
      hist[b] += hist[long(c) * bins + b];
}

static unsigned hash(unsigned long long x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return unsigned(x);
}

struct Variant {
  const char* name;
  void (*kernel)(const int*, int*, int, int, int, int, unsigned*, int, unsigned*);
};

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 21;
  const int n = 1 << (argc > 2 ? std::atoi(argv[2]) : 20);
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  const int size = prop.multiProcessorCount * prop.maxThreadsPerMultiProcessor;
  const int words = (size + 31) / 32;
  std::printf("UniqueToken lab: %s, %d iterations, token of %d ids, median of %d\n", prop.name, n,
              size, reps);

  const Variant variants[] = {
      {"atomics only", scatter<0>},
      {"token, fences (product before)", scatter<kToken | kAcqFence | kRelFence | kCheck>},
      {"token, acquire/release atomics + syncwarp + check (product)",
       scatter<kToken | kAcqAtom | kRelAtom | kCheck | kSyncWarp>},
      {"  no double-release check", scatter<kToken | kAcqFence | kRelFence>},
      {"  no acquire fence", scatter<kToken | kRelFence | kCheck>},
      {"  no release fence", scatter<kToken | kAcqFence | kCheck>},
      {"  no fences, no check", scatter<kToken>},
      {"  release as red.release, no check", scatter<kToken | kAcqFence | kRelAtom>},
      {"  acquire as atom.acquire, red.release", scatter<kToken | kAcqAtom | kRelAtom>},
      {"  acquire as atom.acquire, fence+check", scatter<kToken | kAcqAtom | kRelFence | kCheck>},
      {"  atom.acquire, atom.release + check", scatter<kToken | kAcqAtom | kRelAtom | kCheck>},
  };

  struct Case {
    int bins, m, copies;
  };
  const Case cases[] = {{1 << 20, 8, 1}, {1 << 20, 8, 16}, {1 << 20, 1, 1}, {16, 8, 1}};
  int *v = nullptr, *hist = nullptr;
  unsigned *bits = nullptr, *failures = nullptr;
  CK(cudaMalloc(&bits, words * sizeof(unsigned)));
  CK(cudaMalloc(&failures, 2 * sizeof(unsigned)));
  CK(cudaMemset(bits, 0, words * sizeof(unsigned)));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  for (const Case& c : cases) {
    std::vector<int> hv(long(n) * c.m);
    for (long k = 0; k < long(hv.size()); ++k)
      hv[k] = int(hash((unsigned long long)k * 7 + 1) % unsigned(c.bins));
    CK(cudaMalloc(&v, hv.size() * sizeof(int)));
    CK(cudaMemcpy(v, hv.data(), hv.size() * sizeof(int), cudaMemcpyHostToDevice));
    const long hbytes = long(c.copies) * c.bins * sizeof(int);
    CK(cudaMalloc(&hist, hbytes));
    std::vector<int> ref(c.bins), got(c.bins);
    std::printf("\nbins %d, m %d, copies %d\n| variant | ms | atomic/variant | slow acquires | "
                "check |\n|---|---|---|---|---|\n",
                c.bins, c.m, c.copies);
    double atomic_ms = 0;
    for (const Variant& var : variants) {
      std::vector<float> t;
      unsigned stats[2] = {0, 0};
      for (int r = 0; r < reps + 2; ++r) {
        CK(cudaMemset(hist, 0, hbytes));
        CK(cudaMemset(failures, 0, 2 * sizeof(unsigned)));
        CK(cudaEventRecord(e0));
        var.kernel<<<(n + 255) / 256, 256>>>(v, hist, n, c.m, c.bins, c.copies, bits, words,
                                              failures);
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        CK(cudaGetLastError());
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        if (r >= 2)
          t.push_back(ms);
        CK(cudaMemcpy(stats, failures, sizeof stats, cudaMemcpyDeviceToHost));
      }
      if (c.copies > 1)
        sum_copies<<<256, 256>>>(hist, c.bins, c.copies);
      CK(cudaMemcpy(got.data(), hist, c.bins * sizeof(int), cudaMemcpyDeviceToHost));
      std::sort(t.begin(), t.end());
      const double ms = t[t.size() / 2];
      bool ok = stats[0] == 0;
      if (var.kernel == scatter<0>) {
        ref = got;
        atomic_ms = ms;
      } else {
        ok = ok && got == ref;
      }
      std::printf("| %s | %.4f | %.3f | %u | %s |\n", var.name, ms, atomic_ms / ms, stats[1],
                  ok ? "ok" : "MISMATCH");
    }
    CK(cudaFree(v));
    CK(cudaFree(hist));
  }
  return 0;
}
