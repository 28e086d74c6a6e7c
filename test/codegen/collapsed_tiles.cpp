// Flat loops over collapsed loops without results may run on the GPU as
// tiles of rows of the innermost loop: hppc passes the row's length to the
// runtime (hpprt::tile_collapsed decides by size) and takes each thread's
// row and column from collapsed_cell, dividing only the outer loops. Tiles
// are the default (rows_share_reads) where rows read memory in common: a
// read whose address names none of the outer indices, nor a variable of
// the body computed from them, and does vary within the row; or, in a nest
// of two loops, one variable read at two rows a constant apart (a 2-D
// stencil). Elsewhere (3-D stencils, initialisations) blocks run
// consecutive iterations unless the autotuner finds tiles faster. Loops with results keep the grid-stride
// loop. OpenMP is unchanged.
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %hppc translate --format=none --backend=hip %s -o %t.hip
// RUN: %FileCheck %s --check-prefix=HIP --input-file %t.hip
// RUN: %hppc translate --format=none --backend=openmp %s -o %t.omp.cpp
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.omp.cpp
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

// B[k * m + j] names the inner loop's k and the innermost j: every row of
// a tile reads it.
void product(int n, int m, int p, const double *A, const double *B, double *C) {
  #pragma hpp parallel collapse(2) name("product")
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      double acc = 0.0;
      for (int k = 0; k < p; ++k)
        acc += A[i * p + k] * B[k * m + j];
      C[i * m + j] = acc;
    }
}
// REPORT-LABEL: region 'product'
// REPORT: rows of the innermost loop read memory in common
// CUDA-LABEL: hpp region 'product'
// CUDA: hpp_launch.row_length = hpp_n0_1;
// CUDA-NEXT: hpp_launch.rows_share_reads = true;
// CUDA: for (hpprt::cuda::CollapsedCell hpp_cell0 = hpprt::cuda::collapsed_cell(hpp_ctx, hpp_div0_1); hpp_cell0.live; hpp_cell0.live = false) { hpprt::index_t hpp_q0 = hpp_cell0.row; int i = hpprt::index_at(hpp_lb0_0, hpp_q0, 1); int j = hpprt::index_at(hpp_lb0_1, hpp_cell0.col, 1);
// HIP-LABEL: hpp region 'product'
// HIP: hpp_launch.row_length = hpp_n0_1;
// HIP-NEXT: hpp_launch.rows_share_reads = true;
// HIP: hpprt::hip::collapsed_cell(hpp_ctx, hpp_div0_1)
// OMP-LABEL: void product(
// OMP: hpp_div0_1.peel(hpp_q0)
// OMP-NOT: collapsed_cell
// OMP: } // omp parallel

// Three loops, a weight per column: the middle loop is peeled off the row.
void weighted(int nz, int ny, int nx, const double *w, double *out) {
  #pragma hpp parallel collapse(3) name("weighted")
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x)
        out[(z * ny + y) * nx + x] = w[x] * z + y;
}
// CUDA-LABEL: hpp region 'weighted'
// CUDA: hpp_launch.row_length = hpp_n0_2;
// CUDA-NEXT: hpp_launch.rows_share_reads = true;
// CUDA: hpprt::cuda::collapsed_cell(hpp_ctx, hpp_div0_2); {{.*}} hpprt::index_t hpp_q0 = hpp_cell0.row; const hpprt::index_t hpp_x0_1 = hpp_div0_1.peel(hpp_q0); int z = hpprt::index_at(hpp_lb0_0, hpp_q0, 1); int y = hpprt::index_at(hpp_lb0_1, hpp_x0_1, 1); int x = hpprt::index_at(hpp_lb0_2, hpp_cell0.col, 1);

// A 2-D stencil reads `in` at three rows: a band of rows reads its
// neighbours' rows in common.
void stencil(int n, int m, const double *in, double *out) {
  #pragma hpp parallel collapse(2) name("stencil")
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < m - 1; ++j)
      out[i * m + j] = in[(i - 1) * m + j] + in[(i + 1) * m + j] + in[i * m + j - 1];
}
// REPORT-LABEL: region 'stencil'
// REPORT: rows of the innermost loop read memory in common
// CUDA-LABEL: hpp region 'stencil'
// CUDA: hpp_launch.row_length = hpp_n0_1;
// CUDA-NEXT: hpp_launch.rows_share_reads = true;
// CUDA: hpprt::cuda::collapsed_cell(hpp_ctx, hpp_div0_1)

