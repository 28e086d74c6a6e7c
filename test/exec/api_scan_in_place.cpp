// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: env OMP_NUM_THREADS=1 %t > %t.1.out
// OPENMP-RUN: env OMP_NUM_THREADS=3 %t > %t.3.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// OPENMP-RUN: %compare %t.ser.out %t.1.out
// OPENMP-RUN: %compare %t.ser.out %t.3.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out
//
// Kokkos' in-place parallel_scans: each item reads its own element, then
// (with final) overwrites it with its prefix. The translated scan runs
// the body without final before the body with it (pass 1, and OpenMP's
// pass 2 and a team's scan, which run the input phase first), so both see
// the element as the serial body does. Exclusive and inclusive, over a
// pointer and a View, a lambda and a functor (Kokkos' documented example),
// with a total and without, device-wide and over a team's row
// (TeamThreadRange), on sizes that end in partial tiles and chunks of
// every thread count; and over a thread's vector lanes (ThreadVectorRange)
// through a row pointer the thread computes.
#include <cstdio>
#include <hpp/hpp.hpp>

constexpr int N = 100003;

// Kokkos' parallel_scan example: an exclusive scan in place, as a functor
// holding the View.
struct InPlaceOffsets {
  hpp::View<long, 1, hpp::LayoutRight, hpp::Space::Shared> x;
  void operator()(const int i, long &update, const bool final) const {
    const long x_i = x(i);
    if (final)
      x(i) = update;
    update += x_i;
  }
};

static unsigned long mix(unsigned long h, long v) { return h * 1099511628211ul ^ (unsigned long)v; }

int main() {
  long *x = hpp::alloc<long>(N, hpp::Space::Shared);
  for (int i = 0; i < N; ++i)
    x[i] = i % 7 + i % 11 - 5;

  // Exclusive, in place, with the total.
  long total = -1;
  hpp::parallel_scan(
      N,
      [=](int i, long &partial, bool final) {
        const long v = x[i];
        if (final)
          x[i] = partial;
        partial += v;
      },
      total);
  unsigned long h = 0;
  for (int i = 0; i < N; ++i)
    h = mix(h, x[i]);
  std::printf("exclusive total %ld x[1] %ld x[N-1] %ld hash %lu\n", total, x[1], x[N - 1], h);

  // Inclusive, in place, without a total: the element read, then the
  // prefix that includes it written over it.
  for (int i = 0; i < N; ++i)
    x[i] = (i * 37) % 101 - 50;
  hpp::parallel_scan(hpp::RangePolicy<>(3, N - 2), [=](long i, long &partial, bool final) {
    partial += x[i];
    if (final)
      x[i] = partial;
  });
  h = 0;
  for (int i = 0; i < N; ++i)
    h = mix(h, x[i]);
  std::printf("inclusive x[2] %ld x[3] %ld x[N-3] %ld hash %lu\n", x[2], x[3], x[N - 3], h);

  // A View of doubles, whose written value also reads the element.
  hpp::View<double, 1, hpp::LayoutRight, hpp::Space::Shared> v("v", N);
  for (int i = 0; i < N; ++i)
    v(i) = 0.25 * (i % 9) - 1.0;
  double vtotal = 0;
  hpp::parallel_scan(
      N,
      [=](int i, double &partial, bool final) {
        const double t = v(i);
        if (final)
          v(i) = partial + 0.5 * v(i);
        partial += t;
      },
      vtotal);
  std::printf("view total %.17g v(0) %.17g v(1) %.17g v(N-1) %.17g\n", vtotal, v(0), v(1),
              v(N - 1));

  hpp::View<long, 1, hpp::LayoutRight, hpp::Space::Shared> counts("counts", N);
  for (int i = 0; i < N; ++i)
    counts(i) = (i * 7) % 5;
  long ftotal = -1;
  hpp::parallel_scan(N, InPlaceOffsets{counts}, ftotal);
  h = 0;
  for (int i = 0; i < N; ++i)
    h = mix(h, counts(i));
  std::printf("functor total %ld counts(2) %ld hash %lu\n", ftotal, counts(2), h);

  // Each team scans its row in place.
  constexpr int Rows = 37, Cols = 1001;
  int *a = hpp::alloc<int>(Rows * Cols, hpp::Space::Shared);
  for (int i = 0; i < Rows * Cols; ++i)
    a[i] = (i * 13) % 17 - 8;
  hpp::parallel_for(hpp::TeamPolicy<>(Rows, hpp::AUTO), [=](const hpp::TeamPolicy<>::member_type &t) {
    const int r = t.league_rank();
    hpp::parallel_scan(hpp::TeamThreadRange(t, Cols), [=](int j, int &partial, bool final) {
      const int e = a[r * Cols + j];
      if (final)
        a[r * Cols + j] = partial;
      partial += e;
    });
  });
  h = 0;
  for (int i = 0; i < Rows * Cols; ++i)
    h = mix(h, a[i]);
  std::printf("rows a[1] %d a[Cols-1] %d a[last] %d hash %lu\n", a[1], a[Cols - 1],
              a[Rows * Cols - 1], h);

  // Each thread of a team scans a row of its block over its vector lanes.
  constexpr int Blocks = 5, BlockRows = 7;
  for (int i = 0; i < Rows * Cols; ++i)
    a[i] = (i * 29) % 23 - 11;
  hpp::parallel_for(hpp::TeamPolicy<>(Blocks, hpp::AUTO, 4), [=](const hpp::TeamPolicy<>::member_type &t) {
    const int b = t.league_rank();
    hpp::parallel_for(hpp::TeamThreadRange(t, BlockRows), [&](int r) {
      int *row = a + (b * BlockRows + r) * Cols;
      hpp::parallel_scan(hpp::ThreadVectorRange(t, Cols), [=](int j, int &partial, bool final) {
        partial += row[j];
        if (final)
          row[j] = partial;
      });
    });
  });
  h = 0;
  for (int i = 0; i < Rows * Cols; ++i)
    h = mix(h, a[i]);
  std::printf("vector rows a[0] %d a[Cols-1] %d a[35*Cols-1] %d hash %lu\n", a[0], a[Cols - 1],
              a[35 * Cols - 1], h);

  hpp::free(a);
  hpp::free(x);
  return 0;
}
