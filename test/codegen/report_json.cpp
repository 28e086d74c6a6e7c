// The machine-readable report: regions, levels and their mapping,
// reductions, scratch and refused directives, for each backend. A refused
// directive is an error, but the report is still written (here with
// -DREFUSED, which adds a 'parallel' pragma over a while loop).
// RUN: %hppc translate --backend=openmp %s -o %t.cpp --report-json %t.omp.json
// RUN: %FileCheck %s --input-file %t.omp.json --check-prefixes=JSON,OMP-JSON
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report-json %t.cuda.json
// RUN: %FileCheck %s --input-file %t.cuda.json --check-prefixes=JSON,CUDA-JSON
// RUN: not %hppc translate --backend=openmp %s -o %t.refused.cpp --report --report-json %t.refused.json -- -DREFUSED > %t.refused.txt
// RUN: %FileCheck %s --input-file %t.refused.json --check-prefix=REFUSED-JSON
// RUN: %FileCheck %s --input-file %t.refused.txt --check-prefix=REFUSED

void yax(int E, int M, const double *A, const double *x, const double *y, double &r) {
  double total = 0;
  #pragma hpp team reduction(+: total) name("yAx")
  for (int e = 0; e < E; ++e) {
    #pragma hpp scratch
    double xs[64];
    double row = 0;
    #pragma hpp vector reduction(+: row)
    for (int j = 0; j < M; ++j)
      row += A[e * M + j] * x[j] + xs[j % 64] * 0;
    total += y[e] * row;
  }
  r = total;
}

#ifdef REFUSED
void zero(int n, double *x) {
  int i = 0;
  #pragma hpp parallel
  while (i < n) { x[i] = 0; ++i; }
}
#endif

// JSON: "backend": "{{openmp|cuda}}"
// CUDA kernel resources are CUDA's (test/report/cuda_resources.cpp).
// OMP-JSON-NOT: "kernel_resources"
// JSON: "refused": []
// JSON: "regions": [
// JSON: "kind": "team"
// JSON: "line": 15
// JSON: "loops": [
// JSON: "level": "team"
// JSON: "line": 15
// OMP-JSON-NEXT: "mapping": "teams over host threads
// CUDA-JSON-NEXT: "mapping": "one block per team, grid-stride over the league
// JSON: "op": "+"
// JSON-NEXT: "read_after": true
// JSON-NEXT: "var": "total"
// JSON: "level": "team-vector"
// JSON-NEXT: "line": 20
// OMP-JSON-NEXT: "mapping": "omp simd"
// CUDA-JSON-NEXT: "mapping": "all threads and lanes of the block; the terms of 4 iterations are evaluated before they are added, so their loads overlap"
// JSON: "op": "+"
// JSON-NEXT: "read_after": true
// JSON-NEXT: "var": "row"
// JSON: "name": "yAx"
// JSON: "scratch": [
// JSON-NEXT: {
// JSON-NEXT: "bytes": 512,
// JSON-NEXT: "bytes_expr": "sizeof(double) * (64)",
// JSON-NEXT: "level": 0,
// JSON-NEXT: "name": "xs",
// JSON-NEXT: "per": "team"

// REFUSED: hppc report: {{.*}}report_json.cpp, backend openmp, 1 region, 1 refused
// REFUSED: report_json.cpp:31: refused '#pragma hpp parallel': '#pragma hpp parallel' must be followed by a 'for' loop
// REFUSED-JSON: "refused": [
// REFUSED-JSON-NEXT: {
// REFUSED-JSON-NEXT: "directive": "parallel",
// REFUSED-JSON-NEXT: "line": 31,
// REFUSED-JSON-NEXT: "reason": "'#pragma hpp parallel' must be followed by a 'for' loop"
// REFUSED-JSON: "name": "yAx"

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
