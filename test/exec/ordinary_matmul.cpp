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
// C = A * B on malloc'd row-major matrices, C-style: A and B through
// plain pointers, C through a pointer to rows of fixed width. One team
// per row of C, its threads over the columns, the dot product in each
// thread. Map clauses name the sections: A and B `to`, C `from` as a 2-D
// section of whole rows; then the trace and the largest element, with
// its position, over C as reductions in a second region.
#include <cstdio>
#include <cstdlib>

enum { N = 320 };

int main() {
  const int n = N;
  double *a = static_cast<double *>(std::malloc(sizeof(double) * n * n));
  double *b = static_cast<double *>(std::malloc(sizeof(double) * n * n));
  double (*c)[N] = static_cast<double (*)[N]>(std::malloc(sizeof(double[N]) * n));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      a[i * n + j] = ((i * 3 + j * 7) % 11) * 0.25 - 1.0;
      b[i * n + j] = ((i * 5 + j) % 13) * 0.125 + (i == j ? 1.0 : 0.0);
    }

#pragma hpp team map(to: a[0:n * n], b[0:n * n]) map(from: c[0:n][0:N])
  for (int i = 0; i < n; ++i) {
#pragma hpp thread
    for (int j = 0; j < n; ++j) {
      double s = 0;
      for (int k = 0; k < n; ++k)
        s += a[i * n + k] * b[k * n + j];
      c[i][j] = s;
    }
  }

  double trace = 0, big = -1e300;
  int where = -1;
#pragma hpp parallel map(to: c[0:n][0:N]) reduction(+: trace) reduction(maxloc: big, where)
  for (int e = 0; e < n * n; ++e) {
    if (e / n == e % n)
      trace += c[e / n][e % n];
    if (c[e / n][e % n] > big) {
      big = c[e / n][e % n];
      where = e;
    }
  }

  double total = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      total += c[i][j] * ((i + j) % 5 + 1);
  std::printf("trace %.17g weighted sum %.17g\n", trace, total);
  std::printf("max %.17g at (%d, %d)\n", big, where / n, where % n);
  std::printf("c[0][0] %.17g c[17][250] %.17g c[319][319] %.17g\n", c[0][0], c[17][250],
              c[n - 1][n - 1]);
  std::free(a);
  std::free(b);
  std::free(c);
  return 0;
}
