// A reducer as parallel_scan's total: the serial header refuses it (scans
// combine with '+' only; Kokkos' parallel_scan takes no reducer either), so
// the file does not compile and hppc writes nothing.
// RUN: not %hppc translate --backend=openmp %s -o %t.out 2>&1 | %FileCheck %s
// RUN: not test -e %t.out
#include <hpp/hpp.hpp>

void scan_max(int n, long *out) {
  long m = 0;
  hpp::Max<long> r(m);
  hpp::parallel_scan(n, [=](int i, long &p, bool final) {
    if (i > p)
      p = i;
    if (final)
      out[i] = p;
  }, r);
}
// CHECK: error: static assertion failed{{.*}}parallel_scan takes a plain variable as its total, not a reducer
