// Launch clauses of a team loop. CUDA caps the grid at league(...), shapes the
// block from team_size(...)/vector_length(...) (auto: the runtime chooses), runs
// on the stream(...) (a copy keeps a managed one alive), does not wait with nowait,
// and asks the runtime whether a region seen only through pointers may skip its
// wait (all device memory). OpenMP evaluates every expression, runs synchronously.
// RUN: %hppc translate --backend=openmp %s -o - --report | %FileCheck %s --check-prefixes=REPORT,OMP
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <hpp/hpp.hpp>
void launch(int n, int m, double *a, hpp::Stream s) {
  #pragma hpp team league(n / 2 + 1) team_size(auto) vector_length(8) stream(s) nowait name("teams")
  for (int e = 0; e < n; ++e) {
    #pragma hpp vector
    for (int j = 0; j < m; ++j)
      a[e * m + j] = j;
  }
  #pragma hpp team team_size(4) vector_length(16) name("sized")
  for (int e = 0; e < n; ++e) {
    #pragma hpp thread
    for (int k = 0; k < 4; ++k) {
      #pragma hpp vector
      for (int j = 0; j < m; ++j)
        a[e * m + j] += k;
    }
  }
  #pragma hpp team name("automatic")
  for (int e = 0; e < n; ++e) {
    #pragma hpp vector
    for (int j = 0; j < m; ++j)
      a[e * m + j] *= 2;
  }
}

// REPORT: region 'teams' (team loop)
// REPORT-NEXT: line 12: team loop over e ->
// REPORT-NEXT: league: n / 2 + 1
// REPORT-NEXT: vector_length: 8
// REPORT-NEXT: stream: s, nowait
// REPORT: region 'sized' (team loop)
// REPORT-NEXT: line 18: team loop over e ->
// REPORT-NEXT: team_size: 4
// REPORT-NEXT: vector_length: 16

// OMP: { // hpp region 'teams' (team loop)
// OMP: const hpprt::index_t hpp_n0 = hpp_n0_0;
// OMP-NEXT: #line 12 "{{.*}}launch_clauses.cpp"
// OMP-NEXT: (void)static_cast<hpprt::index_t>(n / 2 + 1);
// OMP-NEXT: #line 12 "{{.*}}launch_clauses.cpp"
// OMP-NEXT: (void)static_cast<hpprt::index_t>(8);
// OMP-NEXT: #line 12 "{{.*}}launch_clauses.cpp"
// OMP-NEXT: (void)(s);
// OMP-NEXT: auto hpp_region_teams = [&]() {
// OMP: { // hpp region 'sized' (team loop)
// OMP: const hpprt::index_t hpp_n0 = hpp_n0_0;
// OMP-NEXT: #line 18 "{{.*}}launch_clauses.cpp"
// OMP-NEXT: (void)static_cast<hpprt::index_t>(4);
// OMP-NEXT: #line 18 "{{.*}}launch_clauses.cpp"
// OMP-NEXT: (void)static_cast<hpprt::index_t>(16);
// OMP-NEXT: auto hpp_region_sized = [&]() {

