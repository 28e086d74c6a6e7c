// A good codegen test: the OMP checks need what the translator writes; the
// REPORT checks read the report, not the source.
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP
// RUN: %hppc translate --backend=openmp %s -o /dev/null --report | %FileCheck %s --check-prefix=REPORT

void scale(int n, double *x) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    x[i] *= 2;
}

// OMP: #pragma omp parallel
// OMP: x[i] *= 2;
// REPORT: flat loop over i
