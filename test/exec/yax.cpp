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

// y^T A x: a team per row, a vector reduction over the row inside, the row
// result stored and added into a team-level reduction.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

double yax(int rows, int cols, const double* A, const double* x, const double* y, double* Ax) {
  double result = 0;
#pragma hpp team reduction(+: result)
  for (int r = 0; r < rows; ++r) {
    double t = 0;
#pragma hpp vector reduction(+: t)
    for (int c = 0; c < cols; ++c)
      t += A[r * cols + c] * x[c];
    Ax[r] = t;
    result += y[r] * t;
  }
  return result;
}

int main() {
  const int rows = 37, cols = 53;
  double* A = hpp::alloc<double>(rows * cols, hpp::Space::Shared);
  double* x = hpp::alloc<double>(cols, hpp::Space::Shared);
  double* y = hpp::alloc<double>(rows, hpp::Space::Shared);
  double* Ax = hpp::alloc<double>(rows, hpp::Space::Shared);
  for (int r = 0; r < rows; ++r) Ax[r] = -1.0;
  std::vector<double> ref(rows);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      A[r * cols + c] = (r * 3 + c * 5) % 9 - 4;
  for (int c = 0; c < cols; ++c) x[c] = c % 6 - 2;
  for (int r = 0; r < rows; ++r) y[r] = r % 4 + 1;
  double rres = 0;
  for (int r = 0; r < rows; ++r) {
    double t = 0;
    for (int c = 0; c < cols; ++c) t += A[r * cols + c] * x[c];
    ref[r] = t;
    rres += y[r] * t;
  }
  double res = yax(rows, cols, A, x, y, Ax);
  int bad = 0;
  double cs = 0;
  for (int r = 0; r < rows; ++r) {
    bad += Ax[r] != ref[r];
    cs += Ax[r] * (r + 1);
  }
  std::printf("yax %.17g ref %.17g\n", res, rres);
  std::printf("Ax checksum %.17g Ax[0] %.17g Ax[18] %.17g Ax[36] %.17g mismatches %d\n", cs, Ax[0],
              Ax[18], Ax[rows - 1], bad);
  // Zero columns: every row result is 0; zero rows: result 0.
  double r0 = yax(rows, 0, A, x, y, Ax);
  std::printf("zero cols %.17g Ax[5] %.17g\n", r0, Ax[5]);
  std::printf("zero rows %.17g\n", yax(0, cols, A, x, y, Ax));
  // One row (league smaller than the thread count).
  std::printf("one row %.17g\n", yax(1, cols, A, x, y, Ax));
  hpp::free(A);
  hpp::free(x);
  hpp::free(y);
  hpp::free(Ax);

  return 0;
}
