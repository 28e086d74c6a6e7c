// Where fir's CPU gap comes from (performance.md, "The suite on the CPU"):
// the same FIR loop as plain OpenMP with its coefficient array declared
// outside the loop (the suite's hand version, base_fir itself) or inside
// the body (as the suite's pragma version declares it), and in the shape
// hppc's OpenMP backend gives a flat loop (one static chunk per thread,
// 64-bit iteration variable), with the array outside and inside. Best of 9
// runs, 2^23 outputs.
//   clang++-19 -O3 -march=native -fopenmp benchmarks/suite/fir_forms.cpp \
//     benchmarks/suite/base_omp.cpp -o fir_forms
//   OMP_NUM_THREADS=2 OMP_PROC_BIND=close ./fir_forms
#include <omp.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "bodies.hpp"
#include "suite.hpp"

namespace {

void omp_inside(int n, const double* in, double* out) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    const double coeff[16] = FIR_COEFFS;
    FIR_BODY
  }
}

// hppc's flat-loop shape.
void chunked_outside(int n, const double* in, double* out) {
  const double coeff[16] = FIR_COEFFS;
#pragma omp parallel
  {
    const std::int64_t threads = omp_get_num_threads(), t = omp_get_thread_num();
    const std::int64_t begin = n * t / threads, end = n * (t + 1) / threads;
    for (std::int64_t iv = begin; iv < end; ++iv) {
      const int i = static_cast<int>(iv);
      FIR_BODY
    }
  }
}

void chunked_inside(int n, const double* in, double* out) {
#pragma omp parallel
  {
    const std::int64_t threads = omp_get_num_threads(), t = omp_get_thread_num();
    const std::int64_t begin = n * t / threads, end = n * (t + 1) / threads;
    for (std::int64_t iv = begin; iv < end; ++iv) {
      const int i = static_cast<int>(iv);
      const double coeff[16] = FIR_COEFFS;
      FIR_BODY
    }
  }
}

template <class F> double best_ms(F f) {
  double best = 1e300;
  for (int r = 0; r < 9; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    best = ms < best ? ms : best;
  }
  return best;
}

} // namespace

int main() {
  const int n = 1 << 23;
  std::vector<double> in(n + 16, 1.0), out(n);
  double* o = out.data();
  const double* x = in.data();
  std::printf("fir 2^23, %d threads, best of 9 (ms)\n", omp_get_max_threads());
  std::printf("| coefficients | omp parallel for | hppc's flat-loop shape |\n|---|---|---|\n");
  std::printf("| outside the loop | %.3f | %.3f |\n", best_ms([&] { base_fir(n, x, o); }),
              best_ms([&] { chunked_outside(n, x, o); }));
  std::printf("| inside the body | %.3f | %.3f |\n", best_ms([&] { omp_inside(n, x, o); }),
              best_ms([&] { chunked_inside(n, x, o); }));
  return 0;
}
