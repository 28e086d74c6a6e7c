// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda --host-memory-reachable %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_managed_heap_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// The ordinary-style family (test/exec/ordinary_*.cpp): programs written
// as a new user writes them, with hpp pragmas added and nothing else.
//
// Statistics of two signals in new[] arrays, with no map clause at all:
// on CUDA the program is linked with the managed heap, which makes new[]
// return memory the GPU reaches. Dot product, 1-, 2- and max-norms, the
// smallest and largest values with where they are (minloc/maxloc), a
// count and an all-positive test (&&), some in one loop, some in
// functions taking the raw pointers.
#include <cmath>
#include <cstdio>

static double dot(const double *a, const double *b, int n) {
  double s = 0;
#pragma hpp parallel reduction(+: s)
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

static void norms(const double *a, int n, double &one, double &two, double &inf) {
  double s1 = 0, s2 = 0, m = 0;
#pragma hpp parallel reduction(+: s1, s2) reduction(max: m)
  for (int i = 0; i < n; ++i) {
    const double v = std::fabs(a[i]);
    s1 += v;
    s2 += v * v;
    m = v > m ? v : m;
  }
  one = s1;
  two = std::sqrt(s2);
  inf = m;
}

int main() {
  const int n = 1 << 20;
  double *sig = new double[n];
  double *ref = new double[n];
  // Integer-valued samples scaled by a power of two: every sum below is
  // exact, so ties and totals are the same in any order.
  for (int i = 0; i < n; ++i) {
    sig[i] = double((i * 7919L) % 2001 - 1000) / 64.0;
    ref[i] = double((i * 104729L) % 513 - 200) / 32.0;
  }

  std::printf("dot %.17g\n", dot(sig, ref, n));
  double one, two, inf;
  norms(sig, n, one, two, inf);
  std::printf("sig norms %.17g %.17g %.17g\n", one, two, inf);
  norms(ref, n, one, two, inf);
  std::printf("ref norms %.17g %.17g %.17g\n", one, two, inf);

  double lo = sig[0], hi = sig[0];
  int at_lo = 0, at_hi = 0;
  long positive = 0;
  bool all_above = true;
#pragma hpp parallel reduction(minloc: lo, at_lo) reduction(maxloc: hi, at_hi) reduction(+: positive) reduction(&&: all_above)
  for (int i = 0; i < n; ++i) {
    if (sig[i] < lo) {
      lo = sig[i];
      at_lo = i;
    }
    if (sig[i] >= hi) {
      hi = sig[i];
      at_hi = i;
    }
    positive += sig[i] > 0 ? 1 : 0;
    all_above = all_above && ref[i] > -6.0;
  }
  std::printf("min %.17g at %d (first), max %.17g at %d (last)\n", lo, at_lo, hi, at_hi);
  std::printf("positive %ld all ref above -6: %d\n", positive, int(all_above));

  // A second signal made from the first in place, then compared.
#pragma hpp parallel
  for (int i = 1; i < n - 1; ++i)
    ref[i] = sig[i] - 0.5 * (sig[i - 1] + sig[i + 1]);
  std::printf("after: dot %.17g\n", dot(sig, ref, n));
  delete[] sig;
  delete[] ref;
  return 0;
}
