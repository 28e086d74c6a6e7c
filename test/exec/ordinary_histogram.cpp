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

// The ordinary-style family (test/exec/ordinary_*.cpp): programs written
// as a new user writes them, with hpp pragmas added and nothing else.
//
// A histogram of a million samples kept in new[] arrays: atomic adds into
// 256 bins, atomic min/max of the samples seen per bin, then the mean of
// every bin in a second region. The data is new[] memory, so each region
// says what it needs with map clauses: the samples `to`, the bins
// `tofrom`, the per-bin means `from`.
#include <algorithm>
#include <cstdio>

int main() {
  const int n = 1000000, bins = 256;
  unsigned *samples = new unsigned[n];
  long *count = new long[bins];
  unsigned *lo = new unsigned[bins];
  unsigned *hi = new unsigned[bins];
  long *total = new long[bins];
  // A skewed distribution: the sum of two scrambled values, folded.
  for (int i = 0; i < n; ++i) {
    const unsigned a = (unsigned)(i * 2654435761u) >> 20;
    const unsigned b = (unsigned)((i + 12345) * 40503u) % 4096u;
    samples[i] = (a + b) % 8192u;
  }
  for (int k = 0; k < bins; ++k) {
    count[k] = 0;
    total[k] = 0;
    lo[k] = 0xffffffffu;
    hi[k] = 0;
  }

#pragma hpp parallel map(to: samples[0:n]) map(tofrom: count[0:bins], total[0:bins], lo[0:bins], hi[0:bins])
  for (int i = 0; i < n; ++i) {
    const unsigned s = samples[i];
    const int k = (int)(s / 32);
#pragma hpp atomic
    count[k] += 1;
#pragma hpp atomic
    total[k] += s;
#pragma hpp atomic
    lo[k] = std::min(lo[k], s);
#pragma hpp atomic
    hi[k] = std::max(hi[k], s);
  }

  double *mean = new double[bins];
  long used = 0;
#pragma hpp parallel map(to: count[0:bins], total[0:bins]) map(from: mean[0:bins]) reduction(+: used)
  for (int k = 0; k < bins; ++k) {
    mean[k] = count[k] ? double(total[k]) / double(count[k]) : -1.0;
    used += count[k] ? 1 : 0;
  }

  long all = 0;
  for (int k = 0; k < bins; ++k)
    all += count[k];
  std::printf("samples %ld bins used %ld\n", all, used);
  for (int k = 0; k < bins; k += 17)
    std::printf("bin %d count %ld lo %u hi %u mean %.17g\n", k, count[k], lo[k], hi[k], mean[k]);
  delete[] samples;
  delete[] count;
  delete[] lo;
  delete[] hi;
  delete[] total;
  delete[] mean;
  return 0;
}
