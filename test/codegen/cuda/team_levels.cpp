// Three levels on CUDA. The league runs over blocks, thread loops over
// threadIdx.y, vector loops over threadIdx.x. Nested reductions start from
// the identity on every thread and are all-reduced; team-level stores run on
// the team leader, thread-level stores on each thread's lane 0.
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

void three_level(int E, int N, int M, const double *A, const double *x, double *y,
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

// CUDA: hpp_launch.kind = hpprt::cuda::RegionKind::Team;
// CUDA: hpp_launch.team_size = static_cast<int>(8);
// CUDA-NEXT: hpp_launch.vector_length = static_cast<int>(32);
// CUDA-NEXT: hpp_launch.nested_vector = true;
// CUDA: for (hpprt::index_t hpp_iv0 = hpprt::cuda::league_rank0(); hpp_iv0 < hpp_n0; hpp_iv0 += hpprt::cuda::league_stride()) { int e = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// CUDA: { // hpp thread loop over thread_rank() / team_size()
// CUDA: auto hpp_save_acc = acc;
// CUDA-NEXT: acc = hpprt::identity_like<hpprt::Sum>(acc);
// CUDA: const int hpp_r1 = hpprt::cuda::thread_rank(), hpp_s1 = hpprt::cuda::team_size();
// CUDA-NEXT: const int hpp_c1 = hpprt::cuda::lane_trip_count(hpp_n1, hpp_r1, hpp_s1);
// CUDA: for (int hpp_k1 = 0; hpp_k1 < hpp_c1; ++hpp_k1) { const hpprt::index_t hpp_iv1 = hpp_r1 + static_cast<hpprt::index_t>(hpp_k1) * hpp_s1; int n = hpprt::index_at(hpp_lb1_0, hpp_iv1, 1);
// CUDA: { // hpp vector loop over vector_rank() / vector_length()
// The vector loop has a copy for 32 lanes with the step known to nvcc.
// CUDA: if (hpp_s2 == 32) {
// CUDA-NEXT: const int hpp_c2 = hpprt::cuda::lane_trip_count(hpp_n2, hpp_r2, 32);
// CUDA-NEXT: for (int hpp_k2 = 0; hpp_k2 < hpp_c2; ++hpp_k2) { const hpprt::index_t hpp_iv2 = hpp_r2 + static_cast<hpprt::index_t>(hpp_k2) * 32; int m = hpprt::index_at(hpp_lb2_0, hpp_iv2, 1);
// CUDA-NEXT: #line 20
// CUDA-NEXT: s += A[(e * N + n) * M + m] * x[m];
// CUDA-NEXT: }
// CUDA-NEXT: } else {
// CUDA-NEXT: const int hpp_c2 = hpprt::cuda::lane_trip_count(hpp_n2, hpp_r2, hpp_s2);
// CUDA: for (int hpp_k2 = 0; hpp_k2 < hpp_c2; ++hpp_k2) { const hpprt::index_t hpp_iv2 = hpp_r2 + static_cast<hpprt::index_t>(hpp_k2) * hpp_s2; int m = hpprt::index_at(hpp_lb2_0, hpp_iv2, 1);
// CUDA: s = hpprt::cuda::vector_allreduce<hpprt::Sum>(s);
// CUDA-NEXT: hpprt::Sum::join(hpp_save_s, s);
// CUDA-NEXT: s = hpp_save_s;
// CUDA: if (hpprt::cuda::is_vector_leader()) { y[e * N + n] = s; }
// CUDA-NEXT: acc += s;
// CUDA: acc = hpprt::cuda::thread_allreduce<hpprt::Sum>(acc);
// CUDA: if (hpprt::cuda::is_team_leader()) { rowsum[e] = acc; }
// CUDA-NEXT: t += acc;
// CUDA: hpprt::cuda::finish_reduction(hpp_dev_t, t, false);
