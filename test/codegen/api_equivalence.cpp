// The API front end and the pragma front end meet in one region model: yAx
// written with '#pragma hpp team/vector' and with parallel_reduce over a
// TeamPolicy and a ThreadVectorRange gives the same levels, mappings,
// reductions and captures in the report, and the same code, on each backend.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp --report | %FileCheck %s --check-prefixes=REPORT,OMP-REPORT
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.cpp
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefixes=REPORT,CUDA-REPORT
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <hpp/hpp.hpp>

double yax_pragma(int E, int M, const double *A, const double *x, const double *y) {
  double total = 0;
  #pragma hpp team reduction(+: total) vector_length(32) name("yax_pragma")
  for (int e = 0; e < E; ++e) {
    double row = 0;
    #pragma hpp vector reduction(+: row)
    for (int j = 0; j < M; ++j)
      row += A[e * M + j] * x[j];
    total += y[e] * row;
  }
  return total;
}

double yax_api(int E, int M, const double *A, const double *x, const double *y) {
  double result = 0;
  hpp::parallel_reduce(
      "yax_api", hpp::TeamPolicy(E, hpp::AUTO, 32),
      [=](const hpp::TeamMember &t, double &total) {
        double row = 0;
        hpp::parallel_reduce(
            hpp::ThreadVectorRange(t, M),
            [&](int j, double &r) { r += A[t.league_rank() * M + j] * x[j]; }, row);
        total += y[t.league_rank()] * row;
      },
      result);
  return result;
}

// An API region and its loops are reported at the line on which their call
// begins.
// OMP-REPORT: hppc report: {{.*}}api_equivalence.cpp, backend openmp, 2 regions, 0 refused
// CUDA-REPORT: hppc report: {{.*}}api_equivalence.cpp, backend cuda, 2 regions, 0 refused
// REPORT: api_equivalence.cpp:14: region 'yax_pragma' (team loop)
// OMP-REPORT-NEXT:   line 14: team loop over e -> teams over host threads (omp parallel, static contiguous chunks), one thread per team
// CUDA-REPORT-NEXT:  line 14: team loop over e -> one block per team, grid-stride over the league; team leader runs team-level side effects
// REPORT-NEXT:     reductions: +:total
// REPORT-NEXT:     vector_length: 32
// OMP-REPORT-NEXT:   line 17: team-vector loop over j -> omp simd
// CUDA-REPORT-NEXT:  line 17: team-vector loop over j -> all threads and lanes of the block
// REPORT-NEXT:     reductions: +:row
// REPORT-NEXT:   barriers inserted: 0
// REPORT-NEXT:   captures: E (int, read-only) M (int, read-only) A (const double *, read-only) x (const double *, read-only) total (double, reduction) y (const double *, read-only)
// REPORT: api_equivalence.cpp:27: region 'yax_api' (team loop)
// OMP-REPORT-NEXT:   line 27: team loop over {{hpp_league[0-9]+}} -> teams over host threads (omp parallel, static contiguous chunks), one thread per team
// CUDA-REPORT-NEXT:  line 27: team loop over {{hpp_league[0-9]+}} -> one block per team, grid-stride over the league; team leader runs team-level side effects
// REPORT-NEXT:     reductions: +:total
// REPORT-NEXT:     vector_length: 32
// OMP-REPORT-NEXT:   line 31: team-vector loop over j -> omp simd
// CUDA-REPORT-NEXT:  line 31: team-vector loop over j -> all threads and lanes of the block
// REPORT-NEXT:     reductions: +:r
// REPORT-NEXT:   barriers inserted: 0
// REPORT-NEXT:   captures: E (int, read-only) M (int, read-only) A (const double *, read-only) x (const double *, read-only) total (double, reduction) y (const double *, read-only)

// Both forms become the same region code. The API form keeps its result's
// accumulator (initialised by the reducer) around the region, declares the
// nested accumulator in the team iteration, and assigns each result after
// its loop.
// OMP-LABEL: double yax_pragma(
// OMP: { // hpp region 'yax_pragma' (team loop) from {{.*}}api_equivalence.cpp:14
// OMP: hpprt::omp::Partials<hpprt::Sum,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_total)>>
// OMP-NEXT: hpp_part_total;
// OMP: #pragma omp simd reduction(hpprt_fsum: row)
// OMP: hpp_part_total.combine_into(hpp_red_total);
// OMP-LABEL: double yax_api(
// OMP: { auto &[[RESULT:hpp_result[0-9]+]] = result; double total = hpp::detail::init_value<hpp::Sum<double>>();
// OMP: { // hpp region 'yax_api' (team loop) from {{.*}}api_equivalence.cpp:27
// OMP: hpprt::omp::Partials<hpprt::Sum,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_total)>>
// OMP-NEXT: hpp_part_total;
// OMP: hpprt::RegionScope hpp_scope("yax_api",
// OMP-NEXT: hpprt::profiling::RegionKind::Reduce);
// OMP-NEXT: #pragma omp parallel
// OMP: const hpprt::Chunk hpp_chunk = hpprt::static_chunk(
// OMP-NEXT: hpp_n0, omp_get_thread_num(), omp_get_num_threads());
// OMP: for (int [[LEAGUE:hpp_league[0-9]+]] = static_cast<int>(hpp_lb0_0 + hpp_chunk.begin);
// OMP-NEXT: [[LEAGUE]] < static_cast<int>(hpp_lb0_0 + hpp_chunk.end);
// OMP-NEXT: ++[[LEAGUE]]) {
// OMP: { auto &[[ROW:hpp_result[0-9]+]] = row; double r = hpp::detail::init_value<hpp::Sum<double>>();
// OMP: { // hpp team-vector loop (omp simd)
// OMP: #pragma omp simd reduction(hpprt_fsum: r)
// OMP: for (int j = hpp_lb1_0; j < hpp_ub1_0; ++j) {
// OMP-NEXT: #line 33 "{{.*}}api_equivalence.cpp"
// OMP-NEXT: { r += A[[[LEAGUE]] * M + j] * x[j]; }
// OMP-NEXT: }
// OMP-NEXT: }
// OMP-NEXT: #line 33 "{{.*}}api_equivalence.cpp"
// OMP-NEXT: [[ROW]] = r; }
// OMP-NEXT: total += y[[[LEAGUE]]] * row;
// OMP: hpp_part_total.put(omp_get_thread_num(), total);
// OMP: hpp_part_total.combine_into(hpp_red_total);
// OMP-NEXT: } // hpp region 'yax_api'
// OMP: [[RESULT]] = total; }