// The same through an overloaded call operator, the row written `1 + i`.
struct Grid {
  const double *p;
  int m;
  const double &operator()(int r, int c) const { return p[r * m + c]; }
};
void stencil_call(int n, int m, Grid g, double *out) {
  #pragma hpp parallel collapse(2) name("stencil_call")
  for (int i = 1; i < n - 1; ++i)
    for (int j = 0; j < m; ++j)
      out[i * m + j] = g(1 + i, j) - g(i, j);
}
// CUDA-LABEL: hpp region 'stencil_call'
// CUDA: hpp_launch.row_length = hpp_n0_1;
// CUDA-NEXT: hpp_launch.rows_share_reads = true;

// Neighbours along the row only, each row read at one offset: untiled.
void along_rows(int n, int m, const double *in, double *out) {
  #pragma hpp parallel collapse(2) name("along_rows")
  for (int i = 0; i < n; ++i)
    for (int j = 1; j < m - 1; ++j)
      out[i * m + j] = in[(i + 1) * m + j - 1] - in[(i + 1) * m + j + 1];
}
// REPORT-LABEL: region 'along_rows'
// REPORT-NEXT: consecutive iterations per block (as tiles of rows where HPP_TUNE finds them faster)
// CUDA-LABEL: hpp region 'along_rows'
// CUDA: hpp_launch.row_length = hpp_n0_1;
// CUDA-NOT: rows_share_reads
// CUDA: hpprt::cuda::collapsed_cell

// Two rows of different arrays, or an address naming the row twice: no
// row of one variable is read twice.
void two_arrays(int n, int m, const double *a, const double *b, double *out) {
  #pragma hpp parallel collapse(2) name("two_arrays")
  for (int i = 1; i < n; ++i)
    for (int j = 0; j < m; ++j)
      out[i * m + j] = a[(i - 1) * m + j] + b[i * m + j] + a[i * m + i + j];
}
// CUDA-LABEL: hpp region 'two_arrays'
// CUDA: hpp_launch.row_length = hpp_n0_1;
// CUDA-NOT: rows_share_reads
// CUDA: hpprt::cuda::collapsed_cell

// In a template the pattern is analysed: an offset that depends on a
// template parameter is not a constant one (Clang evaluates no dependent
// expression), so `in[(i + K) * m + j]` counts as naming `i` itself; with
// `in[(i + 1) * m + j]` the rows are still read at two offsets.
template <int K> void stencil_template(int n, int m, const double *in, double *out) {
  #pragma hpp parallel collapse(2) name("stencil_template")
  for (int i = 1; i < n - K; ++i)
    for (int j = 0; j < m; ++j)
      out[i * m + j] = in[(i + K) * m + j] + in[i * m + j] + in[(i + 1) * m + j];
}
template void stencil_template<2>(int, int, const double *, double *);
// CUDA-LABEL: hpp region 'stencil_template'
// CUDA: hpp_launch.row_length = hpp_n0_1;
// CUDA-NEXT: hpp_launch.rows_share_reads = true;

// A 3-D stencil: a band holds rows of one plane, the planes beside it are
// read apart; tiles won on one such kernel and lost on another, so the
// default stays untiled.
void stencil3(int n, const double *in, double *out) {
  #pragma hpp parallel collapse(3) name("stencil3")
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      for (int k = 1; k < n - 1; ++k)
        out[(i * n + j) * n + k] = in[((i - 1) * n + j) * n + k] + in[(i * n + j + 1) * n + k] +
                                   in[(i * n + j - 1) * n + k];
}
// REPORT-LABEL: region 'stencil3'
// REPORT-NEXT: consecutive iterations per block (as tiles of rows where HPP_TUNE finds them faster)
// CUDA-LABEL: hpp region 'stencil3'
// CUDA: hpp_launch.row_length = hpp_n0_2;
// CUDA-NOT: rows_share_reads
// CUDA: hpprt::cuda::collapsed_cell

