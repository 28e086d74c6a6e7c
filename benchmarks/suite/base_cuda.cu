// Hand-written CUDA versions of the suite's kernels, in the style of
// RAJAPerf's Base_CUDA variants: one element per thread, 256 threads per
// block (2-D/3-D loops: 32 x 8 blocks over the two fastest indices), one
// kernel per loop, the loop body the same macro the hpp form expands.
// Reductions: a grid-stride first pass over a grid that fills the device
// (8 blocks of 256 per SM), one partial per block, then a one-block second
// pass, then the result copied to the host: deterministic, no atomics.
// Scan, index list and reduce_sum (the "algorithm" group) call CUB, as an
// expert would. Launches go to the default stream; functions that return a
// value wait for it (cudaMemcpy), the others return at once.
#include <cub/cub.cuh>
#include <cuda_runtime.h>
#include <thrust/iterator/counting_iterator.h>

#include <cstdio>
#include <cstdlib>

#include "bodies.hpp"
#include "suite.hpp"

namespace {

constexpr int BS = 256;

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "base_cuda: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(2);
  }
}

inline unsigned blocks(long n) { return static_cast<unsigned>((n + BS - 1) / BS); }

// A grow-only device scratch buffer (reduction partials, CUB temporaries).
void* scratch(size_t bytes) {
  static void* p = nullptr;
  static size_t have = 0;
  if (bytes > have) {
    if (p)
      check(cudaFree(p), "cudaFree");
    check(cudaMalloc(&p, bytes), "cudaMalloc scratch");
    have = bytes;
  }
  return p;
}

int reduce_blocks() {
  static int b = 0;
  if (!b) {
    int dev = 0, sms = 0;
    check(cudaGetDevice(&dev), "cudaGetDevice");
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), "attr");
    b = 8 * sms;
  }
  return b;
}

// ---- two-pass reductions ------------------------------------------------------
template <class T, class Op> __device__ T block_reduce(T v, Op op) {
  __shared__ T sh[BS];
  sh[threadIdx.x] = v;
  __syncthreads();
  for (int s = BS / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      sh[threadIdx.x] = op(sh[threadIdx.x], sh[threadIdx.x + s]);
    __syncthreads();
  }
  return sh[0];
}

template <class T, class Op, class F>
__global__ void reduce_pass1(int n, T id, Op op, F f, T* partial) {
  T v = id;
  for (int i = blockIdx.x * BS + threadIdx.x; i < n; i += gridDim.x * BS)
    v = op(v, f(i));
  v = block_reduce(v, op);
  if (threadIdx.x == 0)
    partial[blockIdx.x] = v;
}

template <class T, class Op>
__global__ void reduce_pass2(int m, T id, Op op, const T* partial, T* out) {
  T v = id;
  for (int i = threadIdx.x; i < m; i += BS)
    v = op(v, partial[i]);
  v = block_reduce(v, op);
  if (threadIdx.x == 0)
    *out = v;
}

template <class T, class Op, class F> T reduce(int n, T id, Op op, F f) {
  const int nb = reduce_blocks();
  const int g = static_cast<int>(blocks(n) < static_cast<unsigned>(nb) ? blocks(n) : nb);
  T* part = static_cast<T*>(scratch((nb + 1) * sizeof(T)));
  reduce_pass1<<<g > 0 ? g : 1, BS>>>(n, id, op, f, part);
  reduce_pass2<<<1, BS>>>(g > 0 ? g : 1, id, op, part, part + nb);
  T r;
  check(cudaMemcpy(&r, part + nb, sizeof(T), cudaMemcpyDeviceToHost), "reduce result");
  return r;
}

struct Plus {
  template <class T> __device__ T operator()(T a, T b) const { return a + b; }
};
struct R3 {
  long sum;
  int mn, mx;
};
struct R3Op {
  __device__ R3 operator()(R3 a, R3 b) const {
    return R3{a.sum + b.sum, b.mn < a.mn ? b.mn : a.mn, b.mx > a.mx ? b.mx : a.mx};
  }
};
// Lowest value, ties to the lowest index (the serial loop's first minimum).
struct MinLocOp {
  __device__ MinLoc operator()(MinLoc a, MinLoc b) const {
    if (b.val < a.val || (b.val == a.val && b.loc >= 0 && (a.loc < 0 || b.loc < a.loc)))
      return b;
    return a;
  }
};

