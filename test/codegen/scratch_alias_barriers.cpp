// Scratch reached through a pointer (the API's team_scratch(l).get<T>(n),
// `double *s = tile;`, an array pointer cast from the array) is tracked as
// the array: accesses through the pointer are accesses of the array, in
// either loop, and taking the pointer reads nothing. Without the barrier
// at the end of a team's iteration, a block running its next team
// overwrites what slower threads still read (a race seen on an H200). The
// report is the same for both backends; CUDA code calls team_barrier()
// where OpenMP code only says why none is needed.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.cpp
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

void mixed(int nt, const double *in, double *out) {
  #pragma hpp team name("mixed")
  for (int t = 0; t < nt; ++t) {
    #pragma hpp scratch
    double tile[64];
    double *p = tile;
    #pragma hpp thread
    for (int i = 0; i < 64; ++i)
      p[i] = in[t * 64 + i];
    #pragma hpp thread
    for (int j = 0; j < 64; ++j)
      out[t * 64 + j] = tile[63 - j];
  }
}

void mass(int E, const double *b, double *out) {
  #pragma hpp team name("mass")
  for (int e = 0; e < E; ++e) {
    #pragma hpp scratch
    double sm[64];
    double (*B)[8] = (double (*)[8])sm;
    auto *C = reinterpret_cast<double (*)[4][4]>(sm);
    #pragma hpp thread
    for (int q = 0; q < 64; ++q)
      B[q / 8][q % 8] = b[e * 64 + q];
    #pragma hpp thread
    for (int d = 0; d < 64; ++d)
      out[e * 64 + d] = C[d % 4][d / 16][d / 4 % 4];
  }
}

// REPORT: region 'api' (team loop)
// REPORT: line 23: barrier (explicit)
// REPORT: line 25: barrier inserted: 's' read at line 24 is written at line 22 by the team's next iteration
// REPORT-NEXT: barriers inserted: 1
// REPORT: region 'alias' (team loop)
// REPORT: line 37: barrier inserted: 'tile' written at line 36 is read at line 39
// REPORT-NEXT: line 40: barrier inserted: 'tile' read at line 39 is written at line 36 by the team's next iteration
// REPORT-NEXT: barriers inserted: 2
// REPORT: region 'mixed' (team loop)
// REPORT: line 52: barrier inserted: 'tile' written at line 51 is read at line 54
// REPORT-NEXT: line 55: barrier inserted: 'tile' read at line 54 is written at line 51 by the team's next iteration
// REPORT-NEXT: barriers inserted: 2
// REPORT: region 'mass' (team loop)
// REPORT: line 68: barrier inserted: 'sm' written at line 67 is read at line 70
// REPORT-NEXT: line 71: barrier inserted: 'sm' read at line 70 is written at line 67 by the team's next iteration
// REPORT-NEXT: barriers inserted: 2

// OMP-LABEL: void mixed(
// OMP: p[i] = in[t * 64 + i];
// OMP: // hpp: team barrier inserted: 'tile' written at line 51 is read at line 54 (nothing to do with one thread per team)
// OMP: out[t * 64 + j] = tile[63 - j];
// OMP: // hpp: team barrier inserted: 'tile' read at line 54 is written at line 51 by the team's next iteration (nothing to do with one thread per team)
// OMP-LABEL: void mass(
// OMP: B[q / 8][q % 8] = b[e * 64 + q];
// OMP: // hpp: team barrier inserted: 'sm' written at line 67 is read at line 70 (nothing to do with one thread per team)
// OMP: out[e * 64 + d] = C[d % 4][d / 16][d / 4 % 4];
// OMP: // hpp: team barrier inserted: 'sm' read at line 70 is written at line 67 by the team's next iteration (nothing to do with one thread per team)

// CUDA-LABEL: void api(
// CUDA: { s[q] = d[e * QP + q]; }
// CUDA: hpprt::cuda::team_barrier(); // hpp barrier
// CUDA: { if (hpprt::cuda::is_vector_leader()) { out[e * QP + v] = s[QP - 1 - v]; } }
// CUDA: // hpp: barrier inserted: 's' read at line 24 is written at line 22 by the team's next iteration
// CUDA-NEXT: hpprt::cuda::team_barrier();
// CUDA-LABEL: void alias(
// CUDA: s[q] = d[e * QP + q];
// CUDA: // hpp: barrier inserted: 'tile' written at line 36 is read at line 39
// CUDA-NEXT: hpprt::cuda::team_barrier();
// CUDA: if (hpprt::cuda::is_vector_leader()) { out[e * QP + v] = s[QP - 1 - v];
// CUDA: // hpp: barrier inserted: 'tile' read at line 39 is written at line 36 by the team's next iteration
// CUDA-NEXT: hpprt::cuda::team_barrier();
// CUDA-LABEL: void mixed(
// CUDA: p[i] = in[t * 64 + i];
// CUDA: // hpp: barrier inserted: 'tile' written at line 51 is read at line 54
// CUDA-NEXT: hpprt::cuda::team_barrier();
// CUDA: out[t * 64 + j] = tile[63 - j];
// CUDA: // hpp: barrier inserted: 'tile' read at line 54 is written at line 51 by the team's next iteration
// CUDA-NEXT: hpprt::cuda::team_barrier();
// CUDA-LABEL: void mass(
// CUDA: B[q / 8][q % 8] = b[e * 64 + q];
// CUDA: // hpp: barrier inserted: 'sm' written at line 67 is read at line 70
// CUDA-NEXT: hpprt::cuda::team_barrier();
// CUDA: out[e * 64 + d] = C[d % 4][d / 16][d / 4 % 4];
// CUDA: // hpp: barrier inserted: 'sm' read at line 70 is written at line 67 by the team's next iteration
// CUDA-NEXT: hpprt::cuda::team_barrier();

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
