// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: env OMP_NUM_THREADS=1 %t > %t.1.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// OPENMP-RUN: %compare %t.ser.out %t.1.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out
//
// minloc/maxloc with many ties, on loops that run upwards and downwards,
// flat and nested. A body that keeps the first value it meets (strict
// `<`) keeps, serially, the lowest tied index of an upward loop and the
// highest of a downward one; a body that keeps the last (`<=`) the
// reverse; a body that breaks ties by index itself keeps what it says.
// The translated program must print what the serial one prints, for every
// thread count (lit runs 3 threads, and 1 here) and backend.
#include <cstdio>
#include <hpp/hpp.hpp>

constexpr int N = 1001, Rows = 37, Cols = 211;

double value(int i) { return (i * 7) % 5; }

void flat(const double *v) {
  double mn = 1e300, mx = -1e300;
  int mni = -1, mxi = -1;
#pragma hpp parallel reduction(minloc: mn, mni) reduction(maxloc: mx, mxi)
  for (int i = 0; i < N; ++i) {
    if (v[i] < mn) { mn = v[i]; mni = i; }
    if (v[i] > mx) { mx = v[i]; mxi = i; }
  }
  std::printf("up first: min %g @ %d max %g @ %d\n", mn, mni, mx, mxi);

  mn = 1e300, mx = -1e300, mni = -1, mxi = -1;
#pragma hpp parallel reduction(minloc: mn, mni) reduction(maxloc: mx, mxi)
  for (int i = N - 1; i >= 0; --i) {
    if (v[i] < mn) { mn = v[i]; mni = i; }
    if (mx < v[i]) { mx = v[i]; mxi = i; }
  }
  std::printf("down first: min %g @ %d max %g @ %d\n", mn, mni, mx, mxi);

  mn = 1e300, mx = -1e300, mni = -1, mxi = -1;
#pragma hpp parallel reduction(minloc: mn, mni) reduction(maxloc: mx, mxi)
  for (int i = 0; i < N; i += 2) {
    if (v[i] <= mn) { mn = v[i]; mni = i; }
    if (v[i] >= mx) { mx = v[i]; mxi = i; }
  }
  std::printf("up last: min %g @ %d max %g @ %d\n", mn, mni, mx, mxi);

  mn = 1e300, mx = -1e300, mni = -1, mxi = -1;
#pragma hpp parallel reduction(minloc: mn, mni) reduction(maxloc: mx, mxi)
  for (int i = N - 1; i > 0; i -= 3) {
    if (mn >= v[i]) { mn = v[i]; mni = i; }
    if (v[i] >= mx) { mx = v[i]; mxi = i; }
  }
  std::printf("down last: min %g @ %d max %g @ %d\n", mn, mni, mx, mxi);

  // The body breaks ties towards the lowest index itself.
  mn = 1e300, mni = -1;
#pragma hpp parallel reduction(minloc: mn, mni)
  for (int i = N - 1; i >= 0; --i)
    if (v[i] < mn || (v[i] == mn && i < mni)) { mn = v[i]; mni = i; }
  std::printf("down lowest: min %g @ %d\n", mn, mni);

  // The initial value ties with the data: it stays.
  mn = 0, mni = -7;
#pragma hpp parallel reduction(minloc: mn, mni)
  for (int i = N - 1; i >= 0; --i)
    if (v[i] < mn) { mn = v[i]; mni = i; }
  std::printf("down initial: min %g @ %d\n", mn, mni);
}

void nested(const double *v, int *where) {
  // Team level: one candidate per row, rows downwards.
  double best = 1e300;
  int row = -1;
#pragma hpp team reduction(minloc: best, row)
  for (int r = Rows - 1; r >= 0; --r) {
    double m = 1e300;
    int at = -1;
#pragma hpp thread reduction(minloc: m, at)
    for (int c = Cols - 1; c >= 0; --c)
      if (v[r * Cols + c] < m) { m = v[r * Cols + c]; at = c; }
    where[r] = at;
    double hi = -1e300;
    int hat = -1;
#pragma hpp thread vector reduction(maxloc: hi, hat)
    for (int c = 0; c < Cols; ++c)
      if (v[r * Cols + c] > hi) { hi = v[r * Cols + c]; hat = c; }
    where[Rows + r] = hat;
#pragma hpp thread
    for (int s = 0; s < 4; ++s) {
      double sm = 1e300;
      int sat = -1;
#pragma hpp vector reduction(minloc: sm, sat)
      for (int c = Cols - 1; c >= s; --c)
        if (v[r * Cols + c] < sm) { sm = v[r * Cols + c]; sat = c; }
      where[2 * Rows + 4 * r + s] = sat;
    }
    if (m < best) { best = m; row = r; }
  }
  std::printf("team down: min %g @ row %d\n", best, row);
  long sum = 0;
  for (int k = 0; k < 6 * Rows; ++k)
    sum += (long)where[k] * (k % 7 + 1);
  std::printf("nested: %d %d %d %d checksum %ld\n", where[0], where[Rows - 1], where[Rows],
              where[2 * Rows + 3], sum);
}

int main() {
  double *v = hpp::alloc<double>(Rows * Cols, hpp::Space::Shared);
  int *where = hpp::alloc<int>(6 * Rows, hpp::Space::Shared);
  for (int i = 0; i < Rows * Cols; ++i)
    v[i] = value(i);
  flat(v);
  nested(v, where);
  hpp::free(v);
  hpp::free(where);
  return 0;
}