// ---- stream ------------------------------------------------------------------
__global__ void copy_k(int n, const double* a, double* c) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    COPY_BODY
  }
}
__global__ void mul_k(int n, double q, const double* c, double* b) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    MUL_BODY
  }
}
__global__ void add_k(int n, const double* a, const double* b, double* c) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    ADD_BODY
  }
}
__global__ void triad_k(int n, double q, const double* b, const double* c, double* a) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    TRIAD_BODY
  }
}

// ---- basic -------------------------------------------------------------------
__global__ void daxpy_k(int n, double a, const double* x, double* y) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    DAXPY_BODY
  }
}
__global__ void if_quad_k(int n, const double* a, const double* b, const double* c, double* x1,
                          double* x2) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    IF_QUAD_BODY
  }
}
__global__ void init3_k(int n, const double* in1, const double* in2, double* out1, double* out2,
                        double* out3) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    INIT3_BODY
  }
}
__global__ void muladdsub_k(int n, const double* in1, const double* in2, double* out1,
                            double* out2, double* out3) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    MULADDSUB_BODY
  }
}
__global__ void nested_init_k(int nx, int ny, int nz, double* arr) {
  const int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y, k = blockIdx.z;
  if (i < nx && j < ny) {
    NESTED_INIT_BODY
  }
}

// ---- lcals -------------------------------------------------------------------
__global__ void hydro_1d_k(int n, double q, double r, double t, const double* y, const double* z,
                           double* x) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    HYDRO_1D_BODY
  }
}
#define HYDRO_2D_KERNEL(NAME, BODY)                                                          \
  __global__ void NAME(int jn, int kn, double s, double t, const double* zp, const double* zq, \
                       const double* zr, const double* zm, const double* zz, double* za,     \
                       double* zb, double* zu, double* zv, double* zrout, double* zzout) {   \
    const int j = 1 + blockIdx.x * 32 + threadIdx.x, k = 1 + blockIdx.y * 8 + threadIdx.y;  \
    if (j < jn - 1 && k < kn - 1) {                                                          \
      BODY                                                                                   \
    }                                                                                        \
  }
HYDRO_2D_KERNEL(hydro_2d_k1, HYDRO_2D_BODY1)
HYDRO_2D_KERNEL(hydro_2d_k2, HYDRO_2D_BODY2)
HYDRO_2D_KERNEL(hydro_2d_k3, HYDRO_2D_BODY3)
__global__ void int_predict_k(int n, double* px) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    INT_PREDICT_BODY
  }
}
__global__ void diff_predict_k(int n, double* px, const double* cx) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    DIFF_PREDICT_BODY
  }
}
__global__ void first_diff_k(int n, const double* y, double* x) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    FIRST_DIFF_BODY
  }
}
__global__ void eos_k(int n, double q, double r, double t, const double* y, const double* z,
                      const double* u, double* x) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    EOS_BODY
  }
}
__global__ void planckian_k(int n, const double* x, const double* u, const double* v, double* y,
                            double* w) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    PLANCKIAN_BODY
  }
}
__global__ void tridiag_elim_k(int n, const double* xin, const double* y, const double* z,
                               double* xout) {
  const int i = 1 + blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    TRIDIAG_ELIM_BODY
  }
}

