// The API front end and the pragma front end meet in one region model: yAx
// written with '#pragma hpp team/vector' and with parallel_reduce over a
// TeamPolicy and a ThreadVectorRange gives the same levels, mappings,
// reductions and captures in the report, and the same CUDA code.
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefix=REPORT
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

// REPORT: hppc report: {{.*}}api_equivalence.cpp, backend cuda, 2 regions, 0 refused
// REPORT: api_equivalence.cpp:12: region 'yax_pragma' (team loop)
// REPORT-NEXT:   line 12: team loop over e -> one block per team, grid-stride over the league; team leader runs team-level side effects
// REPORT-NEXT:     reductions: +:total
// REPORT-NEXT:     vector_length: 32
// REPORT-NEXT:   line 15: team-vector loop over j -> all threads and lanes of the block
// REPORT-NEXT:     reductions: +:row
// REPORT-NEXT:   barriers inserted: 0
// REPORT-NEXT:   captures: E (int, read-only) M (int, read-only) A (const double *, read-only) x (const double *, read-only) total (double, reduction) y (const double *, read-only)
// REPORT: api_equivalence.cpp:25: region 'yax_api' (team loop)
// REPORT-NEXT:   line 25: team loop over {{hpp_league[0-9]+}} -> one block per team, grid-stride over the league; team leader runs team-level side effects
// REPORT-NEXT:     reductions: +:total
// REPORT-NEXT:     vector_length: 32
// REPORT-NEXT:   line 29: team-vector loop over j -> all threads and lanes of the block
// REPORT-NEXT:     reductions: +:r
// REPORT-NEXT:   barriers inserted: 0
// REPORT-NEXT:   captures: E (int, read-only) M (int, read-only) A (const double *, read-only) x (const double *, read-only) total (double, reduction) y (const double *, read-only)

// An API region and its loops are reported at the line of their policy.
// Both regions are team kernels with the same launch settings; the API
// form keeps its accumulators and assigns the result after the launch.
// CUDA: template <class F> __global__ void hpp_kernel_yax_pragma(F hpp_f, hpprt::cuda::Ctx hpp_ctx)
// CUDA: hpprt::cuda::Launch hpp_launch("yax_pragma",
// CUDA: hpp_launch.kind = hpprt::cuda::RegionKind::Team;
// CUDA: hpp_launch.vector_length = static_cast<int>(32);
// CUDA: hpprt::cuda::Reduction<hpprt::Sum, hpp_type_total> hpp_red_total(hpp_launch, total);
// CUDA: row = hpprt::cuda::team_vector_allreduce<hpprt::Sum>(row);
// CUDA-LABEL: double yax_api(
// CUDA: { auto &[[RESULT:hpp_result[0-9]+]] = result; double total; hpp::Sum<double>(total).init(total);
// CUDA: { // hpp region 'yax_api' (team loop) from {{.*}}api_equivalence.cpp:25: CUDA kernel hpp_kernel_yax_api
// CUDA: hpprt::cuda::Launch hpp_launch("yax_api",
// CUDA: hpp_launch.kind = hpprt::cuda::RegionKind::Team;
// CUDA: hpp_launch.vector_length = static_cast<int>(32);
// CUDA: hpprt::cuda::Reduction<hpprt::Sum, hpp_type_total> hpp_red_total(hpp_launch, total);
// CUDA: for (hpprt::index_t hpp_iv0 = hpprt::cuda::league_rank0(); hpp_iv0 < hpp_n0; hpp_iv0 += hpprt::cuda::league_stride()) { int [[LEAGUE:hpp_league[0-9]+]] = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// CUDA: double r; hpp::Sum<double>(r).init(r);
// CUDA: r = hpprt::identity_like<hpprt::Sum>(r);
// CUDA: r += A[[[LEAGUE]] * M + j] * x[j];
// CUDA: r = hpprt::cuda::team_vector_allreduce<hpprt::Sum>(r);
// CUDA: hpp_result{{[0-9]+}} = r; }
// CUDA: total += y[[[LEAGUE]]] * row;
// CUDA: hpprt::cuda::launch(hpp_launch, hpp_kernel_yax_api<decltype(hpp_body)>, hpp_body);
// CUDA: } // hpp region 'yax_api'
// CUDA: [[RESULT]] = total; }
