// Which of the differences between hppc's transpose and the hand-written one
// cost time (docs/performance.md, "Transpose: the last 3% is where the
// output lies"). The hand kernel (32 x 32 tiles, 32 x 8 threads, a 2-D grid)
// against copies of it that each take one more feature of the translation:
// pointers without __restrict__ (ld.global, not ld.global.nc), a 1-D grid
// whose tile comes from t / TC and t % TC, a trailing barrier, dynamic
// shared memory, a grid-stride loop over the tiles. All write the same
// output buffer, so that its placement is not one of the differences.
// Prints one line per variant: median time of 22 interleaved runs and the
// ratio to the hand kernel.
//   usage: hpp_transpose_variants [n]   (n x n doubles, default 16384)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int kTile = 32, kRows = 8;
extern __shared__ double dynamic_tile[];

enum Feature : unsigned {
  OneDimGrid = 1,     // the tile from blockIdx.x / TC, blockIdx.x % TC
  TrailingBarrier = 2,
  DynamicShared = 4,
  GridStride = 8,     // for (t = blockIdx.x; t < tiles; t += gridDim.x)
};

__device__ void move_tile(double (*tile)[kTile + 1], int R, int C, int r0, int c0,
                          const double *__restrict__ in, double *__restrict__ out) {
  for (int i = threadIdx.y; i < kTile; i += kRows) {
    const int r = r0 + i, c = c0 + threadIdx.x;
    if (r < R && c < C)
      tile[i][threadIdx.x] = in[static_cast<size_t>(r) * C + c];
  }
  __syncthreads();
  for (int j = threadIdx.y; j < kTile; j += kRows) {
    const int c = c0 + j, r = r0 + threadIdx.x;
    if (r < R && c < C)
      out[static_cast<size_t>(c) * R + r] = tile[threadIdx.x][j];
  }
}

__global__ void hand(int R, int C, const double *__restrict__ in, double *__restrict__ out) {
  __shared__ double tile[kTile][kTile + 1];
  move_tile(tile, R, C, blockIdx.y * kTile, blockIdx.x * kTile, in, out);
}

// The hand kernel's body written out again: through move_tile, whose
// parameters are __restrict__, the loads would stay ld.global.nc.
__global__ void hand_plain_pointers(int R, int C, const double *in, double *out) {
  __shared__ double tile[kTile][kTile + 1];
  const int c0 = blockIdx.x * kTile, r0 = blockIdx.y * kTile;
  for (int i = threadIdx.y; i < kTile; i += kRows) {
    const int r = r0 + i, c = c0 + threadIdx.x;
    if (r < R && c < C)
      tile[i][threadIdx.x] = in[static_cast<size_t>(r) * C + c];
  }
  __syncthreads();
  for (int j = threadIdx.y; j < kTile; j += kRows) {
    const int c = c0 + j, r = r0 + threadIdx.x;
    if (r < R && c < C)
      out[static_cast<size_t>(c) * R + r] = tile[threadIdx.x][j];
  }
}

template <unsigned F>
__global__ void translated_like(int R, int C, int TC, long tiles, const double *__restrict__ in,
                                double *__restrict__ out) {
  __shared__ double static_tile[(F & DynamicShared) ? 1 : kTile][kTile + 1];
  double(*tile)[kTile + 1] = (F & DynamicShared)
                                 ? reinterpret_cast<double(*)[kTile + 1]>(dynamic_tile)
                                 : static_tile;
  const long end = (F & GridStride) ? tiles : static_cast<long>(blockIdx.x) + 1;
  for (long t = blockIdx.x; t < end; t += gridDim.x) {
    const int ti = static_cast<int>(t);
    move_tile(tile, R, C, ti / TC * kTile, ti % TC * kTile, in, out);
    if (F & TrailingBarrier)
      __syncthreads();
  }
}

void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

} // namespace

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 16384;
  const int TC = (n + kTile - 1) / kTile;
  const long tiles = static_cast<long>(TC) * TC;
  const size_t elems = static_cast<size_t>(n) * n;
  double *in = nullptr, *out = nullptr;
  check(cudaMalloc(&in, elems * sizeof(double)), "cudaMalloc");
  check(cudaMalloc(&out, elems * sizeof(double)), "cudaMalloc");
  check(cudaMemset(in, 0, elems * sizeof(double)), "cudaMemset");
  const dim3 block(kTile, kRows), grid2(TC, TC);
  const size_t dyn = kTile * (kTile + 1) * sizeof(double);
  struct Variant {
    const char *name;
    void (*launch)(int, int, long, const dim3 &, const dim3 &, size_t, const double *, double *);
  };
  const Variant variants[] = {
      {"hand (2-D grid, __restrict__)",
       [](int n, int, long, const dim3 &g, const dim3 &b, size_t, const double *i, double *o) {
         hand<<<g, b>>>(n, n, i, o);
       }},
      {"hand, plain pointers",
       [](int n, int, long, const dim3 &g, const dim3 &b, size_t, const double *i, double *o) {
         hand_plain_pointers<<<g, b>>>(n, n, i, o);
       }},
      {"1-D grid, tile from t / TC",
       [](int n, int tc, long t, const dim3 &, const dim3 &b, size_t, const double *i, double *o) {
         translated_like<OneDimGrid><<<t, b>>>(n, n, tc, t, i, o);
       }},
      {"+ trailing barrier",
       [](int n, int tc, long t, const dim3 &, const dim3 &b, size_t, const double *i, double *o) {
         translated_like<OneDimGrid | TrailingBarrier><<<t, b>>>(n, n, tc, t, i, o);
       }},
      {"+ dynamic shared memory",
       [](int n, int tc, long t, const dim3 &, const dim3 &b, size_t d, const double *i, double *o) {
         translated_like<OneDimGrid | TrailingBarrier | DynamicShared><<<t, b, d>>>(n, n, tc, t, i,
                                                                                     o);
       }},
      {"+ grid-stride loop",
       [](int n, int tc, long t, const dim3 &, const dim3 &b, size_t d, const double *i, double *o) {
         translated_like<OneDimGrid | TrailingBarrier | DynamicShared | GridStride>
             <<<t, b, d>>>(n, n, tc, t, i, o);
       }},
  };
  const int count = sizeof(variants) / sizeof(variants[0]);
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<std::vector<float>> ms(count);
  for (int rep = 0; rep < 25; ++rep)
    for (int v = 0; v < count; ++v) {
      check(cudaEventRecord(start), "cudaEventRecord");
      variants[v].launch(n, TC, tiles, grid2, block, dyn, in, out);
      check(cudaEventRecord(stop), "cudaEventRecord");
      check(cudaEventSynchronize(stop), "cudaEventSynchronize");
      float t = 0;
      check(cudaEventElapsedTime(&t, start, stop), "cudaEventElapsedTime");
      if (rep >= 3) // warm-up
        ms[v].push_back(t);
    }
  check(cudaGetLastError(), "a launch");
  std::vector<float> median(count);
  for (int v = 0; v < count; ++v) {
    std::sort(ms[v].begin(), ms[v].end());
    median[v] = ms[v][ms[v].size() / 2];
  }
  std::printf("transpose of %d x %d doubles, median of %zu runs each\n", n, n, ms[0].size());
  std::printf("| variant | ms | ratio to hand |\n|---|---|---|\n");
  for (int v = 0; v < count; ++v)
    std::printf("| %s | %.4f | %.3f |\n", variants[v].name, median[v], median[0] / median[v]);
  return 0;
}
