// Scan shapes against CUB (issue 16, item 2): the protocol of
// runtime/gpu/scan.hpp (warp-striped items, in-place prefixes as the
// generated code keeps them, decoupled look-back) instantiated at several
// block sizes, items per thread, minimum resident blocks and look-back
// waits, each timed against cub::DeviceScan on the same data in the same
// run and checked element by element against it. Prints one table.
#include <hpprt/cuda/hpprt.hpp>

#include "../gpu_check.cuh"

#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace rt = hpprt::cuda;
using hpprt::index_t;


/// The tile of the calling block: its index (BlockOrder, CUB's way and the
/// runtime's on NVIDIA GPUs) or the next id of the work buffer's counter
/// (the runtime's before, and on AMD GPUs).
template <bool BlockOrder, class T>
__device__ index_t shape_tile(const rt::DeviceScan<hpprt::Sum, T> &st) {
  if (BlockOrder)
    return static_cast<index_t>(blockIdx.x);
  return rt::detail::counter_tile(st);
}

template <int Block, int K, int MinBlocks, unsigned StartNs, unsigned PollNs, bool Inclusive,
          class T, bool BlockOrder = false>
__global__ void __launch_bounds__(Block, MinBlocks)
    shape_scan(rt::DeviceScan<hpprt::Sum, T> st, const T *in, T *out, index_t n) {
  const index_t tile = shape_tile<BlockOrder>(st);
  T items[K];
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const index_t i = rt::detail::scan_item_k<K, Block>(tile, k);
    items[k] = i < n ? in[i] : T(0);
  }
  rt::detail::scan_prefixes_k<K, Inclusive, Block,
                              rt::detail::LookbackWait<StartNs, PollNs>>(st, tile, items, items);
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const index_t i = rt::detail::scan_item_k<K, Block>(tile, k);
    if (i < n)
      out[i] = items[k];
  }
}

// The same items as the generated kernels compute them: scan_item's index
// (hidden from the optimizer, one computation per item) narrowed to the
// loop's `int i`, the runtime's shape and waits.
template <bool Inclusive, class T>
__global__ void HPPRT_GPU_SCAN_LAUNCH_BOUNDS generated_scan(rt::DeviceScan<hpprt::Sum, T> st,
                                                            const T *in, T *out, index_t n) {
  const index_t tile = rt::scan_tile(st);
  T items[rt::scan_items];
  for (int k = 0; k < rt::scan_items; ++k) {
    const index_t iv = rt::scan_item(tile, k);
    T s = hpprt::Sum::identity<T>();
    if (iv < n) {
      const int i = hpprt::index_at(0, iv, 1);
      s += in[i];
    }
    items[k] = s;
  }
  rt::scan_prefixes_in_place<Inclusive>(st, tile, items);
  for (int k = 0; k < rt::scan_items; ++k) {
    const index_t iv = rt::scan_item(tile, k);
    if (iv >= n)
      continue;
    const int i = hpprt::index_at(0, iv, 1);
    out[i] = items[k];
  }
}

template <class T> __global__ void fill(T *p, index_t n) {
  for (index_t i = blockIdx.x * index_t(blockDim.x) + threadIdx.x; i < n;
       i += index_t(gridDim.x) * blockDim.x)
    p[i] = T(static_cast<long long>((i * 2654435761ull) % 2001) - 1000);
}

template <class T> __global__ void count_diff(const T *a, const T *b, index_t n, unsigned long long *bad) {
  unsigned long long c = 0;
  for (index_t i = blockIdx.x * index_t(blockDim.x) + threadIdx.x; i < n;
       i += index_t(gridDim.x) * blockDim.x)
    c += a[i] != b[i];
  if (c)
    atomicAdd(bad, c);
}

int g_reps = 20;


template <class T> struct Data {
  index_t n;
  T *in, *out, *ref;
  unsigned long long *bad;
  char *work;
  float cub_ms[2];
};

/// cub::DeviceScan's inclusive or exclusive sum of d.in into d.ref.
template <class T> struct CubScan {
  Data<T> &d;
  bool inclusive;
  std::size_t bytes = 0;
  void *tmp = nullptr;
  CubScan(Data<T> &d, bool inclusive) : d(d), inclusive(inclusive) {
    call();
    CK(cudaMalloc(&tmp, bytes));
  }
  ~CubScan() { cudaFree(tmp); }
  void run() { call(); }
  void call() {
    if (inclusive)
      CK(cub::DeviceScan::InclusiveSum(tmp, bytes, d.in, d.ref, d.n));
    else
      CK(cub::DeviceScan::ExclusiveSum(tmp, bytes, d.in, d.ref, d.n));
  }
};