// ---- polybench ---------------------------------------------------------------
__global__ void gemm_k(int N, double alpha, double beta, const double* A, const double* B,
                       double* C) {
  const int j = blockIdx.x * 32 + threadIdx.x, i = blockIdx.y * 8 + threadIdx.y;
  if (i < N && j < N) {
    double acc = 0.0;
    for (int k = 0; k < N; ++k)
      acc += A[i * N + k] * B[k * N + j];
    C[i * N + j] = beta * C[i * N + j] + alpha * acc;
  }
}
__global__ void jacobi_1d_k1(int n, double* A, double* B) {
  const int i = 1 + blockIdx.x * BS + threadIdx.x;
  if (i < n - 1) {
    JACOBI_1D_BODY1
  }
}
__global__ void jacobi_1d_k2(int n, double* A, double* B) {
  const int i = 1 + blockIdx.x * BS + threadIdx.x;
  if (i < n - 1) {
    JACOBI_1D_BODY2
  }
}
__global__ void jacobi_2d_k(int N, const double* A, double* B) {
  const int j = 1 + blockIdx.x * 32 + threadIdx.x, i = 1 + blockIdx.y * 8 + threadIdx.y;
  if (i < N - 1 && j < N - 1) {
    JACOBI_2D_BODY(B, A)
  }
}
__global__ void heat_3d_k(int N, const double* A, double* B) {
  const int k = 1 + blockIdx.x * 32 + threadIdx.x, j = 1 + blockIdx.y * 8 + threadIdx.y,
            i = 1 + blockIdx.z;
  if (j < N - 1 && k < N - 1) {
    HEAT_3D_BODY(B, A)
  }
}
__global__ void atax_k1(int N, const double* A, const double* x, double* tmp) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < N) {
    double acc = 0.0;
    for (int j = 0; j < N; ++j)
      acc += A[i * N + j] * x[j];
    tmp[i] = acc;
  }
}
__global__ void atax_k2(int N, const double* A, const double* tmp, double* y) {
  const int j = blockIdx.x * BS + threadIdx.x;
  if (j < N) {
    double acc = 0.0;
    for (int i = 0; i < N; ++i)
      acc += A[i * N + j] * tmp[i];
    y[j] = acc;
  }
}
__global__ void mvt_k1(int N, const double* A, const double* y1, double* x1) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < N) {
    double acc = 0.0;
    for (int j = 0; j < N; ++j)
      acc += A[i * N + j] * y1[j];
    x1[i] += acc;
  }
}
__global__ void mvt_k2(int N, const double* A, const double* y2, double* x2) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < N) {
    double acc = 0.0;
    for (int j = 0; j < N; ++j)
      acc += A[j * N + i] * y2[j];
    x2[i] += acc;
  }
}

// ---- apps --------------------------------------------------------------------
__global__ void del_dot_vec_2d_k(int nx, int ny, const double* x, const double* y,
                                 const double* fx, const double* fy, double* div) {
  const int z = blockIdx.x * BS + threadIdx.x;
  if (z < nx * ny) {
    DEL_DOT_VEC_2D_BODY
  }
}
__global__ void pressure_k1(int n, double cls, const double* compression, double* bvc) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    PRESSURE_BODY1
  }
}
__global__ void pressure_k2(int n, double p_cut, double pmin, double eosvmax,
                            const double* e_old, const double* vnewc, const double* bvc,
                            double* p_new) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    PRESSURE_BODY2
  }
}
#define ENERGY_KERNEL(NAME, BODY)                                                           \
  __global__ void NAME(int n, double rho0, double e_cut, double emin, const double* e_old,  \
                       const double* delvc, const double* p_old, const double* q_old,       \
                       const double* work, const double* comp_half, const double* p_half,   \
                       const double* bvc, const double* pbvc, const double* ql_old,         \
                       const double* qq_old, double* e_new, double* q_new) {                \
    const int i = blockIdx.x * BS + threadIdx.x;                                            \
    if (i < n) {                                                                            \
      BODY                                                                                  \
    }                                                                                       \
  }
