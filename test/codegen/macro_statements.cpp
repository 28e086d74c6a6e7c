// Statements written by macros are edited around their whole invocation:
// the loop's end after a function-like macro's ')' and its ';', a guard
// on CUDA around a macro holding its own ';', a macro call inside a
// statement, and several statements of one macro guarded together. Loop
// bounds may be macros: their text is evaluated before the loop.
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

#define N_OF(n) (n)
#define STORE(i, v) out[i] = (v)
#define STAMP out[t] = t;
#define TWICE(v) ((v) * 2)
#define PAIR(k)                                                                \
  out[k] = x[k];                                                               \
  out[k] += 1;

void unbracedBody(int n, double *out) {
#pragma hpp parallel name("unbraced")
  for (int i = 0; i < N_OF(n); ++i)
    STORE(i, 2.0 * i);
}
// OMP-LABEL: region 'unbraced'
// OMP: const auto hpp_ub0_0 = N_OF(n);
// OMP: {{^    }}STORE(i, 2.0 * i);{{$}}
// OMP-NEXT: {{^ *}$}}
// CUDA-LABEL: region 'unbraced'
// CUDA: const auto hpp_ub0_0 = N_OF(n);
// CUDA: {{^    }}STORE(i, 2.0 * i);{{$}}
// CUDA-NEXT: {{^ *}$}}

void teamStatements(int n, int m, const double *x, double *out) {
#pragma hpp team name("team_macros")
  for (int t = 0; t < n; ++t) {
    STAMP
    out[n + t] = TWICE(x[t]);
    STORE(2 * n + t, x[t]);
#pragma hpp thread
    for (int j = 0; j < m; ++j) {
      PAIR(3 * n + t * m + j)
    }
  }
}
// OMP-LABEL: region 'team_macros'
// OMP: {{^    }}STAMP
// OMP-NEXT: out[n + t] = TWICE(x[t]);
// OMP-NEXT: STORE(2 * n + t, x[t]);
// OMP: {{^      }}PAIR(3 * n + t * m + j)
// CUDA-LABEL: region 'team_macros'
// CUDA: if (hpprt::cuda::is_team_leader()) { STAMP }
// CUDA-NEXT: if (hpprt::cuda::is_team_leader()) { out[n + t] = TWICE(x[t]); }
// CUDA-NEXT: if (hpprt::cuda::is_team_leader()) { STORE(2 * n + t, x[t]); }
// CUDA: if (hpprt::cuda::is_vector_leader()) { PAIR(3 * n + t * m + j) }

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

// A vector loop whose whole body is a macro invocation: the copy
// specialised for a whole warp holds the invocation too (it was empty, and
// the GPU skipped the loop's work whenever the shape was the common one).
#define LANE_STORE { out[t * 32 + k] = k; }
void laneMacro(int teams, double *out) {
#pragma hpp team
  for (int t = 0; t < teams; ++t) {
#pragma hpp thread
    for (int r = 0; r < 1; ++r) {
#pragma hpp vector
      for (int k = 0; k < 32; ++k)
        LANE_STORE
    }
  }
}
// CUDA-LABEL: void laneMacro(
// CUDA: if (hpp_s{{[0-9]+}} == hpprt::cuda::warp::lanes) {
// CUDA: for (int hpp_k{{[0-9]+}} = 0;
// CUDA: int k = hpprt::index_at(
// CUDA-NEXT: #line {{[0-9]+}}
// CUDA-NEXT: LANE_STORE
// CUDA: } else {
// CUDA: LANE_STORE
