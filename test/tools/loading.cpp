// Loading tool libraries (issue 13, item 7).
// RUN: %hppc translate --backend=openmp %s -o %t.cpp
// RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
//
// A library that does not load is one warning naming it, its variable and
// dlerror()'s reason; the program runs on, with the same results.
// RUN: env HPP_TOOLS_LIBS=%t.dir/no-such-tool.so %t > %t.out 2> %t.err
// RUN: %compare %t.ser.out %t.out
// RUN: %FileCheck --input-file=%t.err %s --check-prefix=MISSING
// MISSING: hpp: warning: cannot load the tool library '{{.*}}no-such-tool.so' named in HPP_TOOLS_LIBS: {{.*}}no-such-tool.so: cannot open shared object file: No such file or directory; running without it
// MISSING-NOT: hpp:
//
// A file that is no shared library.
// RUN: env KOKKOS_TOOLS_LIBS=%s %t > /dev/null 2> %t.bad.err
// RUN: %FileCheck --input-file=%t.bad.err %s --check-prefix=BAD
// BAD: hpp: warning: cannot load the tool library '{{.*}}loading.cpp' named in KOKKOS_TOOLS_LIBS: {{.*}}loading.cpp: {{.*}}; running without it
//
// A tool that exports only the parallel_for entry points gets those and no
// other call (no init, no reduce, no finalize).
// RUN: env HPP_TOOLS_LIBS=%tool_partial %t > %t.p.out 2> %t.p.err
// RUN: %compare %t.ser.out %t.p.out
// RUN: %FileCheck --input-file=%t.p.err %s --check-prefix=PARTIAL --implicit-check-not=partial:
// PARTIAL: partial: begin 'scale' id=[[ID:[0-9]+]]
// PARTIAL-NEXT: partial: end id=[[ID]]{{$}}
//
// Two tools at once, one from each variable, in that order: each keeps its
// own ids (the recorder answers 1000, the partial tool keeps the runtime's),
// and the one loaded first is finalised last.
// RUN: env HPP_TOOLS_LIBS=%tool_recorder KOKKOS_TOOLS_LIBS=%tool_partial HPP_RECORDER_OUT=%t.two.log %t > /dev/null 2> %t.two.err
// RUN: %FileCheck --input-file=%t.two.err %s --check-prefix=TWO-PARTIAL
// RUN: %FileCheck --input-file=%t.two.log %s --check-prefix=TWO-RECORDER
// TWO-PARTIAL: partial: begin 'scale' id=[[ID:[0-9]+]]
// TWO-PARTIAL-NEXT: partial: end id=[[ID]]{{$}}
// TWO-RECORDER: init seq=0 version=20211015
// TWO-RECORDER: begin_parallel_for 'scale' dev=16777217 preset={{[0-9]+}} id=1000
// TWO-RECORDER-NEXT: end_parallel_for id=1000
// TWO-RECORDER-NEXT: begin_parallel_reduce 'norm'
// TWO-RECORDER-NEXT: end_parallel_reduce id=1001
// TWO-RECORDER: finalize
//
// The same library named twice is loaded once.
// RUN: env HPP_TOOLS_LIBS="%tool_recorder;%tool_recorder" KOKKOS_TOOLS_LIBS=%tool_recorder HPP_RECORDER_OUT=%t.dup.log %t > /dev/null
// RUN: %FileCheck --input-file=%t.dup.log %s --check-prefix=DUP
// DUP: init seq=0
// DUP-NOT: init
// DUP: begin_parallel_for 'scale' {{.*}} id=1000
// DUP-NEXT: end_parallel_for id=1000
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int n = 100;
  double a[n];
  for (int i = 0; i < n; ++i)
    a[i] = i;
#pragma hpp parallel name("scale")
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
  double s = 0;
#pragma hpp parallel reduction(+: s) name("norm")
  for (int i = 0; i < n; ++i)
    s += a[i] * a[i];
  std::printf("%.17g\n", s);
  return 0;
}