ENERGY_KERNEL(energy_k1, ENERGY_BODY1)
ENERGY_KERNEL(energy_k2, ENERGY_BODY2)
ENERGY_KERNEL(energy_k3, ENERGY_BODY3)
__global__ void vol3d_k(int n, const double* x, const double* y, const double* zc, double* vol) {
  const int i = blockIdx.x * 32 + threadIdx.x, j = blockIdx.y * 8 + threadIdx.y, k = blockIdx.z;
  if (i < n && j < n) {
    VOL3D_BODY
  }
}
__constant__ double fir_coeff[16] = FIR_COEFFS;
__global__ void fir_k(int n, const double* in, double* out) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n) {
    const double* coeff = fir_coeff;
    FIR_BODY
  }
}
__global__ void ltimes_k(int nd, int nm, int ng, int nz, const double* ell, const double* psi,
                         double* phi) {
  const int idx = blockIdx.x * BS + threadIdx.x;
  if (idx < nm * ng * nz) {
    const int m = idx % nm, g = (idx / nm) % ng, z = idx / (nm * ng);
    LTIMES_BODY
  }
}
// One block of 128 threads (>= Q^3) per element; each stage strides over its
// outputs, a __syncthreads between stages.
__global__ void mass3d_k(const double* B, const double* X, const double* Dq, double* Y) {
  constexpr int D = MASS_D, Q = MASS_Q;
  __shared__ double sB[Q * D], sX[D * D * D], t1[Q * D * D], t2[Q * Q * D], t3[Q * Q * Q],
      u2[Q * Q * D], u1[Q * D * D];
  const int e = blockIdx.x;
  for (int k = threadIdx.x; k < Q * D; k += blockDim.x)
    sB[k] = B[k];
  for (int k = threadIdx.x; k < D * D * D; k += blockDim.x)
    sX[k] = X[e * (D * D * D) + k];
  __syncthreads();
  for (int k = threadIdx.x; k < Q * D * D; k += blockDim.x)
    MASS3D_S1
  __syncthreads();
  for (int k = threadIdx.x; k < Q * Q * D; k += blockDim.x)
    MASS3D_S2
  __syncthreads();
  for (int k = threadIdx.x; k < Q * Q * Q; k += blockDim.x)
    MASS3D_S3
  __syncthreads();
  for (int k = threadIdx.x; k < Q * Q * D; k += blockDim.x)
    MASS3D_S4
  __syncthreads();
  for (int k = threadIdx.x; k < Q * D * D; k += blockDim.x)
    MASS3D_S5
  __syncthreads();
  for (int k = threadIdx.x; k < D * D * D; k += blockDim.x)
    MASS3D_S6
}
__global__ void diffusion3d_k(int N, double dt, const double* u, const double* kc, double* out) {
  const int i = 1 + blockIdx.x * 32 + threadIdx.x, j = 1 + blockIdx.y * 8 + threadIdx.y,
            k = 1 + blockIdx.z;
  if (i < N - 1 && j < N - 1) {
    DIFFUSION3D_BODY
  }
}

// ---- team ------------------------------------------------------------------
__device__ double warp_sum(double v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}
// A block of 256 per row; each row's y[j] * (A x)[j] to part[j].
__global__ void yax_k(int cols, const double* y, const double* A, const double* x,
                      double* part) {
  const int j = blockIdx.x;
  double r = 0.0;
  for (int i = threadIdx.x; i < cols; i += BS)
    r += A[j * cols + i] * x[i];
  r = block_reduce(r, Plus());
  if (threadIdx.x == 0)
    part[j] = y[j] * r;
}
// A block of 8 warps per cell, a warp per row n, the lanes over m.
__global__ void yax3_k(int N, int M, const double* y, const double* A, const double* x,
                       double* part) {
  const int e = blockIdx.x, w = threadIdx.x / 32, lane = threadIdx.x % 32;
  double cell = 0.0;
  for (int n = w; n < N; n += BS / 32) {
    double r = 0.0;
    for (int m = lane; m < M; m += 32)
      r += A[(e * N + n) * M + m] * x[e * M + m];
    r = warp_sum(r);
    cell += y[e * N + n] * r; // meaningful in lane 0
  }
  cell = block_reduce(lane == 0 ? cell : 0.0, Plus());
  if (threadIdx.x == 0)
    part[e] = cell;
}
// A block of 8 warps per cell: the data row to shared memory, then a warp
// per point v reducing over q.
__global__ void contract_k(int VS, int QP, const double* fields, const double* data,
                           double* out) {
  extern __shared__ double srow[];
  const int e = blockIdx.x, w = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int q = threadIdx.x; q < QP; q += BS)
    srow[q] = data[e * QP + q];
  __syncthreads();
  for (int v = w; v < VS; v += BS / 32) {
    double a = 0.0;
    for (int q = lane; q < QP; q += 32)
      a += fields[(e * VS + v) * QP + q] * srow[q];
    a = warp_sum(a);
    if (lane == 0)
      out[e * VS + v] = a;
  }
}

