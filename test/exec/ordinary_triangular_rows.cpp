// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda --host-memory-reachable %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_managed_heap_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// The ordinary-style family (test/exec/ordinary_*.cpp): programs written
// as a new user writes them, with hpp pragmas added and nothing else.
//
// A symmetric matrix kept as its lower triangle, one new[] row per matrix
// row (row i holds i + 1 entries), reached through a std::vector of row
// pointers: a jagged structure that map clauses cannot describe (the row
// pointers inside the vector are host addresses), so on CUDA the program
// is linked with the managed heap and the loops use it as it is. Fill
// (team per row, threads over its entries), the product with a vector
// (each row's dot product plus the transposed part, by atomics), and the
// Frobenius norm by a reduction over teams.
#include <cmath>
#include <cstdio>
#include <vector>

int main() {
  const int n = 1200;  // 720,600 stored entries
  std::vector<double *> rows(n);
  for (int i = 0; i < n; ++i)
    rows[i] = new double[i + 1];
  double **a = rows.data();

#pragma hpp team
  for (int i = 0; i < n; ++i) {
#pragma hpp thread vector
    for (int j = 0; j <= i; ++j)
      a[i][j] = (i == j) ? 2.0 + (i % 5) : 1.0 / (1.0 + i - j) * ((i + j) % 3 - 1);
  }

  double *x = new double[n];
  double *y = new double[n];
  for (int i = 0; i < n; ++i) {
    x[i] = 1.0 + (i % 9) * 0.125;
    y[i] = 0.0;
  }

  // y = A x with A symmetric: row i contributes sum_j a[i][j] x[j] to y[i]
  // and a[i][j] x[i] to y[j] for j < i.
#pragma hpp team
  for (int i = 0; i < n; ++i) {
    double s = 0;
#pragma hpp thread vector reduction(+: s)
    for (int j = 0; j <= i; ++j) {
      s += a[i][j] * x[j];
      if (j < i) {
#pragma hpp atomic
        y[j] += a[i][j] * x[i];
      }
    }
#pragma hpp atomic
    y[i] += s;
  }

  double frob = 0;
#pragma hpp team reduction(+: frob)
  for (int i = 0; i < n; ++i) {
    double r = 0;
#pragma hpp thread vector reduction(+: r)
    for (int j = 0; j <= i; ++j)
      r += (j < i ? 2.0 : 1.0) * a[i][j] * a[i][j];
    frob += r;
  }

  double ysum = 0;
  for (int i = 0; i < n; ++i)
    ysum += y[i] * (1 + i % 4);
  std::printf("frobenius %.17g\n", std::sqrt(frob));
  std::printf("weighted sum of y %.17g\n", ysum);
  std::printf("y[0] %.17g y[600] %.17g y[1199] %.17g\n", y[0], y[600], y[n - 1]);
  std::printf("a[1199][0] %.17g a[700][699] %.17g\n", a[n - 1][0], a[700][699]);
  for (int i = 0; i < n; ++i)
    delete[] rows[i];
  delete[] x;
  delete[] y;
  return 0;
}
