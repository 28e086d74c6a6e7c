// The plugin's own errors, and what a translation error leaves behind: a
// clang error at the user's line, a non-zero exit, no translation (an older
// one is removed, so that a build cannot go on with it) and no object.
//
// RUN: rm -f %t.o %t.out
// RUN: not %clangxx -c %s -o %t.o -I%hpp_include -fplugin=%hpp_plugin \
// RUN:   -fplugin-arg-hpp-backend=openmp 2>&1 | %FileCheck --check-prefix=NO-OUT %s
// RUN: not test -e %t.o
// NO-OUT: error: hpp plugin: missing output file (-fplugin-arg-hpp-out=FILE)
//
// RUN: not %clangxx -fsyntax-only %s -I%hpp_include -fplugin=%hpp_plugin \
// RUN:   -fplugin-arg-hpp-out=%t.out 2>&1 | %FileCheck --check-prefix=NO-BACKEND %s
// NO-BACKEND: error: hpp plugin: missing backend (-fplugin-arg-hpp-backend=openmp|cuda|hip)
//
// RUN: not %clangxx -fsyntax-only %s -I%hpp_include -fplugin=%hpp_plugin \
// RUN:   -fplugin-arg-hpp-backend=openmp -fplugin-arg-hpp-out=%t.out \
// RUN:   -fplugin-arg-hpp-colour=red 2>&1 | %FileCheck --check-prefix=UNKNOWN %s
// UNKNOWN: error: hpp plugin: unknown argument 'colour=red' (expected backend=openmp|cuda|hip, out=FILE, report, report-json=FILE)
//
// RUN: not %clangxx -fsyntax-only %s -I%hpp_include -fplugin=%hpp_plugin \
// RUN:   -fplugin-arg-hpp-backend=fortran -fplugin-arg-hpp-out=%t.out 2>&1 \
// RUN:   | %FileCheck --check-prefix=BAD-BACKEND %s
// BAD-BACKEND: error: hpp plugin: unknown backend 'fortran'
//
// HIP is translated as by hppc.
// RUN: %clangxx -fsyntax-only %s -I%hpp_include -fplugin=%hpp_plugin \
// RUN:   -fplugin-arg-hpp-backend=hip -fplugin-arg-hpp-out=%t.hip
// RUN: %hppc translate --backend=hip %s -o %t.hppc.hip
// RUN: diff %t.hip %t.hppc.hip
//
// A valid file: the report on stderr and as JSON.
// RUN: %clangxx -c %s -o %t.o -I%hpp_include -fplugin=%hpp_plugin \
// RUN:   -fplugin-arg-hpp-backend=openmp -fplugin-arg-hpp-out=%t.out \
// RUN:   -fplugin-arg-hpp-report -fplugin-arg-hpp-report-json=%t.json 2> %t.report
// RUN: %hppc translate --backend=openmp %s -o %t.hppc.out --report \
// RUN:   --report-json %t.hppc.json > %t.hppc.report
// RUN: diff %t.hppc.report %t.report
// RUN: diff %t.hppc.json %t.json
// RUN: test -s %t.o
//
// A translation error.
// RUN: echo "older translation" > %t.out
// RUN: not %clangxx -c %s -o %t.o -DRACE -I%hpp_include -fplugin=%hpp_plugin \
// RUN:   -fplugin-arg-hpp-backend=openmp -fplugin-arg-hpp-out=%t.out 2>&1 \
// RUN:   | %FileCheck --check-prefix=RACE %s
// RUN: not test -e %t.out
// RUN: not test -e %t.o
// RACE: errors.cpp:[[@LINE+14]]:9: error: 'Sum' is declared outside the parallel loop and written inside it
// RACE: 1 error generated.

double sum(int N, double *A) {
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    A[I] *= 2;
  double Sum = 0;
#ifdef RACE
#pragma hpp parallel
#else
#pragma hpp parallel reduction(+ : Sum)
#endif
  for (int I = 0; I < N; ++I)
    Sum += A[I];
  return Sum;
}
