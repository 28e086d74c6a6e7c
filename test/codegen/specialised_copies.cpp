// Nested loops get a copy for the step of their most common AUTO shape, in
// which the rank is masked to that step (hpprt's rank_within) so that the
// compiler knows its range: vector loops for a warp of lanes, team-vector
// loops and thread loops of teams without vector loops for 256 threads (or
// the team's width). A thread loop's copy is taken after the guards of its
// statements went in: both paths run them on one lane. Thread loops beside
// vector loops have no copy (docs/performance.md, "Specialised copies that
// know their rank"). OpenMP has neither.
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %hppc translate --format=none --backend=hip %s -o %t.hip
// RUN: %FileCheck %s --check-prefix=HIP --input-file %t.hip
// RUN: %hppc translate --format=none --backend=openmp %s -o %t.omp.cpp
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.omp.cpp
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

void rows(int E, int N, const double *in, double *out, int *count) {
  #pragma hpp team
  for (int e = 0; e < E; ++e) {
    #pragma hpp thread
    for (int n = 0; n < N; ++n) {
      #pragma hpp vector
      for (int m = 0; m < 32; ++m)
        out[(e * N + n) * 32 + m] = in[(e * N + n) * 32 + m] * 2;
      count[e * N + n] += 1;
    }
  }
}

void flat(int E, int N, const double *in, double *out) {
  #pragma hpp team
  for (int e = 0; e < E; ++e) {
    #pragma hpp vector
    for (int k = 0; k < N; ++k)
      out[e * N + k] = in[e * N + k] + 1;
  }
}

void laneless(int E, int N, int *count) {
  #pragma hpp team team_size(256) vector_length(4)
  for (int e = 0; e < E; ++e) {
    #pragma hpp thread
    for (int n = 0; n < N; ++n)
      count[e * N + n] += n;
  }
}

// CUDA-LABEL: hpp region 'rows_L{{[0-9]+}}'
// The thread loop: the general loop only.
// CUDA: { // hpp thread loop over thread_rank() / team_size()
// CUDA: const int hpp_r1 = hpprt::cuda::thread_rank(), hpp_s1 = hpprt::cuda::team_size();
// CUDA-NEXT: const int hpp_c1 = hpprt::cuda::lane_trip_count(hpp_n1, hpp_r1, hpp_s1);
// The vector loop: its copy for a warp, the rank masked to it.
// CUDA: if (hpp_s2 == hpprt::cuda::warp::lanes) {
// CUDA-NEXT: const int hpp_rw2 = hpprt::cuda::rank_within<hpprt::cuda::warp::lanes>(hpp_r2);
// CUDA-NEXT: const int hpp_c2 = hpprt::cuda::lane_trip_count(hpp_n2, hpp_rw2, hpprt::cuda::warp::lanes);
// CUDA-NEXT: for (int hpp_k2 = 0; hpp_k2 < hpp_c2; ++hpp_k2) { const hpprt::index_t hpp_iv2 = hpp_rw2 + static_cast<hpprt::index_t>(hpp_k2) * hpprt::cuda::warp::lanes;
// CUDA: } else {
// CUDA-NEXT: const int hpp_c2 = hpprt::cuda::lane_trip_count(hpp_n2, hpp_r2, hpp_s2);
// CUDA: if (hpprt::cuda::is_vector_leader()) { count[e * N + n] += 1; }
// CUDA-NOT: rank_within
// CUDA: } // hpp region 'rows_L{{[0-9]+}}'

// CUDA-LABEL: hpp region 'flat_L{{[0-9]+}}'
// CUDA: if (hpp_s1 == 256) {
// CUDA-NEXT: const int hpp_rw1 = hpprt::cuda::rank_within<256>(hpp_r1);
// CUDA-NEXT: const int hpp_c1 = hpprt::cuda::lane_trip_count(hpp_n1, hpp_rw1, 256);

// The thread loop of a team without vector loops: copied for 256 threads,
// the guard in both paths.
// CUDA-LABEL: hpp region 'laneless_L{{[0-9]+}}'
// CUDA: { // hpp thread loop over thread_rank() / team_size()
// CUDA: if (hpp_s1 == 256) {
// CUDA-NEXT: const int hpp_rw1 = hpprt::cuda::rank_within<256>(hpp_r1);
// CUDA: if (hpprt::cuda::is_vector_leader()) { count[e * N + n] += n; }
// CUDA: } else {
// CUDA-NEXT: const int hpp_c1 = hpprt::cuda::lane_trip_count(hpp_n1, hpp_r1, hpp_s1);
// CUDA: if (hpprt::cuda::is_vector_leader()) { count[e * N + n] += n; }
// CUDA: } // hpp region 'laneless_L{{[0-9]+}}'

// HIP-LABEL: hpp region 'rows_L{{[0-9]+}}'
// HIP: if (hpp_s2 == hpprt::hip::warp::lanes) {
// HIP-NEXT: const int hpp_rw2 = hpprt::hip::rank_within<hpprt::hip::warp::lanes>(hpp_r2);
// HIP-LABEL: hpp region 'laneless_L{{[0-9]+}}'
// HIP: if (hpp_s1 == 256) {
// HIP-NEXT: const int hpp_rw1 = hpprt::hip::rank_within<256>(hpp_r1);
// HIP: if (hpprt::hip::is_vector_leader()) { count[e * N + n] += n; }
// HIP: } else {
// HIP: if (hpprt::hip::is_vector_leader()) { count[e * N + n] += n; }

// OMP: { // hpp region 'rows_L{{[0-9]+}}' (team loop)
// OMP-NOT: rank_within<
// OMP: } // hpp region 'laneless_L{{[0-9]+}}'
