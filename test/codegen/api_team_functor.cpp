// A team functor's operator() body is copied into the team loop at the
// launch: members go through the launch's copy 'hpp_functorN', member types
// and template parameters become aliases, the member 't' becomes the league
// index and the nested calls become thread loops, under '#line' directives
// that keep the class's lines. The report names the class's lines.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.cpp
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <hpp/hpp.hpp>

template <class T> struct RowSums {
  using value_type = T;
  const T *A;
  T *out;
  int cols;
  void operator()(const hpp::TeamMember &t) const {
    value_type row = 0;
    hpp::parallel_reduce(
        hpp::TeamThreadRange(t, cols),
        [&](int c, T &s) { s += A[t.league_rank() * cols + c]; }, row);
    hpp::single(hpp::PerTeam(t), [&] { this->out[t.league_rank()] = row; });
  }
};

void row_sums(int rows, int cols, const double *A, double *out) {
  hpp::parallel_for("row_sums", hpp::TeamPolicy(rows, hpp::AUTO),
                    RowSums<double>{A, out, cols});
}

// REPORT: api_team_functor.cpp:28: region 'row_sums' (team loop)
// REPORT-NEXT:   line 28: team loop over {{hpp_league[0-9]+}} -> teams over host threads
// REPORT:   line 20: thread loop over c ->
// REPORT-NEXT:     reductions: +:s
// REPORT:   line 23: single per team
// REPORT:   captures: rows (int, read-only) hpp_functor0 (const RowSums<double>, read-only)

// OMP: const auto hpp_functor0 = RowSums<double>{A, out, cols};
// OMP: #line 18 "{{.*}}api_team_functor.cpp"
// OMP-NEXT: { using value_type = RowSums<double>::value_type; using T = double;
// OMP: const auto {{hpp_ub[0-9_]+}} = hpp_functor0.cols;
// OMP: { s += hpp_functor0.A[[[HPP_LEAGUE:hpp_league[0-9]+]] * hpp_functor0.cols + c]; }
// OMP: (&hpp_functor0)->out[[[HPP_LEAGUE]]] = row;

// CUDA: const auto hpp_functor0 = RowSums<double>{A, out, cols};
// CUDA: { using value_type = RowSums<double>::value_type; using T = double;
// CUDA: (&hpp_functor0)->out[{{hpp_league[0-9]+}}] = row;

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
