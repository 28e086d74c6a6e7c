// The report's captures say which pointers and Views the region writes
// through ("writes through"; "writes_through" in the JSON report): the
// variable stays read-only (a region may not assign it), but calling a
// pointer whose pointee is written "read-only" read wrong. Memory is told
// apart as the scan rules tell it: through the variable, a local pointer
// copied from it, a call's non-const pointer argument, an atomic's target.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp --report --report-json %t.json | %FileCheck %s --check-prefix=TEXT
// RUN: %FileCheck %s --input-file %t.json --check-prefix=JSON
#include <hpp/hpp.hpp>

static void clear(double *p) { *p = 0; }

void f(int n, const double *in, double *out, double *copied, double *called, int *hist,
       double *unused, hpp::View<double, 1> v, hpp::View<const double, 1> cv) {
#pragma hpp parallel name("writes")
  for (int i = 0; i < n; ++i) {
    double *p = copied;
    out[i] = in[i] + cv(i) + unused[i];
    p[i] = 1;
    clear(called + i);
    v(i) = 2;
#pragma hpp atomic
    hist[i % 4] += 1;
  }
}

// TEXT: region 'writes' (flat loop)
// TEXT: captures: n (int, read-only) copied (double *, writes through) out (double *, writes through) in (const double *, read-only) cv (hpp::View<const double, 1>, read-only) unused (double *, read-only) called (double *, writes through) v (hpp::View<double, 1>, writes through) hist (int *, writes through)

// JSON: "captures": [
// JSON: "name": "n",
// JSON-NEXT: "type": "int",
// JSON-NEXT: "writes_through": false
// JSON: "kind": "read-only",
// JSON-NEXT: "name": "copied",
// JSON-NEXT: "type": "double *",
// JSON-NEXT: "writes_through": true
// JSON: "name": "out",
// JSON-NEXT: "type": "double *",
// JSON-NEXT: "writes_through": true
// JSON: "name": "in",
// JSON-NEXT: "type": "const double *",
// JSON-NEXT: "writes_through": false
// JSON: "name": "unused",
// JSON-NEXT: "type": "double *",
// JSON-NEXT: "writes_through": false
// JSON: "name": "hist",
// JSON-NEXT: "type": "int *",
// JSON-NEXT: "writes_through": true
