// Loop spaces: collapse(2) makes one space of n * m iterations and recovers
// i and j by division and remainder; a loop that runs downwards with a
// stride counts its trips with the comparison and the step it was written
// with. tile(rows..., columns) shapes the GPU blocks of a flat loop over
// collapsed loops (its two innermost sizes: rows x columns, user guide
// §2.5); the host ignores it, and the report says so.
// RUN: %hppc translate --backend=openmp %s -o - --report | %FileCheck %s --check-prefixes=REPORT,OREPORT,OMP
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefixes=REPORT,CREPORT
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

void collapse(int n, int m, double *a) {
  #pragma hpp parallel collapse(2) name("grid")
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      a[i * m + j] = i - j;
}

void tiled(int n, int m, double *a) {
  #pragma hpp parallel collapse(2) tile(4, 8) name("tiles")
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      a[i * m + j] = 0;
}

void descending(int n, double *a) {
  #pragma hpp parallel name("down")
  for (int i = n - 1; i >= 2; i -= 3)
    a[i] = 1;
}

// REPORT: region 'grid' (flat loop)
// REPORT-NEXT: line 13: flat loop over i, j (collapse 2) ->
// REPORT: region 'tiles' (flat loop)
// OREPORT-NEXT: line 20: flat loop over i, j (collapse 2) -> omp parallel, static contiguous chunks; clause tile not used on the host
// CREPORT-NEXT: line 20: flat loop over i, j (collapse 2) -> one iteration per thread of the grid, as tiles of 4 rows x 8 columns per block where the grid holds them (clause tile; 0: the runtime's choice)
// REPORT-NEXT: tile: 4, 8
// REPORT: region 'down' (flat loop)
// REPORT-NEXT: line 27: flat loop over i ->

// OMP-LABEL: void collapse(
// OMP: const hpprt::index_t hpp_n0_0 =
// OMP-NEXT: hpprt::trip_count<hpprt::Cmp::Lt>(hpp_lb0_0, hpp_ub0_0, 1);
// OMP-NEXT: int hpp_lb0_1 = 0;
// OMP-NEXT: const auto hpp_ub0_1 = m;
// OMP-NEXT: const hpprt::index_t hpp_n0_1 =
// OMP-NEXT: hpprt::trip_count<hpprt::Cmp::Lt>(hpp_lb0_1, hpp_ub0_1, 1);
// OMP-NEXT: const hpprt::index_t hpp_n0 = hpp_n0_0 * hpp_n0_1;
// OMP: const hpprt::FastDiv hpp_div0_1(hpp_n0_1, hpp_n0);
// OMP: hpprt::index_t hpp_q0 = hpp_chunk.begin, hpp_x0_1 = 0;
// OMP-NEXT: if (hpp_chunk.begin < hpp_chunk.end) {
// OMP-NEXT: hpp_x0_1 = hpp_div0_1.peel(hpp_q0);
// OMP-NEXT: }
// OMP-NEXT: for (hpprt::index_t hpp_iv0 = hpp_chunk.begin, hpp_row_end0;
// OMP-NEXT: hpp_iv0 < hpp_chunk.end; hpp_iv0 = hpp_row_end0) {
// OMP-NEXT: hpp_row_end0 = hpprt::row_end(hpp_iv0, hpp_x0_1, hpp_n0_1, hpp_chunk.end);
// OMP-NEXT: int i = hpprt::index_at(hpp_lb0_0, hpp_q0, 1);
// OMP-NEXT: for (int j = static_cast<int>(hpp_lb0_1 + hpp_x0_1);
// OMP-NEXT: j <
// OMP-NEXT: static_cast<int>(hpp_lb0_1 + (hpp_x0_1 + (hpp_row_end0 - hpp_iv0)));
// OMP-NEXT: ++j) {
// OMP: a[i * m + j] = i - j;
// OMP-NEXT: }
// OMP-NEXT: // next row
// OMP-NEXT: hpp_x0_1 = 0;
// OMP-NEXT: ++hpp_q0;
// OMP-NEXT: }
// OMP-NEXT: } // omp parallel
// OMP-LABEL: void tiled(
// OMP-NOT: tile_band
// OMP: const hpprt::index_t hpp_n0 = hpp_n0_0 * hpp_n0_1;
// OMP: const hpprt::FastDiv hpp_div0_1(hpp_n0_1, hpp_n0);
// OMP: hpprt::index_t hpp_q0 = hpp_chunk.begin, hpp_x0_1 = 0;
// OMP-NEXT: if (hpp_chunk.begin < hpp_chunk.end) {
// OMP-NEXT: hpp_x0_1 = hpp_div0_1.peel(hpp_q0);
// OMP-NEXT: }
// OMP-NEXT: for (hpprt::index_t hpp_iv0 = hpp_chunk.begin, hpp_row_end0;
// OMP-NEXT: hpp_iv0 < hpp_chunk.end; hpp_iv0 = hpp_row_end0) {
// OMP-NEXT: hpp_row_end0 = hpprt::row_end(hpp_iv0, hpp_x0_1, hpp_n0_1, hpp_chunk.end);
// OMP-NEXT: int i = hpprt::index_at(hpp_lb0_0, hpp_q0, 1);
// OMP-NEXT: for (int j = static_cast<int>(hpp_lb0_1 + hpp_x0_1);
// OMP-NEXT: j <
// OMP-NEXT: static_cast<int>(hpp_lb0_1 + (hpp_x0_1 + (hpp_row_end0 - hpp_iv0)));
// OMP-NEXT: ++j) {
// OMP: a[i * m + j] = 0;
// OMP-LABEL: void descending(
// OMP: int hpp_lb0_0 = n - 1;
// OMP-NEXT: const auto hpp_ub0_0 = 2;
// OMP-NEXT: const hpprt::index_t hpp_n0_0 =
// OMP-NEXT: hpprt::trip_count<hpprt::Cmp::Ge>(hpp_lb0_0, hpp_ub0_0, -3);
// OMP: for (hpprt::index_t hpp_iv0 = hpp_chunk.begin; hpp_iv0 < hpp_chunk.end;
// OMP-NEXT: ++hpp_iv0) {
// OMP-NEXT: int i = hpprt::index_at(hpp_lb0_0, hpp_iv0, -3);

