// parallel_for over an MDRangePolicy lowers to a flat loop collapsed over
// its rank, with the policy's lower bounds and its tile sizes (recorded in
// the report; no backend uses them yet).
// RUN: %hppc translate --backend=openmp %s -o - --report | %FileCheck %s --check-prefixes=REPORT,OMP
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <hpp/hpp.hpp>

void fill(int rows, int cols, double *a) {
  hpp::parallel_for("grid", hpp::MDRangePolicy<2>({1, 0}, {rows, cols}, {4, 8}),
                    [=](int i, int j) { a[i * cols + j] = i + j; });
}

// REPORT: api_mdrange.cpp:11: region 'grid' (flat loop)
// REPORT-NEXT: line 11: flat loop over i, j (collapse 2) ->
// REPORT-NEXT: tile: 4, 8

// OMP: { // hpp region 'grid' (flat loop) from {{.*}}api_mdrange.cpp:11
// OMP-NEXT: int hpp_lb0_0 = 1;
// OMP-NEXT: const auto hpp_ub0_0 = rows;
// OMP-NEXT: const hpprt::index_t hpp_n0_0 =
// OMP-NEXT: hpprt::trip_count<hpprt::Cmp::Lt>(hpp_lb0_0, hpp_ub0_0, 1);
// OMP-NEXT: int hpp_lb0_1 = 0;
// OMP-NEXT: const auto hpp_ub0_1 = cols;
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
// OMP-NEXT: hpp_row_end0 ={{[[:space:]]*}}hpprt::row_end(hpp_iv0, hpp_x0_1, hpp_n0_1, hpp_chunk.end);
// OMP-NEXT: int i = hpprt::index_at(hpp_lb0_0, hpp_q0, 1);
// OMP-NEXT: for (int j = static_cast<int>(hpp_lb0_1 + hpp_x0_1);
// OMP-NEXT: j <{{[[:space:]]*}}static_cast<int>(hpp_lb0_1 +{{[[:space:]]*}}(hpp_x0_1 + (hpp_row_end0 - hpp_iv0)));
// OMP-NEXT: ++j) {
// OMP: { a[i * cols + j] = i + j; }

// CUDA: { // hpp region 'grid' (flat loop) from {{.*}}api_mdrange.cpp:11: CUDA kernel hpp_kernel_grid
// CUDA-NEXT: int hpp_lb0_0 = 1;
// CUDA: const hpprt::index_t hpp_n0 = hpp_n0_0 * hpp_n0_1;
// CUDA: hpp_launch.kind = hpprt::cuda::RegionKind::Flat;
// CUDA: hpp_launch.row_length = hpp_n0_1;
// CUDA: for (hpprt::cuda::CollapsedCell hpp_cell0 =
// CUDA-NEXT: hpprt::cuda::collapsed_cell(hpp_ctx, hpp_div0_1);
// CUDA-NEXT: hpp_cell0.live; hpp_cell0.live = false) {
// CUDA-NEXT: hpprt::index_t hpp_q0 = hpp_cell0.row;
// CUDA-NEXT: int i = hpprt::index_at(hpp_lb0_0, hpp_q0, 1);
// CUDA-NEXT: int j = hpprt::index_at(hpp_lb0_1, hpp_cell0.col, 1);
// CUDA: { a[i * cols + j] = i + j; }

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
