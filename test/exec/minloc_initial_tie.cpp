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
// minloc/maxloc where the data ties with the variable's initial value
// (found by utils/difftest). Serially the body decides: `<` keeps the
// initial value, `<=` (`>=`) lets a tied element replace it, and a body
// that compares indices keeps whichever index it prefers, the initial one
// included. The translated program must print what the serial one prints
// at every level (flat, team, thread, vector, team-vector), on empty
// loops, and through hpp::parallel_reduce with MinLoc/MaxLoc, whose
// initial value is the reducer's identity (init()).
#include <climits>
#include <cstdio>
#include <hpp/hpp.hpp>

constexpr int N = 10, Rows = 5, Cols = 67;

void flat(const double *v) {
  double m = 1;
  int at = 7;
#pragma hpp parallel reduction(minloc: m, at)
  for (int i = 0; i < N; ++i)
    if (v[i] <= m) { m = v[i]; at = i; }
  std::printf("loose up: %g %d\n", m, at);
  m = 1, at = 7;
#pragma hpp parallel reduction(minloc: m, at)
  for (int i = 0; i < N; ++i)
    if (v[i] < m || (v[i] == m && i < at)) { m = v[i]; at = i; }
  std::printf("lowest up: %g %d\n", m, at);
  m = 1, at = 7;
#pragma hpp parallel reduction(minloc: m, at)
  for (int i = N - 1; i >= 0; --i)
    if (m >= v[i]) { m = v[i]; at = i; }
  std::printf("loose down: %g %d\n", m, at);
  m = 1, at = 7;
#pragma hpp parallel reduction(minloc: m, at)
  for (int i = N - 1; i >= 0; --i)
    if (v[i] < m) { m = v[i]; at = i; }
  std::printf("strict down: %g %d\n", m, at);
  double hi = 1;
  int hat = 4;
#pragma hpp parallel reduction(maxloc: hi, hat)
  for (int i = 0; i < N; ++i)
    if (v[i] > hi || (hi == v[i] && i > hat)) { hi = v[i]; hat = i; }
  std::printf("highest up: %g %d\n", hi, hat);
  hi = 1, hat = 40;
#pragma hpp parallel reduction(maxloc: hi, hat)
  for (int i = 0; i < N; ++i)
    if (v[i] > hi || (hi == v[i] && i > hat)) { hi = v[i]; hat = i; }
  std::printf("highest up, initial above: %g %d\n", hi, hat);
  // An empty loop leaves the initial value, whatever the body.
  int im = INT_MAX, iat = -3;
#pragma hpp parallel reduction(minloc: im, iat)
  for (int i = 0; i < N - N; ++i)
    if ((int)v[i] <= im) { im = (int)v[i]; iat = i; }
  std::printf("empty loose: %d %d\n", im, iat);
  // Data equal to the identity (INT_MAX) still replaces a loose body's
  // initial value.
  im = INT_MAX, iat = 100;
#pragma hpp parallel reduction(minloc: im, iat)
  for (int i = 0; i < 2; ++i)
    if (INT_MAX <= im) { im = INT_MAX; iat = i; }
  std::printf("identity loose: %d %d\n", im, iat);
}

void nested(const double *v, int *where) {
  double best = 1;
  int row = 3;
#pragma hpp team reduction(minloc: best, row)
  for (int r = 0; r < Rows; ++r) {
    double m = 1;
    int at = 50;
#pragma hpp thread reduction(minloc: m, at)
    for (int c = 0; c < Cols; ++c)
      if (v[c] <= m) { m = v[c]; at = c; }
    where[r] = at;
    double hi = 1;
    int hat = 20;
#pragma hpp thread vector reduction(maxloc: hi, hat)
    for (int c = Cols - 1; c >= 0; --c)
      if (v[c] > hi || (v[c] == hi && c < hat)) { hi = v[c]; hat = c; }
    where[Rows + r] = hat;
#pragma hpp thread
    for (int s = 0; s < 2; ++s) {
      double sm = 1;
      int sat = 9;
#pragma hpp vector reduction(minloc: sm, sat)
      for (int c = Cols - 1; c >= s; --c)
        if (sm >= v[c]) { sm = v[c]; sat = c; }
      where[2 * Rows + 2 * r + s] = sat;
    }
    if (m <= best) { best = m; row = r; }
  }
  std::printf("team loose: %g @ row %d\n", best, row);
  for (int k = 0; k < 4 * Rows; ++k)
    std::printf("%d%c", where[k], k + 1 < 4 * Rows ? ' ' : '\n');
}

using MinL = hpp::MinLoc<double, int>;
using MaxL = hpp::MaxLoc<double, int>;

void api(const double *v) {
  // The data ties with the reducers' identities (+/-infinity).
  MinL::value_type lo;
  hpp::parallel_reduce(
      N,
      [=](int i, MinL::value_type &m) {
        if (v[N + i] <= m.val) { m.val = v[N + i]; m.loc = i; }
      },
      MinL(lo));
  MaxL::value_type hi;
  hpp::parallel_reduce(
      N,
      [=](int i, MaxL::value_type &m) {
        if (-v[N + i] >= m.val) { m.val = -v[N + i]; m.loc = i; }
      },
      MaxL(hi));
  MinL::value_type strict;
  hpp::parallel_reduce(
      N,
      [=](int i, MinL::value_type &m) {
        if (v[N + i] < m.val) { m.val = v[N + i]; m.loc = i; }
      },
      MinL(strict));
  std::printf("api: %g %d, %g %d, %g %d\n", lo.val, lo.loc, hi.val, hi.loc, strict.val,
              strict.loc == INT_MAX ? -1 : strict.loc);
}

int main() {
  double *v = hpp::alloc<double>(2 * N + Cols, hpp::Space::Shared);
  int *where = hpp::alloc<int>(4 * Rows, hpp::Space::Shared);
  for (int q = 0; q < N; ++q)
    v[q] = 1;
  for (int q = N; q < 2 * N; ++q)
    v[q] = 1.0 / 0.0;
  for (int q = 0; q < Cols; ++q)
    v[2 * N + q] = 1;
  flat(v);
  nested(v + 2 * N, where);
  api(v);
  hpp::free(v);
  hpp::free(where);
  return 0;
}
