// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: env OMP_NUM_THREADS=3 %t > %t.3.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// OPENMP-RUN: %compare %t.ser.out %t.3.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out
//
// Bodies whose parameters have the names of what the policy reads: a
// lambda's index called `n` over `parallel_for(n, ...)`, an accumulator
// called like the bound, a nested range's index called like its bound, a
// scan's partial called like the RangePolicy's end, a functor's. Valid C++
// (the parameter hides the outer name inside the body), and the lowering
// declares its loop and accumulators under the parameters' names, so
// these get generated names instead and the body is renamed. hppc refused
// all of them before ("loop bound uses 'n', which is modified in the
// loop", about `for (int n = 0; n < n; ++n)` it had written).
#include <hpp/hpp.hpp>

#include <cstdio>

// Shared memory: the host prints them.
using Vector = hpp::View<long, 1, hpp::LayoutRight, hpp::Space::Shared>;
using Matrix = hpp::View<long, 2, hpp::LayoutRight, hpp::Space::Shared>;

struct Scale {
  Vector x;
  HPP_INLINE_FUNCTION void operator()(int n, long& m, bool final) const {
    const long v = x(n);
    if (final)
      x(n) = m;
    m += v;
  }
};

int main() {
  const int n = 1000, m = 37;
  Vector x("x", n), y("y", n);
  Matrix a("a", m, 40);

  hpp::parallel_for(n, [=](int n) { x(n) = n % 17 + 1; });

  long total = 0;
  hpp::parallel_reduce(n, [=](int i, long& n) { n += x(i); }, total);

  long last = 0;
  hpp::parallel_scan(
      hpp::RangePolicy(0, n),
      [=](int i, long& n, bool final) {
        if (final)
          y(i) = n;
        n += x(i);
      },
      last);

  long inner = 0;
  const int cols = 40;
  hpp::parallel_reduce(
      hpp::TeamPolicy(m, hpp::AUTO),
      [=](const hpp::TeamMember& t, long& cols_sum) {
        const int r = t.league_rank();
        hpp::parallel_for(hpp::TeamThreadRange(t, cols), [&](int cols) { a(r, cols) = r + cols; });
        t.team_barrier();
        long row = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, cols), [&](int c, long& cols) { cols += a(r, c); }, row);
        hpp::single(hpp::PerTeam(t), [&] { cols_sum += row; });
      },
      inner);

  long scanned = 0;
  hpp::parallel_scan(n, Scale{x}, scanned);

  std::printf("total %ld last %ld inner %ld scanned %ld\n", total, last, inner, scanned);
  for (int i = 0; i < n; i += 97)
    std::printf("%d: x %ld y %ld\n", i, x(i), y(i));
  return 0;
}
