// A team region whose thread and team-vector loops all have constant trip
// counts tells the GPU runtime its width (the largest trip count): AUTO
// teams get that many threads in whole warps instead of 256, and the
// loops are specialised for that step. Without a constant trip count, with
// a vector loop inside a thread loop, or with an explicit team size there
// is no width. OpenMP ignores it.
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %hppc translate --format=none --backend=hip %s -o %t.hip
// RUN: %FileCheck %s --check-prefix=HIP --input-file %t.hip
// RUN: %hppc translate --format=none --backend=openmp %s -o %t.omp.cpp
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.omp.cpp
// RUN: %hppc translate --format=none --backend=cuda --report %s -o %t.2.cu | %FileCheck %s --check-prefix=REPORT
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

constexpr int P = 5;

void stages(int E, const double *in, double *out) {
  const int D = 4;
  #pragma hpp team
  for (int e = 0; e < E; ++e) {
    #pragma hpp scratch
    double s[P * P * P];
    #pragma hpp vector
    for (int k = 0; k < P * P * P; ++k)
      s[k] = in[e * 125 + k];
    #pragma hpp thread
    for (int k = D * D; k >= 0; --k)
      out[e * 125 + k] = s[k] + s[124 - k];
  }
}

void unknown(int E, int n, const double *in, double *out) {
  #pragma hpp team
  for (int e = 0; e < E; ++e) {
    #pragma hpp vector
    for (int k = 0; k < n; ++k)
      out[e * n + k] = in[e * n + k];
  }
}

void nested_vector(int E, const double *in, double *out) {
  #pragma hpp team
  for (int e = 0; e < E; ++e) {
    #pragma hpp thread
    for (int i = 0; i < 8; ++i) {
      #pragma hpp vector
      for (int j = 0; j < 8; ++j)
        out[(e * 8 + i) * 8 + j] = in[(e * 8 + i) * 8 + j];
    }
  }
}

void sized(int E, const double *in, double *out) {
  #pragma hpp team team_size(64)
  for (int e = 0; e < E; ++e) {
    #pragma hpp vector
    for (int k = 0; k < 20; ++k)
      out[e * 20 + k] = in[e * 20 + k];
  }
}

// An unsigned bound of 2^31 was read as negative (0 trips), so the other
// loop's 64 capped the team; it now gives no width.
void huge(int E, double *out) {
  #pragma hpp team
  for (int e = 0; e < E; ++e) {
    #pragma hpp vector
    for (unsigned k = 0; k < 0x80000000u; ++k)
      out[k] = e;
    #pragma hpp vector
    for (int k = 63; k >= 0; --k)
      out[k] = e;
  }
}

// stages: the widest loop has 125 iterations (the thread loop 17). The
// team-vector loop is specialised for the width's threads, not for 256,
// and so is the thread loop (its team has no lanes); both copies of the
// thread loop's body keep the guard that keeps its statements to one lane
// should the team have lanes.
// CUDA-LABEL: hpp region 'stages_L20'
// CUDA: hpp_launch.team_width = 125;
// CUDA: if (hpp_s{{[0-9]+}} == hpprt::cuda::team_width_threads(125, hpprt::cuda::warp::lanes)) {
// CUDA: hpp thread loop over
// CUDA-NEXT: int hpp_lb[[T:[0-9]+]]_0 = D * D;
// CUDA: if (hpp_s[[T]] == hpprt::cuda::team_width_threads(125, hpprt::cuda::warp::lanes)) {
// CUDA-NEXT: const int hpp_rw[[T]] = hpprt::cuda::rank_within<hpprt::cuda::team_width_threads(125, hpprt::cuda::warp::lanes)>(hpp_r[[T]]);
// CUDA: if (hpprt::cuda::is_vector_leader()) { out[e * 125 + k] = s[k] + s[124 - k]; }
// CUDA: } else {
// CUDA: if (hpprt::cuda::is_vector_leader()) { out[e * 125 + k] = s[k] + s[124 - k]; }
// CUDA: } // hpp region 'stages_L20'
// CUDA-LABEL: hpp region 'unknown_L34'
// CUDA-NOT: hpp_launch.team_width
// CUDA: if (hpp_s{{[0-9]+}} == 256) {
// CUDA-LABEL: hpp region 'nested_vector_L43'
// CUDA-NOT: hpp_launch.team_width
// CUDA: hpp_launch.nested_vector = true;
// CUDA-LABEL: hpp region 'sized_L55'
// CUDA-NOT: hpp_launch.team_width
// CUDA: hpp region 'sized_L55'
// HIP-LABEL: hpp region 'stages_L20'
// HIP: hpp_launch.team_width = 125;
// HIP: if (hpp_s{{[0-9]+}} == hpprt::hip::team_width_threads(125, hpprt::hip::warp::lanes)) {
// HIP-LABEL: hpp region 'unknown_L34'
// HIP-NOT: hpp_launch.team_width
// HIP: if (hpp_s{{[0-9]+}} == 256) {
// OMP: hpp region 'stages_L20'
// OMP-NOT: team_width_threads
// REPORT: line 20: team loop over e -> {{.*}}; its widest loop has 125 iterations (constant trip counts): AUTO teams of that many threads in whole warps
// REPORT: line 34: team loop over e -> {{.*}} side effects{{$}}
// CUDA-LABEL: hpp region 'huge_L66'
// CUDA-NOT: hpp_launch.team_width
// CUDA: } // hpp region 'huge_L66'
