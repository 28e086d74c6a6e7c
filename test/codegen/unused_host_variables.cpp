// Translated code compiles without unused-variable warnings (nvcc's #177
// and #550, which %nvcc_hpp makes errors, clang's -Wunused-variable). The
// pragma form of a parallel_* call drops the policy's set_scratch_size(...):
// a local variable named only there is kept used by taking its address.
// A loop index only the serial loop's header used is declared from the
// iteration number and marked used. Host variables that only a region's
// clauses or scratch sizes use stay used by the host code evaluating them.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.cpp
// RUN: %cxx_omp -fsyntax-only -Wunused -Werror %t.cpp
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <hpp/hpp.hpp>
#include <cstddef>

void apiScratch(int n, int m, double *out) {
  std::size_t bytes = m * sizeof(double);
  hpp::parallel_for("api_scratch",
                    hpp::TeamPolicy(n, hpp::AUTO).set_scratch_size(0, hpp::PerTeam(bytes)),
                    [=](const hpp::TeamMember &t) {
                      double *s = t.team_scratch(0).get<double>(m);
                      hpp::parallel_for(hpp::TeamThreadRange(t, m), [&](int j) { s[j] = j; });
                      t.team_barrier();
                      hpp::parallel_for(hpp::TeamThreadRange(t, m), [&](int j) {
                        out[t.league_rank() * m + j] = s[m - 1 - j];
                      });
                    });
}
// OMP: { (void)&bytes;
// CUDA: { (void)&bytes;

void pragmaScratch(int n, int m, double *out) {
  const int len = m + 1;
  const int teamSize = 64;
#pragma hpp team team_size(teamSize)
  for (int t = 0; t < n; ++t) {
#pragma hpp scratch
    double s[len];
#pragma hpp thread
    for (int j = 0; j < len; ++j)
      s[j] = j;
#pragma hpp thread
    for (int j = 0; j < m; ++j)
      out[t * m + j] = s[j + 1];
  }
}

void countIterations(int n, int *count) {
#pragma hpp parallel name("count")
  for (int i = 0; i < n; ++i) {
#pragma hpp atomic
    count[0] += 1;
  }
}
// OpenMP walks the chunk over i itself, which the header then uses.
// OMP-LABEL: region 'count'
// OMP: for (int i = static_cast<int>(hpp_lb0_0 + hpp_chunk.begin);
// OMP-NOT: (void)i;
// OMP: } // omp parallel
// CUDA-LABEL: region 'count'
// CUDA: int i = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// CUDA-NEXT: (void)i;

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
