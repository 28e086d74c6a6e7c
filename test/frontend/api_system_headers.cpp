// The lowering's parse skips the bodies of system headers whose text names
// no parallel_* function (Translator.cpp), and only those: a wrapper in a
// system header that forwards to the API is still read and lowered at its
// call site, and an error inside a skipped body is still reported, by the
// translation's own parse, at the same place.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp -- -isystem %S/Inputs/syslib
// RUN: %FileCheck %s --check-prefix=LOWERED < %t.cpp
// RUN: not %hppc translate --backend=openmp %s -o %t.bad.cpp -- -isystem %S/Inputs/syslib -DBAD 2> %t.err
// RUN: %FileCheck %s --check-prefix=ERROR < %t.err
// RUN: not test -e %t.bad.cpp

#include <plain.h>
#include <wrapping.h>

struct NoSize {};

void fill(int n, double *x) {
  // LOWERED: hpp region 'fill_L[[@LINE+1]]' (flat loop)
  hpp::parallel_for(n, [=](int i) { x[i] = 0; });
  // The wrapper's call is lowered too: an OpenMP region runs its body.
  // LOWERED: hpp region 'fill_L[[@LINE+3]]' (flat loop)
  // LOWERED: #pragma omp parallel
  // LOWERED-NOT: lib::for_each_index
  lib::for_each_index(n, [=](int i) { x[i] = 2.0 * i; });
#ifdef BAD
  // ERROR: plain.h:7:12: error: no member named 'size' in 'NoSize'
  // ERROR: api_system_headers.cpp:[[@LINE+1]]:8: note: in instantiation of function template specialization 'lib::size_of<NoSize>'
  lib::size_of(NoSize{});
#endif
}