template <class T>
using ScanKernel = void (*)(rt::DeviceScan<hpprt::Sum, T>, const T *, T *, index_t);

/// Times one scan kernel of Block threads and K items per thread against
/// CUB's scan of the same kind, checks it element by element, prints a row.
template <class T>
void measure(Data<T> &d, const char *type, const char *shape, bool inclusive, int block, int k,
             ScanKernel<T> kernel) {
  const index_t tile = index_t(block) * k;
  const index_t tiles = (d.n + tile - 1) / tile;
  const std::size_t bytes = 256 + tiles * sizeof(rt::detail::TileWord<T>);
  rt::DeviceScan<hpprt::Sum, T> st{reinterpret_cast<unsigned *>(d.work),
                                   reinterpret_cast<rt::detail::TileWord<T> *>(d.work + 256),
                                   nullptr, T(0)};
  auto run = [&] {
    CK(cudaMemsetAsync(d.work, 0, bytes));
    kernel<<<static_cast<unsigned>(tiles), block>>>(st, d.in, d.out, d.n);
  };
  CK(cudaMemset(d.out, 0xff, d.n * sizeof(T)));
  const float ms = median_ms(g_reps, run);
  CK(cudaGetLastError());
  // The reference of this kind of scan, from CUB.
  CubScan<T> cub_ref(d, inclusive);
  cub_ref.run();
  CK(cudaMemset(d.bad, 0, sizeof(*d.bad)));
  count_diff<<<1024, 256>>>(d.out, d.ref, d.n, d.bad);
  unsigned long long bad = 0;
  CK(cudaMemcpy(&bad, d.bad, sizeof bad, cudaMemcpyDeviceToHost));
  cudaFuncAttributes attr{};
  CK(cudaFuncGetAttributes(&attr, kernel));
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0));
  const float cub = d.cub_ms[inclusive];
  std::printf("| %-6s | %-9s | %s | %4d | %4zu | %6.3f | %6.3f | %6.0f | %6.3f | %s |\n", type,
              inclusive ? "inclusive" : "exclusive", shape, attr.numRegs,
              per_sm * (std::size_t)block, ms, cub, 2.0 * d.n * sizeof(T) / ms / 1e6, cub / ms,
              bad ? "WRONG" : "exact");
  if (bad)
    std::exit(1);
}

template <int Block, int K, int MinBlocks, unsigned StartNs, unsigned PollNs, bool Inclusive,
          class T, bool BlockOrder = false>
void variant(Data<T> &d, const char *type) {
  char shape[96];
  std::snprintf(shape, sizeof shape, "%5d | %3d | %3d | %5u | %5u%s", Block, K, MinBlocks,
                StartNs, PollNs, BlockOrder ? " (tiles by block index)" : "");
  measure<T>(d, type, shape, Inclusive, Block, K,
             shape_scan<Block, K, MinBlocks, StartNs, PollNs, Inclusive, T, BlockOrder>);
}

/// The runtime's scan as hppc generates it (generated_scan).
template <bool Inclusive, class T> void generated(Data<T> &d, const char *type) {
  measure<T>(d, type, "generated: runtime's shape, look-back and tile order, scan_item, int index",
             Inclusive, rt::scan_block, rt::scan_items, generated_scan<Inclusive, T>);
}

template <class T> void cub_times(Data<T> &d) {
  for (int inc = 0; inc < 2; ++inc) {
    CubScan<T> scan(d, inc);
    d.cub_ms[inc] = median_ms(g_reps, [&] { scan.run(); });
  }
}

template <class T, bool Inc> void shapes(Data<T> &d, const char *type) {
  // The shape before this benchmark (256 x 12, 4 blocks, no waits), then
  // 16 items per thread with waits around 1 us / 0.4 us (CUB waits
  // 632 ns / 1290 ns on Hopper with 224 x 24), and neighbours.
  variant<256, 12, 4, 0, 0, Inc>(d, type);
  variant<256, 16, 3, 0, 0, Inc>(d, type);
  variant<256, 16, 3, 600, 200, Inc>(d, type);
  variant<256, 16, 3, 1000, 400, Inc>(d, type);
  variant<256, 16, 3, 1500, 400, Inc>(d, type);
  variant<256, 16, 3, 1000, 800, Inc>(d, type);
  variant<256, 16, 4, 1000, 400, Inc>(d, type);
  variant<256, 14, 3, 1000, 400, Inc>(d, type);
  variant<256, 18, 3, 1000, 400, Inc>(d, type);
  variant<224, 24, 2, 1300, 600, Inc>(d, type);
  // The runtime's waits at 4 resident blocks (its kernels' 64 registers
  // allow 4), fewer items, and CUB's Hopper shape for 8-byte sums on an
  // H200 (224 x 12: 12484 tiles for 2^25 doubles, 56 registers, ncu).
  variant<256, 16, 4, 1500, 400, Inc>(d, type);
  variant<256, 12, 4, 1500, 400, Inc>(d, type);
  variant<224, 12, 5, 1300, 600, Inc>(d, type);
  generated<Inc>(d, type);
}