// The row reaches the address through a variable of the body, assigned
// after its declaration.
void through_local(int n, int m, const double *in, double *out) {
  #pragma hpp parallel collapse(2) name("through_local")
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      int c = j;
      c += i * m;
      out[c] = in[c] * 2.0;
    }
}
// CUDA-LABEL: hpp region 'through_local'
// CUDA: hpp_launch.row_length = hpp_n0_1;
// CUDA-NOT: rows_share_reads
// CUDA: hpprt::cuda::collapsed_cell

// A read by an inner loop's counter alone is the same for every thread of
// a row: no reason for tiles. A column computed into a variable is.
void coefficients(int n, int m, int p, const double *coef, const double *in, double *out) {
  #pragma hpp parallel collapse(2) name("coefficients")
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      double acc = 0.0;
      for (int k = 0; k < p; ++k)
        acc += coef[k] * in[(i + k) * m + j];
      out[i * m + j] = acc;
    }
}
// CUDA-LABEL: hpp region 'coefficients'
// CUDA: hpp_launch.row_length = hpp_n0_1;
// CUDA-NOT: rows_share_reads
// CUDA: hpprt::cuda::collapsed_cell

void column_local(int n, int m, const double *w, double *out) {
  #pragma hpp parallel collapse(2) name("column_local")
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      const int c = 2 * j;
      out[i * m + j] = w[c] + i;
    }
}
// CUDA-LABEL: hpp region 'column_local'
// CUDA: hpp_launch.row_length = hpp_n0_1;
// CUDA-NEXT: hpp_launch.rows_share_reads = true;

// A read of one element for all: shared, but it does not vary within a
// row, so it is no reason for tiles.
void constant_read(int n, int m, const double *c, double *out) {
  #pragma hpp parallel collapse(2) name("constant_read")
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      out[i * m + j] = c[0] * i + j;
}
// CUDA-LABEL: hpp region 'constant_read'
// CUDA: hpp_launch.row_length = hpp_n0_1;
// CUDA-NOT: rows_share_reads
// CUDA: hpprt::cuda::collapsed_cell

// tile(...) shapes the blocks itself; all sizes 0 leave the mapping to
// the runtime, and a loop with results does not use the clause.
void tiled(int n, int m, const double *in, double *out) {
  #pragma hpp parallel collapse(2) tile(4, 16) name("tiled")
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      out[i * m + j] = in[i * m + j];
  #pragma hpp parallel collapse(2) tile(0, 0) name("tiled_auto")
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      out[i * m + j] += in[i * m + j];
}
// REPORT-LABEL: region 'tiled'
// REPORT-NEXT: as tiles of 4 rows x 16 columns per block where the grid holds them
// REPORT-LABEL: region 'tiled_auto'
// REPORT-NEXT: clause tile leaves both sizes to the runtime
// CUDA-LABEL: hpp region 'tiled'
// CUDA: hpp_launch.tile_band = static_cast<int>(4);
// CUDA: hpp_launch.tile_width = static_cast<int>(16);
// HIP-LABEL: hpp region 'tiled'
// HIP: hpp_launch.tile_band = static_cast<int>(4);
// HIP: hpp_launch.tile_width = static_cast<int>(16);
// OMP-LABEL: void tiled(
// OMP-NOT: tile_band
// OMP: } // omp parallel

// Results keep the grid-stride loop.
double summed(int n, int m, const double *w) {
  double s = 0.0;
  #pragma hpp parallel collapse(2) reduction(+ : s) tile(8, 32) name("summed")
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      s += w[j] * i;
  return s;
}
// REPORT-LABEL: region 'summed'
// REPORT-NEXT: grid-stride over all threads of the grid; clause tile not used: a loop with results runs untiled
// CUDA-LABEL: hpp region 'summed'
// CUDA-NOT: row_length
// CUDA-NOT: tile_band
// CUDA: hpp_iv0 += hpprt::cuda::global_size()
// CUDA: } // hpp region 'summed'