// A team region with AUTO sizes also gets a kernel bounded to fill a
// multiprocessor, which the runtime runs when the bound costs no spills;
// regions with team_size or vector_length clauses do not.
// CUDA: template <class F>
// CUDA-NEXT: __global__ void hpp_kernel_teams(F hpp_f, hpprt::cuda::Ctx hpp_ctx) {
// CUDA-NEXT: hpp_f(hpp_ctx);
// CUDA-NEXT: }
// CUDA-NEXT: template <class F>
// CUDA-NEXT: __global__ void hpp_kernel_sized(F hpp_f, hpprt::cuda::Ctx hpp_ctx) {
// CUDA-NEXT: hpp_f(hpp_ctx);
// CUDA-NEXT: }
// CUDA-NEXT: template <class F>
// CUDA-NEXT: __global__ void hpp_kernel_automatic(F hpp_f, hpprt::cuda::Ctx hpp_ctx) {
// CUDA-NEXT: hpp_f(hpp_ctx);
// CUDA-NEXT: }
// CUDA-NEXT: template <class F>
// CUDA-NEXT: __global__ void HPPRT_GPU_TEAM_LAUNCH_BOUNDS
// CUDA-NEXT: hpp_bounded_kernel_automatic(F hpp_f, hpprt::cuda::Ctx hpp_ctx) {
// CUDA-NEXT: hpp_f(hpp_ctx);
// CUDA-NEXT: }
// CUDA-NEXT: #line 1
// CUDA: hpprt::cuda::Launch{{[[:space:]]+}}hpp_launch({{[[:space:]]*}}"teams",{{[[:space:]]+}}"{{.*}}launch_clauses.cpp",{{[[:space:]]+}}12);
// CUDA-NEXT: hpp_launch.kind = hpprt::cuda::RegionKind::Team;
// CUDA-NEXT: hpp_launch.iterations = hpp_n0;
// CUDA-NEXT: #line 12 "{{.*}}launch_clauses.cpp"
// CUDA-NEXT: hpp_launch.vector_length = static_cast<int>(8);
// CUDA-NEXT: #line 12 "{{.*}}launch_clauses.cpp"
// CUDA-NEXT: hpp_launch.league_cap = static_cast<hpprt::index_t>(n / 2 + 1);
// CUDA-NEXT: #line 12 "{{.*}}launch_clauses.cpp"
// CUDA-NEXT: const hpp::Stream hpp_stream = (s);
// CUDA-NEXT: hpp_launch.on(hpp_stream);
// CUDA-NEXT: hpp_launch.nowait = true;
// CUDA-NOT: device_only
// CUDA: hpprt::cuda::launch(hpp_launch, hpp_kernel_teams<decltype(hpp_body)>,
// CUDA-NEXT: hpp_body);
// CUDA: hpprt::cuda::Launch{{[[:space:]]+}}hpp_launch({{[[:space:]]*}}"sized",{{[[:space:]]+}}"{{.*}}launch_clauses.cpp",{{[[:space:]]+}}18);
// CUDA-NEXT: hpp_launch.kind = hpprt::cuda::RegionKind::Team;
// CUDA-NEXT: hpp_launch.iterations = hpp_n0;
// CUDA-NEXT: #line 18 "{{.*}}launch_clauses.cpp"
// CUDA-NEXT: hpp_launch.team_size = static_cast<int>(4);
// CUDA-NEXT: #line 18 "{{.*}}launch_clauses.cpp"
// CUDA-NEXT: hpp_launch.vector_length = static_cast<int>(16);
// CUDA-NEXT: hpp_launch.nested_vector = true;
// CUDA-NOT: hpp_stream
// CUDA: hpp_launch.device_only = hpp_launch.all_device(hpp_present_a);
// CUDA: hpprt::cuda::launch(hpp_launch, hpp_kernel_sized<decltype(hpp_body)>,
// CUDA-NEXT: hpp_body);
// CUDA: hpprt::cuda::Launch{{[[:space:]]+}}hpp_launch({{[[:space:]]*}}"automatic",{{[[:space:]]+}}"{{.*}}launch_clauses.cpp",{{[[:space:]]+}}27);
// CUDA: hpprt::cuda::launch(hpp_launch, hpp_kernel_automatic<decltype(hpp_body)>,
// CUDA-NEXT: HPPRT_GPU_TEAM_BOUNDED(
// CUDA-NEXT: hpp_bounded_kernel_automatic<decltype(hpp_body)>),
// CUDA-NEXT: hpp_body);

// HIP is the CUDA translation with the HIP runtime's names: the diff checks
// every other byte, the HIP lines the runtime's macro, header and namespace.
// (Here, at the end, so that the lines checked above keep their numbers.)
// RUN: %hppc translate --backend=hip %s -o %t.hip
// RUN: %FileCheck %s --check-prefix=HIP --input-file %t.hip
// RUN: %hip_as_cuda %t.hip | %same_code - %t.cu
// RUN: %if hip-amd %{ %hip_hpp -c %t.hip -o %t.hip.o %}
// HIP: #define HPP_BACKEND_{{HIP}} 1
// HIP-NEXT: #include <hpprt/{{hip}}/hpprt.hpp>
// HIP: __global__ void HPPRT_GPU_TEAM_LAUNCH_BOUNDS
// HIP-NEXT: hpp_bounded_kernel_automatic(F hpp_f, hpprt::{{hip}}::Ctx hpp_ctx) {
// HIP-NEXT: hpp_f(hpp_ctx);
// HIP-NEXT: }
// HIP: hpprt::{{hip}}::
