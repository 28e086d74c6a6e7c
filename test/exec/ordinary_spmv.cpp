// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// The ordinary-style family (test/exec/ordinary_*.cpp): programs written
// as a new user writes them, with hpp pragmas added and nothing else.
//
// Power iteration with a sparse matrix in CSR form, three std::vector
// (row offsets, column indices, values): y = A x with one team per row
// and its threads over the row's nonzeros, the norm as a reduction, x =
// y / norm. The helpers take std::vector& and know nothing about
// mapping; one `hpp data` around the iteration names the vectors (the
// matrix `to`, the iterates `tofrom`), so their regions find them present
// and nothing is copied per launch.
#include <cmath>
#include <cstdio>
#include <vector>

static void spmv(const std::vector<int> &rowptr, const std::vector<int> &col,
                 const std::vector<double> &val, const std::vector<double> &x,
                 std::vector<double> &y) {
  const int rows = (int)rowptr.size() - 1;
#pragma hpp team
  for (int r = 0; r < rows; ++r) {
    double s = 0;
#pragma hpp thread vector reduction(+: s)
    for (int k = rowptr[r]; k < rowptr[r + 1]; ++k)
      s += val[k] * x[col[k]];
    y[r] = s;
  }
}

static double norm(const std::vector<double> &v) {
  double s = 0;
#pragma hpp parallel reduction(+: s)
  for (int i = 0; i < (int)v.size(); ++i)
    s += v[i] * v[i];
  return std::sqrt(s);
}

static void scale(const std::vector<double> &from, double f, std::vector<double> &to) {
#pragma hpp parallel
  for (int i = 0; i < (int)from.size(); ++i)
    to[i] = from[i] * f;
}

int main() {
  // A 2-D Laplacian-like matrix on a 400x400 grid (5 nonzeros per inner
  // row) plus a few long-range couplings, built the usual way on the host.
  const int g = 400, n = g * g;
  std::vector<int> rowptr(n + 1, 0), col;
  std::vector<double> val;
  col.reserve(6 * n);
  val.reserve(6 * n);
  for (int r = 0; r < n; ++r) {
    const int i = r % g, j = r / g;
    if (j > 0) { col.push_back(r - g); val.push_back(-1.0); }
    if (i > 0) { col.push_back(r - 1); val.push_back(-1.0); }
    col.push_back(r);
    val.push_back(4.0 + 0.001 * (r % 17));
    if (i < g - 1) { col.push_back(r + 1); val.push_back(-1.0); }
    if (j < g - 1) { col.push_back(r + g); val.push_back(-1.0); }
    if (r % 97 == 0) { col.push_back((r * 31) % n); val.push_back(0.5); }
    rowptr[r + 1] = (int)col.size();
  }
  std::vector<double> x(n), y(n);
  for (int r = 0; r < n; ++r)
    x[r] = 1.0 + (r % 7) * 0.1;

  double lambda = 0;
#pragma hpp data map(to: rowptr, col, val) map(tofrom: x, y)
  {
    scale(x, 1.0 / norm(x), x);
    for (int it = 0; it < 30; ++it) {
      spmv(rowptr, col, val, x, y);
      lambda = norm(y);
      scale(y, 1.0 / lambda, x);
      if (it % 10 == 9)
        std::printf("iteration %d lambda %.17g\n", it + 1, lambda);
    }
  }
  std::printf("nonzeros %d\n", rowptr[n]);
  double sx = 0;
  for (int r = 0; r < n; ++r)
    sx += std::fabs(x[r]);
  std::printf("sum |x| %.17g x[0] %.17g x[n/2] %.17g y[77] %.17g\n", sx, x[0], x[n / 2], y[77]);
  return 0;
}
