// Three levels. On OpenMP the league is chunked over host threads, thread
// loops run sequentially (one thread per team) and vector loops become omp
// simd. On CUDA the league runs over blocks, thread loops over threadIdx.y
// and vector loops over threadIdx.x; nested reductions start from the
// identity on every thread and are all-reduced; team-level stores run on
// the team leader, thread-level stores on each thread's lane 0.
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

void three_level(int E, int N, int M, const double *A, const double *x, double *y) {
  #pragma hpp team
  for (int e = 0; e < E; ++e) {
    #pragma hpp thread
    for (int n = 0; n < N; ++n) {
      double s = 0;
      #pragma hpp vector reduction(+: s)
      for (int m = 0; m < M; ++m)
        s += A[(e * N + n) * M + m] * x[m];
      y[e * N + n] = s;
    }
  }
}

void three_level_sums(int E, int N, int M, const double *A, const double *x, double *y,
                      double *rowsum, double &total) {
  double t = 0;
  #pragma hpp team reduction(+: t) team_size(8) vector_length(32)
  for (int e = 0; e < E; ++e) {
    double acc = 0;
    #pragma hpp thread reduction(+: acc)
    for (int n = 0; n < N; ++n) {
      double s = 0;
      #pragma hpp vector reduction(+: s)
      for (int m = 0; m < M; ++m)
        s += A[(e * N + n) * M + m] * x[m];
      y[e * N + n] = s;
      acc += s;
    }
    rowsum[e] = acc;
    t += acc;
  }
  total = t;
}

// OMP-LABEL: void three_level(
// OMP: { // hpp region 'three_level_L13' (team loop)
// OMP: #pragma omp parallel
// OMP: for (int e = static_cast<int>(hpp_lb0_0 + hpp_chunk.begin);
// OMP-NEXT: e < static_cast<int>(hpp_lb0_0 + hpp_chunk.end); ++e) {
// OMP: { // hpp thread loop (sequential: one thread per team)
// OMP-NOT: #pragma omp
// The loops one host thread runs whole keep the user's header, over the
// bounds evaluated once.
// OMP: for (int n = hpp_lb1_0; n < hpp_ub1_0; ++n) {
// OMP: { // hpp vector loop (omp simd)
// OMP: #pragma omp simd reduction(hpprt_fsum: s)
// OMP-NEXT: #line 19
// OMP: for (int m = hpp_lb2_0; m < hpp_ub2_0; ++m) {
// OMP-NEXT: #line 20 "{{.*}}team_levels.cpp"
// OMP-NEXT: s += A[(e * N + n) * M + m] * x[m];
// OMP-NEXT: }
// OMP-NEXT: }
// OMP-NEXT: #line 21 "{{.*}}team_levels.cpp"
// OMP-NEXT: y[e * N + n] = s;
// OMP: } // hpp region 'three_level_L13'
// Launch clauses mean nothing with one thread per team; the thread loop's
// reduction runs sequentially into acc itself, and only the team level's
// reduction has partials.
// OMP-LABEL: void three_level_sums(
// OMP: #line 29 "{{.*}}team_levels.cpp"
// OMP-NEXT: (void)static_cast<hpprt::index_t>(8);
// OMP-NEXT: #line 29 "{{.*}}team_levels.cpp"
// OMP-NEXT: (void)static_cast<hpprt::index_t>(32);
// OMP-NEXT: auto &hpp_red_t = t;
// OMP-NEXT: hpprt::omp::Partials<hpprt::Sum,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_t)>>
// OMP-NEXT: hpp_part_t;
// OMP: double acc = 0;
// OMP-NEXT: { // hpp thread loop (sequential: one thread per team)
// OMP-NOT: acc =
// OMP: acc += s;
// OMP-NEXT: }
// OMP-NEXT: }
// OMP-NEXT: }
// OMP-NEXT: #line 41 "{{.*}}team_levels.cpp"
// OMP-NEXT: rowsum[e] = acc;
// OMP-NEXT: t += acc;
// OMP: hpp_part_t.put(omp_get_thread_num(), t);
// OMP: hpp_part_t.combine_into(hpp_red_t);

