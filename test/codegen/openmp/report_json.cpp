// The machine-readable report: regions, levels and their mapping,
// reductions, scratch and refused directives.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp --report-json %t.json
// RUN: %FileCheck %s --input-file %t.json --check-prefix=JSON

void yax(int E, int M, const double *A, const double *x, const double *y, double &r) {
  double total = 0;
  #pragma hpp team reduction(+: total) name("yAx")
  for (int e = 0; e < E; ++e) {
    double row = 0;
    #pragma hpp vector reduction(+: row)
    for (int j = 0; j < M; ++j)
      row += A[e * M + j] * x[j];
    total += y[e] * row;
  }
  r = total;
}

// JSON: "backend": "openmp"
// JSON: "refused": []
// JSON: "regions": [
// JSON: "kind": "team"
// JSON: "line": 8
// JSON: "loops": [
// JSON: "level": "team"
// JSON: "mapping": "teams over host threads
// JSON: "op": "+"
// JSON: "var": "total"
// JSON: "level": "team-vector"
// JSON: "mapping": "omp simd"
// JSON: "var": "row"
// JSON: "name": "yAx"
