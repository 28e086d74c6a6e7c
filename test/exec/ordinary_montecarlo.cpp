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
// Monte Carlo with a fixed linear congruential generator per sample
// index, so every backend draws the same numbers: pi from points in the
// quarter disc (integer arithmetic, exact), the mean of exp(-x*x), a
// histogram of a sum of four uniforms into a local C array by atomics
// (mapped `tofrom` implicitly because the region writes it), and the
// acceptance per batch into a std::vector through a team loop whose
// threads reduce.
#include <cmath>
#include <cstdio>
#include <vector>

static unsigned long long lcg(unsigned long long s) {
  return s * 6364136223846793005ull + 1442695040888963407ull;
}

int main() {
  const long samples = 1 << 20;
  const int batches = 256;
  const long per_batch = samples / batches;

  long inside = 0;
  double gauss = 0;
  long hist[20] = {0};
#pragma hpp parallel reduction(+: inside, gauss)
  for (long i = 0; i < samples; ++i) {
    unsigned long long s = lcg(lcg(i + 1));
    const long long x = (long long)(s >> 34);  // 30 bits
    s = lcg(s);
    const long long y = (long long)(s >> 34);
    const long long r = 1ll << 30;
    inside += x * x + y * y < r * r ? 1 : 0;
    const double u = double(x) / double(r);
    gauss += std::exp(-u * u);
    int sum = 0;
    for (int k = 0; k < 4; ++k) {
      s = lcg(s);
      sum += (int)(s >> 59);  // 0..31
    }
    const int bin = sum * 20 / 128;
#pragma hpp atomic
    hist[bin] += 1;
  }

  std::vector<int> accepted(batches);
#pragma hpp team
  for (int b = 0; b < batches; ++b) {
    int count = 0;
#pragma hpp thread vector reduction(+: count)
    for (long j = 0; j < per_batch; ++j) {
      const unsigned long long s = lcg(lcg(b * per_batch + j + 7));
      count += (s >> 40) % 3 == 0 ? 1 : 0;
    }
    accepted[b] = count;
  }

  std::printf("pi ~ %.17g (%ld inside)\n", 4.0 * double(inside) / double(samples), inside);
  std::printf("mean exp(-x^2) %.17g\n", gauss / double(samples));
  for (int k = 0; k < 20; ++k)
    std::printf("%ld ", hist[k]);
  std::printf("\n");
  long total = 0;
  int fewest = 1 << 30, most = 0;
  for (int b = 0; b < batches; ++b) {
    total += accepted[b];
    fewest = accepted[b] < fewest ? accepted[b] : fewest;
    most = accepted[b] > most ? accepted[b] : most;
  }
  std::printf("accepted %ld, per batch %d..%d, batch 100: %d\n", total, fewest, most,
              accepted[100]);
  return 0;
}
