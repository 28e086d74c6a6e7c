// Three levels: the league is chunked over host threads, thread loops run
// sequentially (one thread per team), vector loops become omp simd.
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP

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

// OMP: { // hpp region 'three_level_L6' (team loop)
// OMP: #pragma omp parallel
// OMP: for (hpprt::index_t hpp_iv0 = hpp_chunk.begin; hpp_iv0 < hpp_chunk.end; ++hpp_iv0) { int e = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// OMP: { // hpp thread loop (sequential: one thread per team)
// OMP-NOT: #pragma omp
// OMP: for (hpprt::index_t hpp_iv1 = 0; hpp_iv1 < hpp_n1; ++hpp_iv1) { int n = hpprt::index_at(hpp_lb1_0, hpp_iv1, 1);
// OMP: { // hpp vector loop (omp simd)
// OMP: #pragma omp simd reduction(+: s)
// OMP-NEXT: #line 11
// OMP: for (hpprt::index_t hpp_iv2 = 0; hpp_iv2 < hpp_n2; ++hpp_iv2) { int m = hpprt::index_at(hpp_lb2_0, hpp_iv2, 1);
