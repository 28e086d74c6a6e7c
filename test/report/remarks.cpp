// The mapping report as remarks at the user's lines (hppc translate
// --remarks; hppc++ --hpp-report gives the same): one per region, then one
// per construct, each at its pragma, for each backend.
// RUN: %hppc translate --backend=openmp %s --remarks -o %t.omp.cpp -- -Xclang -verify=omp,both
// RUN: %hppc translate --backend=cuda %s --remarks -o %t.cu -- -Xclang -verify=cuda,both

#include <hpp/hpp.hpp>
#include <cstddef>

double dot(const double *x, const double *y, std::size_t n) {
  double s = 0;
  // both-remark@+3 {{region 'dot_L15' (flat loop)}}
  // omp-remark@+2 {{flat loop over i -> omp parallel, static contiguous chunks + omp simd; reductions: +:s}}
  // cuda-remark@+1 {{flat loop over i -> grid-stride over all threads of the grid; reductions: +:s}}
#pragma hpp parallel reduction(+: s)
  for (std::size_t i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

void rows(double *y, const double *a, const double *x, int n) {
  // omp-remark@+3 {{region 'rows_L25' (team loop) for openmp: 2 barriers inserted; captures: n (int, read-only) a (const double *, read-only) x (const double *, read-only) y (double *, writes through)}}
  // cuda-remark@+2 {{region 'rows_L25' (team loop) for cuda: 2 barriers inserted}}
  // both-remark@+1 {{team loop over r -> }}
#pragma hpp team
  for (int r = 0; r < n; ++r) {
    // both-remark@+1 {{scratch 'row' level 0 per team: 256 bytes}}
#pragma hpp scratch
    double row[32];
    // both-remark@+1 {{thread loop over c -> }}
#pragma hpp thread
    for (int c = 0; c < 32; ++c)
      row[c] = a[r * n + c] * x[c];
    double t = 0;
    // both-remark@+2 {{barrier inserted: }}
    // both-remark@+1 {{thread loop over c -> }}
#pragma hpp thread reduction(+: t)
    for (int c = 0; c < 32; ++c)
      t += row[31 - c];
    y[r] = t;
    // both-remark@+1 {{barrier inserted: 'row' read at line 39 is written at line 33 by the team's next iteration}}
  }
}

void scale(double *y, const double *x, int n) {
  // both-remark@+3 {{region 'scale_L49' (flat loop)}}
  // omp-remark@+2 {{flat loop over i -> omp parallel, static contiguous chunks}}
  // cuda-remark@+1 {{flat loop over i -> one iteration per thread of the grid}}
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    y[i] = 2 * x[i];
}
