// On an error hppc exits non-zero, prints clang-style diagnostics and
// writes nothing: no new output file, and an existing one is left as it was.
//
// RUN: rm -f %t.out
// RUN: not %hppc translate --backend=openmp %s -o %t.out 2>&1 | %FileCheck %s
// RUN: not test -e %t.out
//
// RUN: echo "previous output, do not touch" > %t.out
// RUN: cp %t.out %t.before
// RUN: not %hppc translate --backend=openmp %s -o %t.out 2>&1 | %FileCheck %s
// RUN: cmp %t.out %t.before
//
// A file whose first region is fine still writes nothing when a later one
// is refused.
// CHECK-NOT: warning:
// CHECK: no_output_on_error.cpp:[[@LINE+12]]:9: error: 'Sum' is declared outside the parallel loop and written inside it; name it in a reduction clause or update it with '#pragma hpp atomic'
// CHECK-NEXT: Sum += A[I];
// CHECK-NEXT: ^
// CHECK-NEXT: no_output_on_error.cpp:[[@LINE+7]]:13: note: for the loop annotated by '#pragma hpp parallel' here
// CHECK: 1 error generated.
void scale(int N, double *A, double &Sum) {
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    A[I] *= 2;

#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    Sum += A[I];
}