// ---- algorithm ---------------------------------------------------------------
__global__ void histogram_k(int n, int bins, const int* in, int* counts) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i < n)
    atomicAdd(&counts[HISTOGRAM_BIN(i)], 1);
}
struct IsNegative {
  const double* x;
  __device__ bool operator()(int i) const { return x[i] < 0.0; }
};

dim3 grid2(int nx, int ny, int nz = 1) { return dim3((nx + 31) / 32, (ny + 7) / 8, nz); }
const dim3 block2(32, 8, 1);

} // namespace

// ================================ entry points ================================
void base_copy(int n, const double* a, double* c) { copy_k<<<blocks(n), BS>>>(n, a, c); }
void base_mul(int n, double q, const double* c, double* b) { mul_k<<<blocks(n), BS>>>(n, q, c, b); }
void base_add(int n, const double* a, const double* b, double* c) {
  add_k<<<blocks(n), BS>>>(n, a, b, c);
}
void base_triad(int n, double q, const double* b, const double* c, double* a) {
  triad_k<<<blocks(n), BS>>>(n, q, b, c, a);
}
double base_dot(int n, const double* a, const double* b) {
  return reduce(n, 0.0, Plus(), [=] __device__(int i) { return a[i] * b[i]; });
}

void base_daxpy(int n, double a, const double* x, double* y) {
  daxpy_k<<<blocks(n), BS>>>(n, a, x, y);
}
void base_if_quad(int n, const double* a, const double* b, const double* c, double* x1,
                  double* x2) {
  if_quad_k<<<blocks(n), BS>>>(n, a, b, c, x1, x2);
}
void base_init3(int n, const double* in1, const double* in2, double* out1, double* out2,
                double* out3) {
  init3_k<<<blocks(n), BS>>>(n, in1, in2, out1, out2, out3);
}
void base_muladdsub(int n, const double* in1, const double* in2, double* out1, double* out2,
                    double* out3) {
  muladdsub_k<<<blocks(n), BS>>>(n, in1, in2, out1, out2, out3);
}
void base_nested_init(int nx, int ny, int nz, double* arr) {
  nested_init_k<<<grid2(nx, ny, nz), block2>>>(nx, ny, nz, arr);
}
Int3 base_reduce3_int(int n, const int* v) {
  const R3 r = reduce(n, R3{0, 2147483647, -2147483647 - 1}, R3Op(),
                      [=] __device__(int i) { return R3{v[i], v[i], v[i]}; });
  return Int3{r.sum, r.mn, r.mx};
}
double base_trap_int(int n, double x0, double xp, double y, double yp, double h) {
  return h * reduce(n, 0.0, Plus(), [=] __device__(int i) {
           const double xi = x0 + i * h;
           return TRAP_FUNC(xi);
         });
}
double base_pi_reduce(int n, double dx) {
  return 4.0 * reduce(n, 0.0, Plus(), [=] __device__(int i) {
           const double xi = (i + 0.5) * dx;
           return dx / (1.0 + xi * xi);
         });
}
int base_indexlist(int n, const double* x, int* list) {
  size_t bytes = 0;
  thrust::counting_iterator<int> idx(0);
  check(cub::DeviceSelect::If(nullptr, bytes, idx, list, static_cast<int*>(nullptr), n,
                              IsNegative{x}),
        "select size");
  char* tmp = static_cast<char*>(scratch(bytes + 256));
  check(cub::DeviceSelect::If(tmp + 256, bytes, idx, list, reinterpret_cast<int*>(tmp), n,
                              IsNegative{x}),
        "select");
  int c = 0;
  check(cudaMemcpy(&c, tmp, sizeof c, cudaMemcpyDeviceToHost), "select count");
  return c;
}
MinLoc base_first_min(int n, const double* x) {
  return reduce(n, MinLoc{1.0e300, -1}, MinLocOp(),
                [=] __device__(int i) { return MinLoc{x[i], i}; });
}

