// A region refused for the GPU (by Analysis/DeviceRestrictions) is listed
// in the per-loop report with its reason, in text and JSON, and is not
// reported as mapped; the OpenMP translation of the same file succeeds.
// RUN: not %hppc translate --backend=cuda %s -o %t.cu --report --report-json %t.json > %t.txt 2> %t.err
// RUN: %FileCheck %s --check-prefix=TEXT --input-file %t.txt
// RUN: %FileCheck %s --check-prefix=JSON --input-file %t.json
// RUN: %FileCheck %s --check-prefix=ERR --input-file %t.err
// RUN: not test -e %t.cu
// RUN: %hppc translate --backend=openmp %s -o %t.omp.cpp --report | %FileCheck %s --check-prefix=OMP

void counts(int n, const int *x, int *out) {
  int total = 0;
  #pragma hpp parallel name("counted")
  for (int i = 0; i < n; ++i) {
    #pragma hpp atomic
    total += x[i];
  }
  *out = total;
}

void fine(int n, double *y) {
  #pragma hpp parallel name("scaled")
  for (int i = 0; i < n; ++i)
    y[i] *= 2;
}

// TEXT: backend cuda, 1 region, 1 refused
// TEXT: region 'scaled' (flat loop)
// TEXT-NOT: region 'counted'
// TEXT: report_refusals.cpp:13: refused '#pragma hpp parallel': '#pragma hpp atomic' updates variable 'total', of which every CUDA thread has its own copy

// JSON: "refused": [
// JSON-NEXT: {
// JSON-NEXT: "directive": "parallel",
// JSON-NEXT: "line": 13,
// JSON-NEXT: "reason": "'#pragma hpp atomic' updates variable 'total'

// ERR: report_refusals.cpp:16:5: error: '#pragma hpp atomic' updates variable 'total'

// OMP: backend openmp, 2 regions, 0 refused