// Both regions are team kernels with the same launch settings.
// CUDA: template <class F>
// CUDA-NEXT: __global__ void hpp_kernel_yax_pragma(F hpp_f, hpprt::cuda::Ctx hpp_ctx) {
// CUDA-NEXT: hpp_f(hpp_ctx);
// CUDA-NEXT: }
// CUDA-NEXT: template <class F>
// CUDA-NEXT: __global__ void hpp_kernel_yax_api(F hpp_f, hpprt::cuda::Ctx hpp_ctx) {
// CUDA-NEXT: hpp_f(hpp_ctx);
// CUDA-NEXT: }
// CUDA-LABEL: double yax_pragma(
// CUDA: hpprt::cuda::Launch{{[[:space:]]+}}hpp_launch({{[[:space:]]*}}"yax_pragma",{{[[:space:]]+}}"{{.*}}api_equivalence.cpp",{{[[:space:]]+}}14);
// CUDA-NEXT: hpp_launch.kind = hpprt::cuda::RegionKind::Team;
// CUDA-NEXT: hpp_launch.iterations = hpp_n0;
// CUDA-NEXT: #line 14 "{{.*}}api_equivalence.cpp"
// CUDA-NEXT: hpp_launch.vector_length = static_cast<int>(32);
// CUDA: hpprt::cuda::Reduction<hpprt::Sum, hpp_type_total> hpp_red_total(hpp_launch,
// CUDA-NEXT: total);
// CUDA: row = hpprt::cuda::team_vector_allreduce<hpprt::Sum>(row);
// CUDA: hpprt::cuda::launch(hpp_launch, hpp_kernel_yax_pragma<decltype(hpp_body)>,
// CUDA-NEXT: hpp_body);
// CUDA-LABEL: double yax_api(
// CUDA: { auto &[[RESULT:hpp_result[0-9]+]] = result; double total = hpp::detail::init_value<hpp::Sum<double>>();
// CUDA: { // hpp region 'yax_api' (team loop) from {{.*}}api_equivalence.cpp:27: CUDA kernel hpp_kernel_yax_api
// CUDA: hpprt::cuda::Launch{{[[:space:]]+}}hpp_launch({{[[:space:]]*}}"yax_api",{{[[:space:]]+}}"{{.*}}api_equivalence.cpp",{{[[:space:]]+}}27);
// CUDA-NEXT: hpp_launch.kind = hpprt::cuda::RegionKind::Team;
// CUDA-NEXT: hpp_launch.iterations = hpp_n0;
// CUDA-NEXT: #line 27 "{{.*}}api_equivalence.cpp"
// CUDA-NEXT: hpp_launch.vector_length = static_cast<int>(32);
// CUDA: hpprt::cuda::Reduction<hpprt::Sum, hpp_type_total> hpp_red_total(hpp_launch,
// CUDA-NEXT: total);
// CUDA: for (hpprt::index_t hpp_iv0 = hpprt::cuda::league_rank0();
// CUDA-NEXT: hpp_iv0 < hpp_n0; hpp_iv0 += hpprt::cuda::league_stride()) {
// CUDA-NEXT: int [[LEAGUE:hpp_league[0-9]+]] = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// CUDA: { auto &[[ROW:hpp_result[0-9]+]] = row; double r = hpp::detail::init_value<hpp::Sum<double>>();
// CUDA: auto hpp_save_r = r;
// CUDA-NEXT: r = hpprt::identity_like<hpprt::Sum>(r);
// CUDA: { r += A[[[LEAGUE]] * M + j] * x[j]; }
// CUDA: r = hpprt::cuda::team_vector_allreduce<hpprt::Sum>(r);
// CUDA-NEXT: hpprt::Sum::join(hpp_save_r, r);
// CUDA-NEXT: r = hpp_save_r;
// CUDA: [[ROW]] = r; }
// CUDA-NEXT: total += y[[[LEAGUE]]] * row;
// CUDA: hpprt::cuda::finish_reduction(hpp_dev_total, total, false);
// CUDA-NEXT: };
// CUDA-NEXT: hpprt::cuda::launch(hpp_launch, hpp_kernel_yax_api<decltype(hpp_body)>,
// CUDA-NEXT: hpp_body);
// CUDA-NEXT: total = hpp_red_total.result();
// CUDA-NEXT: } // hpp region 'yax_api'
// CUDA: [[RESULT]] = total; }

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
