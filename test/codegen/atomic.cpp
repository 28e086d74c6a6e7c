// Atomics. On OpenMP an update becomes omp atomic and a min/max update a
// compare-and-swap loop. On CUDA both become hpprt::cuda atomics; one at
// team level runs once per team, on the team leader, one in a vector loop
// once per iteration.
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <cmath>

void flat(int n, const long *in, int *hist, double *mx) {
  #pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    #pragma hpp atomic
    hist[in[i] % 8] += 1;
    #pragma hpp atomic
    *mx = std::fmax(*mx, in[i] * 0.5);
  }
}

void team(int E, int Q, int *hist) {
  #pragma hpp team
  for (int e = 0; e < E; ++e) {
    #pragma hpp vector
    for (int q = 0; q < Q; ++q) {
      #pragma hpp atomic
      hist[q % 8] += 1;
    }
    #pragma hpp atomic
    hist[0] += 1;
  }
}

// OMP-LABEL: void flat(
// OMP: #pragma omp atomic update
// OMP-NEXT: #line 15
// OMP: hist[in[i] % 8] += 1;
// OMP-NEXT: // hpp atomic: compare-and-swap loop
// OMP: hpprt::atomic_max(&(*mx), static_cast<std::decay_t<decltype(*mx)>>(in[i] * 0.5));
// A vector loop holding an atomic runs sequentially: no omp simd.
// OMP-LABEL: void team(
// OMP: { // hpp team-vector loop (sequential loop)
// OMP-NOT: #pragma omp simd
// OMP: #pragma omp atomic update
// OMP-NEXT: #line 27
// OMP: hist[q % 8] += 1;
// OMP: #pragma omp atomic update
// OMP-NEXT: #line 30
// OMP: hist[0] += 1;

// CUDA-LABEL: void flat(
// CUDA: // hpp atomic
// CUDA: hpprt::cuda::atomic_add(&(hist[in[i] % 8]), static_cast<std::decay_t<decltype(hist[in[i] % 8])>>(1));
// CUDA-NEXT: // hpp atomic
// CUDA: hpprt::cuda::atomic_max(&(*mx), static_cast<std::decay_t<decltype(*mx)>>(in[i] * 0.5));
// CUDA-LABEL: void team(
// CUDA: { // hpp team-vector loop over team_vector_rank() / team_vector_size()
// CUDA: hpprt::cuda::atomic_add(&(hist[q % 8]), static_cast<std::decay_t<decltype(hist[q % 8])>>(1));
// CUDA: } else {
// CUDA: hpprt::cuda::atomic_add(&(hist[q % 8]), static_cast<std::decay_t<decltype(hist[q % 8])>>(1));
// CUDA: // hpp atomic, once per team or thread
// CUDA: if (hpprt::cuda::is_team_leader()) hpprt::cuda::atomic_add(&(hist[0]), static_cast<std::decay_t<decltype(hist[0])>>(1));

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
