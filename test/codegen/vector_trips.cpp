// A team region with AUTO sizes whose vector loops have bounds the host can
// compute (literals, values the region captures unchanged) tells the GPU
// runtime their largest trip count before the launch; AUTO vector lengths
// then follow it (vector_for_trips: about 8 iterations per lane, or one
// each up to a warp where no vector loop reduces) instead of always taking
// a warp. Bounds that differ per team (an array element, the team's index,
// a variable of the team) or a vector_length clause give no hint, and one
// unsized vector loop withholds it for the region. OpenMP ignores it.
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %hppc translate --format=none --backend=hip %s -o %t.hip
// RUN: %hip_as_cuda %t.hip | %same_code - %t.cu
// RUN: %hppc translate --format=none --backend=openmp %s -o %t.omp.cpp
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.omp.cpp
// RUN: %hppc translate --format=none --backend=cuda --report %s -o %t.2.cu | %FileCheck %s --check-prefix=REPORT
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

enum { Lanes = 4 };

void contract(int E, int VS, int QP, const double *f, const double *d, double *out) {
  #pragma hpp team name("sized")
  for (int e = 0; e < E; ++e) {
    #pragma hpp thread
    for (int v = 0; v < VS; ++v) {
      double acc = 0;
      #pragma hpp vector reduction(+ : acc)
      for (int q = 0; q < 2 * QP + Lanes; ++q)
        acc += f[(e * VS + v) * QP + q % QP] * d[q % QP];
      out[e * VS + v] = acc;
    }
    #pragma hpp thread
    for (int v = 0; v < VS; ++v) {
      #pragma hpp vector
      for (int q = sizeof(double); q < QP; ++q)
        out[e * VS + v] += 0 * q;
    }
  }
}

void per_team(int E, const int *len, double *out) {
  #pragma hpp team name("array_bound")
  for (int e = 0; e < E; ++e) {
    #pragma hpp thread
    for (int v = 0; v < 8; ++v) {
      #pragma hpp vector
      for (int q = 0; q < len[e]; ++q)
        out[e * 8 + v] += q;
    }
  }
  #pragma hpp team name("index_bound")
  for (int e = 0; e < E; ++e) {
    const int m = e % 7;
    #pragma hpp thread
    for (int v = 0; v < 8; ++v) {
      #pragma hpp vector
      for (int q = 0; q < m; ++q)
        out[e * 8 + v] += q;
      #pragma hpp vector
      for (int q = 0; q < e; ++q)
        out[e * 8 + v] += q;
    }
  }
}

// A bound divided by a run-time value: the host would evaluate it even for
// an empty league, where the serial loop never does (a division by zero).
void divided(int E, int QP, int M, double *out) {
  #pragma hpp team name("divided")
  for (int e = 0; e < E; ++e) {
    #pragma hpp thread
    for (int v = 0; v < 8; ++v) {
      #pragma hpp vector
      for (int q = 0; q < QP / M; ++q)
        out[e * 8 + v] += q;
    }
  }
}

void given(int E, int QP, double *out) {
  #pragma hpp team vector_length(8) name("given")
  for (int e = 0; e < E; ++e) {
    #pragma hpp thread
    for (int v = 0; v < 8; ++v) {
      #pragma hpp vector
      for (int q = 0; q < QP; ++q)
        out[e * 8 + v] += q;
    }
  }
}

// No vector loop reduces: the runtime gives lanes one iteration each, up
// to a warp (rows over threads, columns over lanes, as a hand-written tiled
// kernel lays them out).
void rows(int E, const double *in, double *out) {
  #pragma hpp team name("rows")
  for (int e = 0; e < E; ++e) {
    #pragma hpp thread
    for (int i = 0; i < 32; ++i) {
      #pragma hpp vector
      for (int j = 0; j < 32; ++j)
        out[(e * 32 + i) * 32 + j] = in[(e * 32 + j) * 32 + i];
    }
  }
}

// CUDA-LABEL: { // hpp region 'sized'
// CUDA: hpp_launch.nested_vector = true;
// CUDA-NEXT: { // trip counts of the vector loops
// CUDA-NEXT: int hpp_lbv0_0 = 0;
// CUDA-NEXT: const auto hpp_ubv0_0 = 2 * QP + Lanes;
// CUDA-NEXT: const hpprt::index_t hpp_nv0_0 = hpprt::trip_count<hpprt::Cmp::Lt>(hpp_lbv0_0, hpp_ubv0_0, 1);
// CUDA-NEXT: const hpprt::index_t hpp_nv0 = hpp_nv0_0;
// CUDA-NEXT: hpp_launch.vector_trips = std::max(hpp_launch.vector_trips, hpp_nv0);
// CUDA-NEXT: int hpp_lbv1_0 = sizeof(double);
// CUDA-NEXT: const auto hpp_ubv1_0 = QP;
// CUDA: hpp_launch.vector_trips = std::max(hpp_launch.vector_trips, hpp_nv1);
// CUDA-NEXT: }
// CUDA-NOT: hpp_launch.vector_reductions
// CUDA-LABEL: { // hpp region 'array_bound'
// CUDA-NOT: hpp_launch.vector_trips
// CUDA-LABEL: { // hpp region 'index_bound'
// CUDA-NOT: hpp_launch.vector_trips
// CUDA-LABEL: { // hpp region 'divided'
// CUDA-NOT: hpp_launch.vector_trips
// CUDA-LABEL: { // hpp region 'given'
// CUDA-NOT: hpp_launch.vector_trips
// CUDA: } // hpp region 'given'
// CUDA-LABEL: { // hpp region 'rows'
// CUDA: hpp_launch.vector_trips = std::max(hpp_launch.vector_trips, hpp_nv0);
// CUDA-NEXT: }
// CUDA-NEXT: hpp_launch.vector_reductions = false;

// OMP: #pragma omp simd reduction(hpprt_fsum: acc)
// OMP-NOT: hpp_launch.vector_trips

// REPORT: region 'sized'
// REPORT-NEXT: AUTO vector lengths from the vector loops' trip counts at launch
// REPORT: region 'array_bound'
// REPORT-NOT: AUTO vector lengths
// REPORT: region 'given'
// REPORT-NOT: AUTO vector lengths
// REPORT: region 'rows'
// REPORT-NEXT: AUTO vector lengths from the vector loops' trip counts at launch (one iteration per lane up to a warp, 8 lanes at least: no vector loop reduces)
