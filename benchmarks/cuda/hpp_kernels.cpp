// The annotated versions of the CUDA benchmark kernels: plain C++ with
// `#pragma hpp`, translated by `hppc translate --backend=cuda`. Every array
// comes from hpp::alloc<T>(n, hpp::Space::Device) (cudaMalloc) in main.cu.
// Each function is one region (plus the host code around it); a region waits
// for its kernel, and reduction results are on the host when it returns.
#include <hpp/hpp.hpp>

#include "kernels.hpp"

// y = a*x + y
void hpp_daxpy(int n, double a, const double* x, double* y) {
#pragma hpp parallel name("daxpy")
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

// STREAM triad: a = b + s*c
void hpp_triad(int n, double s, const double* b, const double* c, double* a) {
#pragma hpp parallel name("triad")
  for (int i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}

double hpp_dot(int n, const double* x, const double* y) {
  double s = 0;
#pragma hpp parallel reduction(+: s) name("dot")
  for (int i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

double hpp_sum(int n, const double* x) {
  double s = 0;
#pragma hpp parallel reduction(+: s) name("sum")
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

long hpp_inclusive_scan(int n, const long* in, long* out) {
  long s = 0;
#pragma hpp parallel reduction(inscan, +: s) name("inclusive_scan")
  for (int i = 0; i < n; ++i) {
    s += in[i];
#pragma hpp scan inclusive(s)
    out[i] = s;
  }
  return s;
}

long hpp_exclusive_scan(int n, const long* in, long* out) {
  long s = 0;
#pragma hpp parallel reduction(inscan, +: s) name("exclusive_scan")
  for (int i = 0; i < n; ++i) {
    out[i] = s;
#pragma hpp scan exclusive(s)
    s += in[i];
  }
  return s;
}

// result = y^T A x, A rows x cols (row-major): one team per row, the row's
// dot product across all threads and lanes of the team.
double hpp_yax(int rows, int cols, const double* y, const double* A, const double* x) {
  double result = 0;
#pragma hpp team reduction(+: result) name("yax")
  for (int j = 0; j < rows; ++j) {
    double row = 0;
#pragma hpp vector reduction(+: row)
    for (int i = 0; i < cols; ++i)
      row += A[j * cols + i] * x[i];
    result += y[j] * row;
  }
  return result;
}

// Three-level yAx (Kokkos' "yAx" exercise with a third index):
// result = sum_e sum_n y(e,n) * sum_m A(e,n,m) x(e,m).
double hpp_yax3(int E, int N, int M, const double* y, const double* A, const double* x) {
  double result = 0;
#pragma hpp team reduction(+: result) name("yax3")
  for (int e = 0; e < E; ++e) {
    double cell = 0;
#pragma hpp thread reduction(+: cell)
    for (int n = 0; n < N; ++n) {
      double row = 0;
#pragma hpp vector reduction(+: row)
      for (int m = 0; m < M; ++m)
        row += A[(e * N + n) * M + m] * x[e * M + m];
      cell += y[e * N + n] * row;
    }
    result += cell;
  }
  return result;
}

// hpp_yax3 with 64-bit index arithmetic, as a View computes its offsets
// (and as code whose arrays may exceed 2^31 elements must): the baseline
// that separates what a View costs from what wide indices cost.
double hpp_yax3_wide(int E, int N, int M, const double* y, const double* A, const double* x) {
  const long Nl = N, Ml = M;
  double result = 0;
#pragma hpp team reduction(+: result) name("yax3_wide")
  for (int e = 0; e < E; ++e) {
    double cell = 0;
#pragma hpp thread reduction(+: cell)
    for (int n = 0; n < N; ++n) {
      double row = 0;
#pragma hpp vector reduction(+: row)
      for (int m = 0; m < M; ++m)
        row += A[(e * Nl + n) * Ml + m] * x[e * Ml + m];
      cell += y[e * Nl + n] * row;
    }
    result += cell;
  }
  return result;
}

// contractDataFieldScalar (Kokkos' benchmark, Intrepid's contraction):
// out(e, v) = sum_q fields(e, v, q) * data(e, q). The cell's data row goes
// to level-0 scratch once; each of the VS points then reduces over QP.
void hpp_contract(int E, int VS, int QP, const double* fields, const double* data,
                  double* out) {
#pragma hpp team name("contract")
  for (int e = 0; e < E; ++e) {
#pragma hpp scratch level(0)
    double s[QP];
#pragma hpp vector
    for (int q = 0; q < QP; ++q)
      s[q] = data[e * QP + q];
#pragma hpp thread
    for (int v = 0; v < VS; ++v) {
      double acc = 0;
#pragma hpp vector reduction(+: acc)
      for (int q = 0; q < QP; ++q)
        acc += fields[(e * VS + v) * QP + q] * s[q];
      out[e * VS + v] = acc;
    }
  }
}

// out (C x R) = in (R x C) transposed, through a 32 x 33 scratch tile.
void hpp_transpose(int R, int C, const double* in, double* out) {
  const int TR = (R + 31) / 32, TC = (C + 31) / 32;
#pragma hpp team name("transpose")
  for (int t = 0; t < TR * TC; ++t) {
    const int r0 = (t / TC) * 32, c0 = (t % TC) * 32;
#pragma hpp scratch
    double tile[32][33];
#pragma hpp vector
    for (int k = 0; k < 32 * 32; ++k) {
      const int i = k / 32, j = k % 32;
      if (r0 + i < R && c0 + j < C)
        tile[i][j] = in[(r0 + i) * C + (c0 + j)];
    }
#pragma hpp vector
    for (int k = 0; k < 32 * 32; ++k) {
      const int j = k / 32, i = k % 32; // out row c0+j, column r0+i
      if (r0 + i < R && c0 + j < C)
        out[(c0 + j) * R + (r0 + i)] = tile[i][j];
    }
  }
}

// The same transpose with the tile's rows over the team's threads and its
// columns over their vector lanes, as the hand kernel lays out its 32 x 8
// block: each thread's row and column come from its position, not from a
// flattened index divided by 32.
void hpp_transpose_rows(int R, int C, const double* in, double* out) {
  const int TR = (R + 31) / 32, TC = (C + 31) / 32;
#pragma hpp team name("transpose_rows")
  for (int t = 0; t < TR * TC; ++t) {
    const int r0 = (t / TC) * 32, c0 = (t % TC) * 32;
#pragma hpp scratch
    double tile[32][33];
#pragma hpp thread
    for (int i = 0; i < 32; ++i) {
#pragma hpp vector
      for (int j = 0; j < 32; ++j)
        if (r0 + i < R && c0 + j < C)
          tile[i][j] = in[(r0 + i) * C + (c0 + j)];
    }
#pragma hpp thread
    for (int j = 0; j < 32; ++j) { // out row c0+j
#pragma hpp vector
      for (int i = 0; i < 32; ++i)
        if (r0 + i < R && c0 + j < C)
          out[(c0 + j) * R + (r0 + i)] = tile[i][j];
    }
  }
}

// Histogram of values in [0, 256) with one atomic per element.
void hpp_histogram(int n, const int* in, int* h) {
#pragma hpp parallel name("histogram")
  for (int i = 0; i < n; ++i) {
    const int b = in[i];
#pragma hpp atomic
    h[b] += 1;
  }
}

// Launch overhead: an annotated loop that does nothing.
void hpp_empty(int n) {
#pragma hpp parallel name("empty")
  for (int i = 0; i < n; ++i) {
  }
}