void base_hydro_1d(int n, double q, double r, double t, const double* y, const double* z,
                   double* x) {
  hydro_1d_k<<<blocks(n), BS>>>(n, q, r, t, y, z, x);
}
void base_hydro_2d(int jn, int kn, double s, double t, const double* zp, const double* zq,
                   const double* zr, const double* zm, const double* zz, double* za, double* zb,
                   double* zu, double* zv, double* zrout, double* zzout) {
  const dim3 g = grid2(jn - 2, kn - 2);
  hydro_2d_k1<<<g, block2>>>(jn, kn, s, t, zp, zq, zr, zm, zz, za, zb, zu, zv, zrout, zzout);
  hydro_2d_k2<<<g, block2>>>(jn, kn, s, t, zp, zq, zr, zm, zz, za, zb, zu, zv, zrout, zzout);
  hydro_2d_k3<<<g, block2>>>(jn, kn, s, t, zp, zq, zr, zm, zz, za, zb, zu, zv, zrout, zzout);
}
void base_int_predict(int n, double* px) { int_predict_k<<<blocks(n), BS>>>(n, px); }
void base_diff_predict(int n, double* px, const double* cx) {
  diff_predict_k<<<blocks(n), BS>>>(n, px, cx);
}
void base_first_diff(int n, const double* y, double* x) {
  first_diff_k<<<blocks(n), BS>>>(n, y, x);
}
void base_eos(int n, double q, double r, double t, const double* y, const double* z,
              const double* u, double* x) {
  eos_k<<<blocks(n), BS>>>(n, q, r, t, y, z, u, x);
}
void base_planckian(int n, const double* x, const double* u, const double* v, double* y,
                    double* w) {
  planckian_k<<<blocks(n), BS>>>(n, x, u, v, y, w);
}
void base_tridiag_elim(int n, const double* xin, const double* y, const double* z,
                       double* xout) {
  tridiag_elim_k<<<blocks(n - 1), BS>>>(n, xin, y, z, xout);
}

void base_gemm(int N, double alpha, double beta, const double* A, const double* B, double* C) {
  gemm_k<<<grid2(N, N), block2>>>(N, alpha, beta, A, B, C);
}
void base_jacobi_1d(int n, double* A, double* B) {
  jacobi_1d_k1<<<blocks(n - 2), BS>>>(n, A, B);
  jacobi_1d_k2<<<blocks(n - 2), BS>>>(n, A, B);
}
void base_jacobi_2d(int N, double* A, double* B) {
  jacobi_2d_k<<<grid2(N - 2, N - 2), block2>>>(N, A, B);
  jacobi_2d_k<<<grid2(N - 2, N - 2), block2>>>(N, B, A);
}
void base_heat_3d(int N, double* A, double* B) {
  heat_3d_k<<<grid2(N - 2, N - 2, N - 2), block2>>>(N, A, B);
  heat_3d_k<<<grid2(N - 2, N - 2, N - 2), block2>>>(N, B, A);
}
void base_atax(int N, const double* A, const double* x, double* tmp, double* y) {
  atax_k1<<<blocks(N), BS>>>(N, A, x, tmp);
  atax_k2<<<blocks(N), BS>>>(N, A, tmp, y);
}
void base_mvt(int N, const double* A, const double* y1, const double* y2, double* x1,
              double* x2) {
  mvt_k1<<<blocks(N), BS>>>(N, A, y1, x1);
  mvt_k2<<<blocks(N), BS>>>(N, A, y2, x2);
}