// Longer first naps at the runtime's shape (256 x 16, 4 blocks): the
// 2026-11-29 table rose with the start nap up to the longest tried (1.5 us).
template <class T, bool Inc> void naps(Data<T> &d, const char *type) {
  variant<256, 16, 4, 1500, 400, Inc>(d, type);
  variant<256, 16, 4, 2000, 400, Inc>(d, type);
  variant<256, 16, 4, 2500, 400, Inc>(d, type);
  variant<256, 16, 4, 3000, 400, Inc>(d, type);
  variant<256, 16, 4, 4000, 400, Inc>(d, type);
  variant<256, 16, 4, 2500, 800, Inc>(d, type);
  generated<Inc>(d, type);
}

// Tiles taken from an atomic counter (the runtime's way) or by block
// index (CUB's), at the runtime's shape and waits: is the counter part of
// the scan's fixed cost at 2^23?
template <class T, bool Inc> void orders(Data<T> &d, const char *type) {
  variant<256, 16, 4, 1500, 400, Inc, T, false>(d, type);
  variant<256, 16, 4, 1500, 400, Inc, T, true>(d, type);
  variant<256, 16, 4, 0, 0, Inc, T, false>(d, type);
  variant<256, 16, 4, 0, 0, Inc, T, true>(d, type);
  generated<Inc>(d, type);
}

bool g_naps = false, g_orders = false;

template <class T> void run_type(index_t n, const char *type) {
  Data<T> d{};
  d.n = n;
  CK(cudaMalloc(&d.in, n * sizeof(T)));
  CK(cudaMalloc(&d.out, n * sizeof(T)));
  CK(cudaMalloc(&d.ref, n * sizeof(T)));
  CK(cudaMalloc(&d.bad, sizeof(unsigned long long)));
  CK(cudaMalloc(&d.work, 256 + (n / 1024 + 1) * 16));
  fill<<<2048, 256>>>(d.in, n);
  CK(cudaDeviceSynchronize());
  cub_times(d);
  if (g_orders) {
    orders<T, true>(d, type);
    orders<T, false>(d, type);
  } else if (g_naps) {
    naps<T, true>(d, type);
    naps<T, false>(d, type);
  } else {
    shapes<T, true>(d, type);
    shapes<T, false>(d, type);
  }
  CK(cudaFree(d.in));
  CK(cudaFree(d.out));
  CK(cudaFree(d.ref));
  CK(cudaFree(d.bad));
  CK(cudaFree(d.work));
}

int main(int argc, char **argv) {
  // Sizes as log2 (comma-separated), default the benchmark's 2^28 and the
  // suite's three size classes.
  std::vector<int> lgs;
  for (const char *p = argc > 1 ? argv[1] : "28,25,23,20"; *p;) {
    lgs.push_back(std::atoi(p));
    while (*p && *p != ',')
      ++p;
    if (*p)
      ++p;
  }
  if (argc > 2)
    g_reps = std::max(3, std::atoi(argv[2]));
  // Further arguments: `naps`, only the start-nap series (naps());
  // `orders`, tiles by counter or by block index (orders());
  // `queued`, every timed call queued behind a 40 us kernel (device time
  // only: CUB's two launches and the variants' memset and launch no longer
  // count).
  for (int a = 3; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "naps")
      g_naps = true;
    else if (arg == "orders")
      g_orders = true;
    else if (arg == "queued")
      queue_behind_us(40);
  }
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  for (int lg : lgs) {
    std::printf("\nscan shapes vs cub::DeviceScan, n = 2^%d, %s, medians of %d%s\n", lg, p.name,
                g_reps, g_queue_behind_cycles ? ", queued (device time)" : "");
    std::printf("| type | scan | block | K | min blocks | start ns | poll ns | regs | resident "
                "threads/SM | ms | CUB ms | GB/s | vs CUB | check |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    const index_t n = index_t(1) << lg;
    run_type<long long>(n, "int64");
    run_type<double>(n, "double");
  }
  return 0;
}
