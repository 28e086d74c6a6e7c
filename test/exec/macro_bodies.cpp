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

// Loop bodies written as macros, as RAJAPerf writes them: flat, thread
// and team-level statements, macros holding their own ';' or several
// statements, bounds from macros. On CUDA the statements that write memory
// at team or thread level run once, behind a guard around the whole
// invocation. Vector and team-vector loops whose whole body is a macro
// invocation: their specialised copy for the common shape (a warp, 256
// threads) once copied an empty body, and that path silently skipped the
// loop's work on the GPU (the suite's mass3d; found 2026-11-24).
#include <cstdio>
#include <hpp/hpp.hpp>

#define DAXPY_DATA double a = 0.5;
#define DAXPY_BODY y[i] += a * x[i];
#define N_OF(n) (n)
#define ROW_SUM_INIT(r) sums[r] = 0;
#define ROW_SUM_BODY(r, c) sums[r] += m[(r) * cols + (c)]
#define SCALE(v) ((v) * 2)
#define MULADDSUB_BODY                                                         \
  o1[k] = x[k] * y[k];                                                         \
  o2[k] = x[k] + y[k];                                                         \
  o3[k] = x[k] - y[k];
#define TEAM_STAMP stamps[t] = t + 1;
#define STAGE_FILL                                                             \
  { tile[k] = m[(t * cols + k) % (rows * cols)] + k; }
#define STAGE_USE                                                              \
  { staged[t * 64 + k] = 2 * tile[63 - k]; }
#define LANE_BODY                                                              \
  { lanes[t * 64 + r * 32 + k] = 3 * m[(t + k) % (rows * cols)] - r; }

void daxpy(int n, const double *x, double *y) {
  DAXPY_DATA
#pragma hpp parallel
  for (int i = 0; i < N_OF(n); ++i) {
    DAXPY_BODY
  }
}

void row_sums(int rows, int cols, const double *m, double *sums, double *firsts, double *twice,
              int *stamps) {
#pragma hpp team
  for (int t = 0; t < N_OF(rows); ++t) {
    TEAM_STAMP
    ROW_SUM_INIT(t)
    firsts[t] = SCALE(m[t * cols]);
#pragma hpp thread
    for (int c = 0; c < cols; ++c) {
      if (c % 3 == 0) {
        double v = m[t * cols + c];
        twice[t * cols + c] = SCALE(v);
      }
    }
    for (int c = 0; c < cols; ++c)
      ROW_SUM_BODY(t, c);
  }
}

void muladdsub(int teams, int per, const double *x, const double *y, double *o1, double *o2,
               double *o3) {
#pragma hpp team
  for (int t = 0; t < teams; ++t) {
#pragma hpp thread
    for (int j = 0; j < per; ++j) {
      int k = t * per + j;
      MULADDSUB_BODY
    }
  }
}

void staged_copy(int rows, int cols, const double *m, double *staged) {
#pragma hpp team
  for (int t = 0; t < rows; ++t) {
#pragma hpp scratch
    double tile[64];
#pragma hpp vector
    for (int k = 0; k < 64; ++k)
      STAGE_FILL
#pragma hpp vector
    for (int k = 0; k < 64; ++k)
      STAGE_USE
  }
}

void lane_stamp(int rows, int cols, const double *m, double *lanes) {
#pragma hpp team
  for (int t = 0; t < rows; ++t) {
#pragma hpp thread
    for (int r = 0; r < 2; ++r) {
#pragma hpp vector
      for (int k = 0; k < 32; ++k)
        LANE_BODY
    }
  }
}

int main() {
  const int n = 1003, rows = 37, cols = 29;
  double *x = hpp::alloc<double>(n, hpp::Space::Shared);
  double *y = hpp::alloc<double>(n, hpp::Space::Shared);
  double *m = hpp::alloc<double>(rows * cols, hpp::Space::Shared);
  double *sums = hpp::alloc<double>(rows, hpp::Space::Shared);
  double *firsts = hpp::alloc<double>(rows, hpp::Space::Shared);
  double *twice = hpp::alloc<double>(rows * cols, hpp::Space::Shared);
  int *stamps = hpp::alloc<int>(rows, hpp::Space::Shared);
  double *o1 = hpp::alloc<double>(n, hpp::Space::Shared);
  double *o2 = hpp::alloc<double>(n, hpp::Space::Shared);
  double *o3 = hpp::alloc<double>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) {
    x[i] = i % 17 - 8;
    y[i] = (i * 7) % 13;
  }
  for (int i = 0; i < rows * cols; ++i) {
    m[i] = (i * 5) % 11 - 5;
    twice[i] = -1;
  }
  for (int i = 0; i < rows; ++i)
    stamps[i] = 0;
  daxpy(n, x, y);
  row_sums(rows, cols, m, sums, firsts, twice, stamps);
  // 17 teams of 59: every element once.
  muladdsub(17, 59, x, y, o1, o2, o3);
  double *staged = hpp::alloc<double>(rows * 64, hpp::Space::Shared);
  double *lanes = hpp::alloc<double>(rows * 64, hpp::Space::Shared);
  staged_copy(rows, cols, m, staged);
  lane_stamp(rows, cols, m, lanes);
  double st = 0, ln = 0;
  for (int i = 0; i < rows * 64; ++i) {
    st += staged[i] * (i % 7 + 1);
    ln += lanes[i] * (i % 5 + 1);
  }
  std::printf("staged %.3f lanes %.3f\n", st, ln);
  hpp::free(staged);
  hpp::free(lanes);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += y[i] * (i % 5 + 1) + o1[i] + 2 * o2[i] + 3 * o3[i];
  std::printf("daxpy/muladdsub checksum %.6f\n", s);
  for (int r = 0; r < rows; ++r)
    std::printf("row %d: sum %g stamp %d first %g twice %g %g %g\n", r, sums[r], stamps[r],
                firsts[r], twice[r * cols], twice[r * cols + 1], twice[r * cols + 3]);
  hpp::free(x);
  hpp::free(y);
  hpp::free(m);
  hpp::free(sums);
  hpp::free(firsts);
  hpp::free(twice);
  hpp::free(stamps);
  hpp::free(o1);
  hpp::free(o2);
  hpp::free(o3);
}
