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

// y^T A x written with the parallel_* API over a flat range: one iteration
// per row, the row product computed serially inside and summed into the
// result. Forms: an integer count with a plain result variable, a
// RangePolicy with an hpp::Sum reducer, a labelled call, and the empty and
// one-row cases. The row results go to Ax through a captured pointer.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

double yax_count(int rows, int cols, const double* A, const double* x, const double* y,
                 double* Ax) {
  double result = 0;
  hpp::parallel_reduce(
      rows,
      [=](int r, double& sum) {
        double t = 0;
        for (int c = 0; c < cols; ++c)
          t += A[r * cols + c] * x[c];
        Ax[r] = t;
        sum += y[r] * t;
      },
      result);
  return result;
}

double yax_range(int rows, int cols, const double* A, const double* x, const double* y) {
  // The result's value before the call does not matter: it is assigned.
  double result = 1000;
  hpp::parallel_reduce(
      "yax_range", hpp::RangePolicy(0, rows),
      [=](int r, double& sum) {
        double t = 0;
        for (int c = 0; c < cols; ++c)
          t += A[r * cols + c] * x[c];
        sum += y[r] * t;
      },
      hpp::Sum<double>(result));
  return result;
}

// Rows [lo, hi) only, with a long accumulator over integer data.
long yax_part(int lo, int hi, int cols, const int* Ai, const int* xi) {
  long result = -7;
  hpp::parallel_reduce(hpp::RangePolicy(lo, hi), [=](int r, long& s) {
    long t = 0;
    for (int c = 0; c < cols; ++c)
      t += long(Ai[r * cols + c]) * xi[c];
    s += (r + 1) * t;
  }, result);
  return result;
}

int main() {
  const int rows = 211, cols = 53;
  double* A = hpp::alloc<double>(rows * cols, hpp::Space::Shared);
  double* x = hpp::alloc<double>(cols, hpp::Space::Shared);
  double* y = hpp::alloc<double>(rows, hpp::Space::Shared);
  double* Ax = hpp::alloc<double>(rows, hpp::Space::Shared);
  int* Ai = hpp::alloc<int>(rows * cols, hpp::Space::Shared);
  int* xi = hpp::alloc<int>(cols, hpp::Space::Shared);
  for (int r = 0; r < rows; ++r) Ax[r] = -1.0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      A[r * cols + c] = (r * 3 + c * 5) % 9 - 4;
      Ai[r * cols + c] = (r * 7 + c * 11) % 13 - 6;
    }
  for (int c = 0; c < cols; ++c) {
    x[c] = c % 6 - 2;
    xi[c] = c % 5 - 1;
  }
  for (int r = 0; r < rows; ++r) y[r] = r % 4 + 1;
  std::vector<double> ref(rows);
  double rres = 0;
  for (int r = 0; r < rows; ++r) {
    double t = 0;
    for (int c = 0; c < cols; ++c) t += A[r * cols + c] * x[c];
    ref[r] = t;
    rres += y[r] * t;
  }
  double res = yax_count(rows, cols, A, x, y, Ax);
  int bad = 0;
  double cs = 0;
  for (int r = 0; r < rows; ++r) {
    bad += Ax[r] != ref[r];
    cs += Ax[r] * (r + 1);
  }
  std::printf("count: yax %.17g ref %.17g\n", res, rres);
  std::printf("Ax checksum %.17g Ax[0] %.17g Ax[105] %.17g Ax[210] %.17g mismatches %d\n", cs,
              Ax[0], Ax[105], Ax[rows - 1], bad);
  std::printf("range: yax %.17g\n", yax_range(rows, cols, A, x, y));
  std::printf("part [17, 150): %ld  [0, rows): %ld  [5, 5): %ld\n", yax_part(17, 150, cols, Ai, xi),
              yax_part(0, rows, cols, Ai, xi), yax_part(5, 5, cols, Ai, xi));
  // Zero rows: the results are the identity; zero columns: every row is 0.
  std::printf("zero rows %.17g %.17g\n", yax_count(0, cols, A, x, y, Ax),
              yax_range(0, cols, A, x, y));
  const double zc = yax_count(rows, 0, A, x, y, Ax);
  std::printf("zero cols %.17g Ax[7] %.17g\n", zc, Ax[7]);
  std::printf("one row %.17g\n", yax_count(1, cols, A, x, y, Ax));
  hpp::free(A);
  hpp::free(x);
  hpp::free(y);
  hpp::free(Ax);
  hpp::free(Ai);
  hpp::free(xi);
  return 0;
}