// CUDA-LABEL: void collapse(
// CUDA: const hpprt::index_t hpp_n0 = hpp_n0_0 * hpp_n0_1;
// CUDA: const hpprt::FastDiv hpp_div0_1(hpp_n0_1, hpp_n0);
// CUDA: hpp_launch.iterations = hpp_n0;
// CUDA-NEXT: hpp_launch.row_length = hpp_n0_1;
// CUDA: for (hpprt::cuda::CollapsedCell hpp_cell0 =
// CUDA-NEXT: hpprt::cuda::collapsed_cell(hpp_ctx, hpp_div0_1);
// CUDA-NEXT: hpp_cell0.live; hpp_cell0.live = false) {
// CUDA-NEXT: hpprt::index_t hpp_q0 = hpp_cell0.row;
// CUDA-NEXT: int i = hpprt::index_at(hpp_lb0_0, hpp_q0, 1);
// CUDA-NEXT: int j = hpprt::index_at(hpp_lb0_1, hpp_cell0.col, 1);
// CUDA: a[i * m + j] = i - j;
// CUDA-LABEL: void tiled(
// CUDA: hpp_launch.row_length = hpp_n0_1;
// CUDA-NOT: rows_share_reads
// CUDA: hpp_launch.tile_band = static_cast<int>(4);
// CUDA: hpp_launch.tile_width = static_cast<int>(8);
// CUDA: for (hpprt::cuda::CollapsedCell hpp_cell0 =
// CUDA-NEXT: hpprt::cuda::collapsed_cell(hpp_ctx, hpp_div0_1);
// CUDA-NEXT: hpp_cell0.live; hpp_cell0.live = false) {
// CUDA-NEXT: hpprt::index_t hpp_q0 = hpp_cell0.row;
// CUDA-NEXT: int i = hpprt::index_at(hpp_lb0_0, hpp_q0, 1);
// CUDA-NEXT: int j = hpprt::index_at(hpp_lb0_1, hpp_cell0.col, 1);
// CUDA: a[i * m + j] = 0;
// CUDA-LABEL: void descending(
// CUDA: const hpprt::index_t hpp_n0_0 =
// CUDA-NEXT: hpprt::trip_count<hpprt::Cmp::Ge>(hpp_lb0_0, hpp_ub0_0, -3);
// CUDA: for (hpprt::index_t hpp_iv0 = hpprt::cuda::global_rank(); hpp_iv0 < hpp_n0;
// CUDA-NEXT: hpp_iv0 = hpp_n0) {
// CUDA-NEXT: int i = hpprt::index_at(hpp_lb0_0, hpp_iv0, -3);

// HIP is the CUDA translation with the HIP runtime's names: the diff checks
// every other byte, the HIP lines the runtime's macro, header and namespace.
// (Here, at the end, so that the lines checked above keep their numbers.)
// RUN: %hppc translate --backend=hip %s -o %t.hip
// RUN: %FileCheck %s --check-prefix=HIP --input-file %t.hip
// RUN: %hip_as_cuda %t.hip | %same_code - %t.cu
// RUN: %if hip-amd %{ %hip_hpp -c %t.hip -o %t.hip.o %}
// HIP: #define HPP_BACKEND_{{HIP}} 1
// HIP-NEXT: #include <hpprt/{{hip}}/hpprt.hpp>
// HIP: hpprt::{{hip}}::
