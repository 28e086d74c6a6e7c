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

// y^T A x with a TeamPolicy: a team per row, a TeamThreadRange reduce over
// the row inside, the row result stored by single(PerTeam) and added into
// the team-level result. Variants: hpp::AUTO and an explicit team size, a
// vector length, league_size(), a Max reducer at the top, the broadcast
// form of single, and empty leagues and rows.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

double yax(int rows, int cols, const double* A, const double* x, const double* y, double* Ax) {
  double result = 0;
  hpp::parallel_reduce(
      "yax_team", hpp::TeamPolicy(rows, hpp::AUTO),
      [=](const hpp::TeamMember& t, double& res) {
        const int r = t.league_rank();
        double row = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, cols),
            [&](int c, double& s) { s += A[r * cols + c] * x[c]; }, row);
        hpp::single(hpp::PerTeam(t), [&] { Ax[r] = row; });
        res += y[r] * row;
      },
      result);
  return result;
}

// Team size 4, vector length 8; the row reduce over columns [1, cols) plus
// column 0 added by a broadcast single; a Max of the row results.
double yax_max(int rows, int cols, const double* A, const double* x, double* rowout,
               int* league) {
  double m = 0;
  hpp::parallel_reduce(
      hpp::TeamPolicy(rows, 4, 8),
      [=](const hpp::TeamMember& t, double& mx) {
        double first = 0;
        hpp::single(
            hpp::PerTeam(t), [&](double& v) { v = A[t.league_rank() * cols] * x[0]; }, first);
        double row = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, 1, cols),
            [&](int c, double& s) { s += A[t.league_rank() * cols + c] * x[c]; }, row);
        row += first;
        hpp::single(hpp::PerTeam(t), [&] {
          rowout[t.league_rank()] = row;
          if (t.league_rank() == 0)
            *league = t.league_size();
        });
        if (row > mx)
          mx = row;
      },
      hpp::Max<double>(m));
  return m;
}

int main() {
  const int rows = 37, cols = 153;
  double* A = hpp::alloc<double>(rows * cols, hpp::Space::Shared);
  double* x = hpp::alloc<double>(cols, hpp::Space::Shared);
  double* y = hpp::alloc<double>(rows, hpp::Space::Shared);
  double* Ax = hpp::alloc<double>(rows, hpp::Space::Shared);
  int* league = hpp::alloc<int>(1, hpp::Space::Shared);
  for (int r = 0; r < rows; ++r) Ax[r] = -1.0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      A[r * cols + c] = (r * 7 + c * 5) % 11 - 5;
  for (int c = 0; c < cols; ++c) x[c] = c % 6 - 2;
  for (int r = 0; r < rows; ++r) y[r] = r % 4 + 1;
  std::vector<double> ref(rows);
  double rres = 0, rmax = -1e300;
  for (int r = 0; r < rows; ++r) {
    double t = 0;
    for (int c = 0; c < cols; ++c) t += A[r * cols + c] * x[c];
    ref[r] = t;
    rres += y[r] * t;
    if (t > rmax) rmax = t;
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
  for (int r = 0; r < rows; ++r) Ax[r] = -1.0;
  *league = -1;
  const double m = yax_max(rows, cols, A, x, Ax, league);
  bad = 0;
  for (int r = 0; r < rows; ++r) bad += Ax[r] != ref[r];
  std::printf("max row %.17g ref %.17g league_size %d mismatches %d\n", m, rmax, *league, bad);
  // Zero columns: every row is 0; zero rows: the identities.
  const double r0 = yax(rows, 0, A, x, y, Ax);
  std::printf("zero cols %.17g Ax[5] %.17g\n", r0, Ax[5]);
  std::printf("zero rows %.17g\n", yax(0, cols, A, x, y, Ax));
  const double mz = yax_max(0, cols, A, x, Ax, league);
  std::printf("zero rows max %s\n", mz < -1e300 ? "-inf" : "finite");
  std::printf("one row %.17g\n", yax(1, cols, A, x, y, Ax));
  hpp::free(A);
  hpp::free(x);
  hpp::free(y);
  hpp::free(Ax);
  hpp::free(league);
  return 0;
}
