// '#pragma hpp single' runs a statement once per team (or once per thread)
// and broadcasts the variable it assigns. On OpenMP, with one thread per
// team, the statement simply runs; on CUDA the team leader (or each
// thread's lane 0) runs it and the value is broadcast to the team (or the
// thread's lanes). A team-level variable written in a single and read in a
// later loop needs the barriers hppc infers.
// RUN: %hppc translate --backend=openmp %s -o - --report | %FileCheck %s --check-prefixes=REPORT,OMP
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

void broadcast(int E, int N, int Q, const double *in, double *out) {
  #pragma hpp team
  for (int e = 0; e < E; ++e) {
    double scale = 0;
    #pragma hpp single
    scale = in[e * Q];
    #pragma hpp thread
    for (int n = 0; n < N; ++n) {
      double shift = 0;
      #pragma hpp single per(thread)
      shift = in[e * Q + n];
      #pragma hpp vector
      for (int q = 0; q < Q; ++q)
        out[(e * N + n) * Q + q] = scale * in[e * Q + q] + shift;
    }
  }
}

// REPORT: region 'broadcast_L13' (team loop)
// REPORT: line 16: single per team, broadcasts scale
// REPORT: line 21: single per thread, broadcasts shift
// REPORT: line 18: barrier inserted: 'scale' written at line 17 is read at line 25
// REPORT-NEXT: line 27: barrier inserted: 'scale' read at line 25 is written at line 17 by the team's next iteration

// OMP: double scale = 0;
// OMP-NEXT: // hpp single (per team): one thread per team runs it once
// OMP-NEXT: #line 17
// OMP: scale = in[e * Q];
// OMP-NEXT: // hpp: team barrier inserted: 'scale' written at line 17 is read at line 25 (nothing to do with one thread per team)
// OMP: double shift = 0;
// OMP-NEXT: // hpp single (per thread): one thread per team runs it once
// OMP-NEXT: #line 22
// OMP: shift = in[e * Q + n];
// OMP-NEXT: { // hpp vector loop (vectorised where the compiler finds it profitable)

// CUDA: double scale = 0;
// CUDA-NEXT: { // hpp single per team
// CUDA-NEXT: if (hpprt::cuda::is_team_leader())
// CUDA-NEXT: #line 17
// CUDA: scale = in[e * Q];
// CUDA: scale = hpprt::cuda::team_broadcast(scale);
// CUDA-NEXT: }
// CUDA-NEXT: #line 18
// CUDA: // hpp: barrier inserted: 'scale' written at line 17 is read at line 25
// CUDA-NEXT: hpprt::cuda::team_barrier();
// CUDA: double shift = 0;
// CUDA-NEXT: { // hpp single per thread
// CUDA-NEXT: if (hpprt::cuda::is_vector_leader())
// CUDA-NEXT: #line 22
// CUDA: shift = in[e * Q + n];
// CUDA: shift = hpprt::cuda::vector_broadcast(shift);
// CUDA-NEXT: }
// CUDA: // hpp: barrier inserted: 'scale' read at line 25 is written at line 17 by the team's next iteration
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