// CUDA-LABEL: void three_level(
// CUDA: hpp_launch.kind = hpprt::cuda::RegionKind::Team;
// CUDA-NEXT: hpp_launch.iterations = hpp_n0;
// CUDA-NEXT: hpp_launch.nested_vector = true;
// CUDA: { // hpp thread loop over thread_rank() / team_size()
// CUDA: { // hpp vector loop over vector_rank() / vector_length()
// CUDA: if (hpprt::cuda::is_vector_leader()) { y[e * N + n] = s; }
// CUDA: hpprt::cuda::launch(
// CUDA-NEXT: hpp_launch, hpp_kernel_three_level_L13<decltype(hpp_body)>,
// CUDA-NEXT: HPPRT_GPU_TEAM_BOUNDED(
// CUDA-NEXT: hpp_bounded_kernel_three_level_L13<decltype(hpp_body)>),
// CUDA-NEXT: hpp_body);
// CUDA-LABEL: void three_level_sums(
// CUDA: hpp_launch.kind = hpprt::cuda::RegionKind::Team;
// CUDA-NEXT: hpp_launch.iterations = hpp_n0;
// CUDA-NEXT: #line 29 "{{.*}}team_levels.cpp"
// CUDA-NEXT: hpp_launch.team_size = static_cast<int>(8);
// CUDA-NEXT: #line 29 "{{.*}}team_levels.cpp"
// CUDA-NEXT: hpp_launch.vector_length = static_cast<int>(32);
// CUDA-NEXT: hpp_launch.nested_vector = true;
// CUDA: for (hpprt::index_t hpp_iv0 = hpprt::cuda::league_rank0(); hpp_iv0 < hpp_n0;
// CUDA-NEXT: hpp_iv0 += hpprt::cuda::league_stride()) {
// CUDA-NEXT: int e = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// CUDA: { // hpp thread loop over thread_rank() / team_size()
// CUDA: auto hpp_save_acc = acc;
// CUDA-NEXT: acc = hpprt::identity_like<hpprt::Sum>(acc);
// CUDA-NEXT: const int hpp_r1 = hpprt::cuda::thread_rank(),
// CUDA-NEXT: hpp_s1 = hpprt::cuda::team_size();
// A thread loop beside vector loops has no copy of its own.
// CUDA-NEXT: const int hpp_c1 = hpprt::cuda::lane_trip_count(hpp_n1, hpp_r1, hpp_s1);
// CUDA: for (int hpp_k1 = 0; hpp_k1 < hpp_c1; ++hpp_k1) {
// CUDA-NEXT: const hpprt::index_t hpp_iv1 =
// CUDA-NEXT: hpp_r1 + static_cast<hpprt::index_t>(hpp_k1) * hpp_s1;
// CUDA-NEXT: int n = hpprt::index_at(hpp_lb1_0, hpp_iv1, 1);
// CUDA: { // hpp vector loop over vector_rank() / vector_length()
// The vector loop has a copy for a whole warp (32 lanes on NVIDIA, the
// wavefront on AMD) with the step known to the compiler.
// CUDA: if (hpp_s2 == hpprt::cuda::warp::lanes) {
// CUDA-NEXT: const int hpp_rw2 =
// CUDA-NEXT: hpprt::cuda::rank_within<hpprt::cuda::warp::lanes>(hpp_r2);
// CUDA-NEXT: const int hpp_c2 = hpprt::cuda::lane_trip_count(
// CUDA-NEXT: hpp_n2, hpp_rw2, hpprt::cuda::warp::lanes);
// CUDA-NEXT: for (int hpp_k2 = 0; hpp_k2 < hpp_c2; ++hpp_k2) {
// CUDA-NEXT: const hpprt::index_t hpp_iv2 =
// CUDA-NEXT: hpp_rw2 +
// CUDA-NEXT: static_cast<hpprt::index_t>(hpp_k2) * hpprt::cuda::warp::lanes;
// CUDA-NEXT: int m = hpprt::index_at(hpp_lb2_0, hpp_iv2, 1);
// CUDA-NEXT: #line 37
// CUDA-NEXT: s += A[(e * N + n) * M + m] * x[m];
// CUDA-NEXT: }
// CUDA-NEXT: } else {
// CUDA-NEXT: const int hpp_c2 =
// CUDA-NEXT: hpprt::cuda::lane_trip_count(hpp_n2, hpp_r2, hpp_s2);
// CUDA: for (int hpp_k2 = 0; hpp_k2 < hpp_c2; ++hpp_k2) {
// CUDA-NEXT: const hpprt::index_t hpp_iv2 =
// CUDA-NEXT: hpp_r2 + static_cast<hpprt::index_t>(hpp_k2) * hpp_s2;
// CUDA-NEXT: int m = hpprt::index_at(hpp_lb2_0, hpp_iv2, 1);
// CUDA: s = hpprt::cuda::vector_allreduce<hpprt::Sum>(s);
// CUDA-NEXT: hpprt::Sum::join(hpp_save_s, s);
// CUDA-NEXT: s = hpp_save_s;
// CUDA: if (hpprt::cuda::is_vector_leader()) { y[e * N + n] = s; }
// CUDA-NEXT: acc += s;
// CUDA: acc = hpprt::cuda::thread_allreduce<hpprt::Sum>(acc);
// CUDA-NEXT: hpprt::Sum::join(hpp_save_acc, acc);
// CUDA-NEXT: acc = hpp_save_acc;
// CUDA: if (hpprt::cuda::is_team_leader()) { rowsum[e] = acc; }
// CUDA-NEXT: t += acc;
// CUDA: hpprt::cuda::finish_reduction(hpp_dev_t, t, false);

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
