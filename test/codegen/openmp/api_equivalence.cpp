// The API front end and the pragma front end meet in one region model: yAx
// written with '#pragma hpp team/vector' and with parallel_reduce over a
// TeamPolicy and a ThreadVectorRange gives the same levels, mappings,
// reductions and captures in the report, and the same OpenMP code.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.cpp
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

// REPORT: hppc report: {{.*}}api_equivalence.cpp, backend openmp, 2 regions, 0 refused
// REPORT: api_equivalence.cpp:11: region 'yax_pragma' (team loop)
// REPORT-NEXT:   line 11: team loop over e -> teams over host threads (omp parallel, static contiguous chunks), one thread per team
// REPORT-NEXT:     reductions: +:total
// REPORT-NEXT:     vector_length: 32
// REPORT-NEXT:   line 14: team-vector loop over j -> omp simd
// REPORT-NEXT:     reductions: +:row
// REPORT-NEXT:   barriers inserted: 0
// REPORT-NEXT:   captures: E (int, read-only) M (int, read-only) A (const double *, read-only) x (const double *, read-only) total (double, reduction) y (const double *, read-only)
// REPORT: api_equivalence.cpp:24: region 'yax_api' (team loop)
// REPORT-NEXT:   line 24: team loop over {{hpp_league[0-9]+}} -> teams over host threads (omp parallel, static contiguous chunks), one thread per team
// REPORT-NEXT:     reductions: +:total
// REPORT-NEXT:     vector_length: 32
// REPORT-NEXT:   line 28: team-vector loop over j -> omp simd
// REPORT-NEXT:     reductions: +:r
// REPORT-NEXT:   barriers inserted: 0
// REPORT-NEXT:   captures: E (int, read-only) M (int, read-only) A (const double *, read-only) x (const double *, read-only) total (double, reduction) y (const double *, read-only)

// An API region and its loops are reported at the line of their policy.
// The API form: the result's accumulator, the same region code as the
// pragma form, the nested accumulator and the result assigned after.
// OMP-LABEL: double yax_api(
// OMP: { auto &[[RESULT:hpp_result[0-9]+]] = result; double total; hpp::Sum<double>(total).init(total);
// OMP: { // hpp region 'yax_api' (team loop) from {{.*}}api_equivalence.cpp:24
// OMP: hpprt::omp::Partials<hpprt::Sum, std::remove_reference_t<decltype(hpp_red_total)>> hpp_part_total;
// OMP: hpprt::RegionScope hpp_scope("yax_api");
// OMP: #pragma omp parallel
// OMP: const hpprt::Chunk hpp_chunk = hpprt::static_chunk(hpp_n0, omp_get_thread_num(), omp_get_num_threads());
// OMP: for (hpprt::index_t hpp_iv0 = hpp_chunk.begin; hpp_iv0 < hpp_chunk.end; ++hpp_iv0) { int [[LEAGUE:hpp_league[0-9]+]] = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// OMP: double r; hpp::Sum<double>(r).init(r);
// OMP: { // hpp team-vector loop (omp simd)
// OMP: #pragma omp simd reduction(+: r)
// OMP: for (hpprt::index_t hpp_iv1 = 0; hpp_iv1 < hpp_n1; ++hpp_iv1) { int j = hpprt::index_at(hpp_lb1_0, hpp_iv1, 1);
// OMP: r += A[[[LEAGUE]] * M + j] * x[j];
// OMP: hpp_result{{[0-9]+}} = r; }
// OMP: total += y[[[LEAGUE]]] * row;
// OMP: hpp_part_total.put(omp_get_thread_num(), total);
// OMP: hpp_part_total.combine_into(hpp_red_total);
// OMP: } // hpp region 'yax_api'
// OMP: [[RESULT]] = total; }