void base_del_dot_vec_2d(int nx, int ny, const double* x, const double* y, const double* fx,
                         const double* fy, double* div) {
  del_dot_vec_2d_k<<<blocks((long)nx * ny), BS>>>(nx, ny, x, y, fx, fy, div);
}
void base_pressure(int n, double cls, double p_cut, double pmin, double eosvmax,
                   const double* compression, const double* e_old, const double* vnewc,
                   double* bvc, double* p_new) {
  pressure_k1<<<blocks(n), BS>>>(n, cls, compression, bvc);
  pressure_k2<<<blocks(n), BS>>>(n, p_cut, pmin, eosvmax, e_old, vnewc, bvc, p_new);
}
void base_energy(int n, double rho0, double e_cut, double emin, const double* e_old,
                 const double* delvc, const double* p_old, const double* q_old,
                 const double* work, const double* comp_half, const double* p_half,
                 const double* bvc, const double* pbvc, const double* ql_old,
                 const double* qq_old, double* e_new, double* q_new) {
  energy_k1<<<blocks(n), BS>>>(n, rho0, e_cut, emin, e_old, delvc, p_old, q_old, work,
                               comp_half, p_half, bvc, pbvc, ql_old, qq_old, e_new, q_new);
  energy_k2<<<blocks(n), BS>>>(n, rho0, e_cut, emin, e_old, delvc, p_old, q_old, work,
                               comp_half, p_half, bvc, pbvc, ql_old, qq_old, e_new, q_new);
  energy_k3<<<blocks(n), BS>>>(n, rho0, e_cut, emin, e_old, delvc, p_old, q_old, work,
                               comp_half, p_half, bvc, pbvc, ql_old, qq_old, e_new, q_new);
}
void base_vol3d(int n, const double* x, const double* y, const double* zc, double* vol) {
  vol3d_k<<<grid2(n, n, n), block2>>>(n, x, y, zc, vol);
}
void base_fir(int n, const double* in, double* out) { fir_k<<<blocks(n), BS>>>(n, in, out); }
void base_ltimes(int nd, int nm, int ng, int nz, const double* ell, const double* psi,
                 double* phi) {
  ltimes_k<<<blocks((long)nm * ng * nz), BS>>>(nd, nm, ng, nz, ell, psi, phi);
}
void base_mass3d(int E, const double* B, const double* X, const double* Dq, double* Y) {
  mass3d_k<<<E, 128>>>(B, X, Dq, Y);
}
void base_diffusion3d(int N, double dt, const double* u, const double* kc, double* out) {
  diffusion3d_k<<<grid2(N - 2, N - 2, N - 2), block2>>>(N, dt, u, kc, out);
}

// The per-row (per-cell) results go to a device array, summed by the
// two-pass reduction (deterministic), the total copied to the host.
static double* team_partials(int count) {
  static double* p = nullptr;
  static int have = 0;
  if (count > have) {
    if (p)
      check(cudaFree(p), "cudaFree");
    check(cudaMalloc(&p, count * sizeof(double)), "cudaMalloc partials");
    have = count;
  }
  return p;
}
double base_yax(int rows, int cols, const double* y, const double* A, const double* x) {
  double* part = team_partials(rows);
  yax_k<<<rows, BS>>>(cols, y, A, x, part);
  return reduce(rows, 0.0, Plus(), [=] __device__(int j) { return part[j]; });
}
double base_yax3(int E, int N, int M, const double* y, const double* A, const double* x) {
  double* part = team_partials(E);
  yax3_k<<<E, BS>>>(N, M, y, A, x, part);
  return reduce(E, 0.0, Plus(), [=] __device__(int e) { return part[e]; });
}
void base_contract(int E, int VS, int QP, const double* fields, const double* data,
                   double* out) {
  contract_k<<<E, BS, QP * sizeof(double)>>>(VS, QP, fields, data, out);
}

void base_scan(int n, const double* in, double* out) {
  size_t bytes = 0;
  check(cub::DeviceScan::ExclusiveSum(nullptr, bytes, in, out, n), "scan size");
  check(cub::DeviceScan::ExclusiveSum(scratch(bytes), bytes, in, out, n), "scan");
}
void base_scan_in_place(int n, double* x) {
  size_t bytes = 0;
  check(cub::DeviceScan::ExclusiveSum(nullptr, bytes, x, x, n), "scan in place size");
  check(cub::DeviceScan::ExclusiveSum(scratch(bytes), bytes, x, x, n), "scan in place");
}
double base_reduce_sum(int n, const double* x) {
  size_t bytes = 0;
  check(cub::DeviceReduce::Sum(nullptr, bytes, x, static_cast<double*>(nullptr), n), "sum size");
  char* tmp = static_cast<char*>(scratch(bytes + 256));
  double* out = reinterpret_cast<double*>(tmp);
  check(cub::DeviceReduce::Sum(tmp + 256, bytes, x, out, n), "sum");
  double r = 0;
  check(cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost), "sum result");
  return r;
}
void base_histogram(int n, int bins, const int* in, int* counts) {
  histogram_k<<<blocks(n), BS>>>(n, bins, in, counts);
}
