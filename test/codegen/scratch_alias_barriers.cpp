// Scratch reached through a pointer (the API's team_scratch(l).get<T>(n), or
// `double *s = tile;`) is tracked like the array: without the barrier at
// the end of a team's iteration, a block running its next team overwrites
// what slower threads still read (a race seen on an H200). The report is
// the same for both backends; CUDA code calls team_barrier() where OpenMP
// code only says why none is needed.
// RUN: %hppc translate --backend=openmp %s -o /dev/null --report | %FileCheck %s --check-prefix=REPORT
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <hpp/hpp.hpp>

void api(int E, int QP, const double *d, double *out) {
  hpp::parallel_for("api",
      hpp::TeamPolicy(E, hpp::AUTO).set_scratch_size(0, hpp::PerTeam(hpp::scratch_bytes<double>(QP))),
      [=](const hpp::TeamMember &t) {
        const int e = t.league_rank();
        double *s = t.team_scratch(0).get<double>(QP);
        hpp::parallel_for(hpp::TeamVectorRange(t, QP), [&](int q) { s[q] = d[e * QP + q]; });
        t.team_barrier();
        hpp::parallel_for(hpp::TeamThreadRange(t, QP), [&](int v) { out[e * QP + v] = s[QP - 1 - v]; });
      });
}

void alias(int E, int QP, const double *d, double *out) {
  #pragma hpp team name("alias")
  for (int e = 0; e < E; ++e) {
    #pragma hpp scratch
    double tile[QP];
    double *s = tile;
    #pragma hpp thread vector
    for (int q = 0; q < QP; ++q)
      s[q] = d[e * QP + q];
    #pragma hpp thread
    for (int v = 0; v < QP; ++v)
      out[e * QP + v] = s[QP - 1 - v];
  }
}

// REPORT: region 'api' (team loop)
// REPORT: line 20: barrier (explicit)
// REPORT: line 22: barrier inserted: 's' read at line 21 is written at line 19 by the team's next iteration
// REPORT-NEXT: barriers inserted: 1
// REPORT: region 'alias' (team loop)
// REPORT: line 34: barrier inserted: 's' written at line 33 is read at line 36
// REPORT-NEXT: line 37: barrier inserted: 's' read at line 36 is written at line 33 by the team's next iteration
// REPORT-NEXT: barriers inserted: 2

// CUDA-LABEL: void api(
// CUDA: { s[q] = d[e * QP + q]; }
// CUDA: hpprt::cuda::team_barrier(); // hpp barrier
// CUDA: { if (hpprt::cuda::is_vector_leader()) { out[e * QP + v] = s[QP - 1 - v]; } }
// CUDA: hpprt::cuda::team_barrier(); // hpp: barrier inserted: 's' read at line 21 is written at line 19 by the team's next iteration
// CUDA-LABEL: void alias(
// CUDA: s[q] = d[e * QP + q];
// CUDA: hpprt::cuda::team_barrier(); // hpp: barrier inserted: 's' written at line 33 is read at line 36
// CUDA: if (hpprt::cuda::is_vector_leader()) { out[e * QP + v] = s[QP - 1 - v];
// CUDA: hpprt::cuda::team_barrier(); // hpp: barrier inserted: 's' read at line 36 is written at line 33 by the team's next iteration
