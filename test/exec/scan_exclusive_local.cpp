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
// Exclusive scans whose input phase (after the separator) reads locals
// declared in the scan phase (found by utils/difftest). The reduce pass
// runs the input phase alone, so hppc repeats those declarations there
// (they have no side effects and are not modified); declarations the
// input phase does not need are not repeated. Flat, and nested in a team.
#include <cstdio>
#include <hpp/hpp.hpp>

constexpr int N = 1000, Rows = 7, Cols = 129;

int main() {
  long *in = hpp::alloc<long>(N, hpp::Space::Shared);
  long *out = hpp::alloc<long>(N, hpp::Space::Shared);
  long *rows = hpp::alloc<long>(Rows, hpp::Space::Shared);
  for (int q = 0; q < N; ++q)
    in[q] = q % 3 + q % 7;
  const int n = N;
  long s = 0;
#pragma hpp parallel reduction(inscan, +: s)
  for (int i = 0; i < n; ++i) {
    const int p = n - 1 - i;
    out[i] = s;
#pragma hpp scan exclusive(s)
    s += in[p];
  }
  std::printf("flat: %ld %ld %ld\n", s, out[1], out[n - 1]);

  // A chain of declarations, and one the input phase does not read.
  long t = 5;
#pragma hpp parallel reduction(inscan, max: t)
  for (int i = 0; i < n; ++i) {
    const int half = i / 2;
    long w = in[half] * 2 + (i & 1) + i / 10;
    double unused = t * 0.5;
    out[i] = t + (long)unused;
#pragma hpp scan exclusive(t)
    t = t > w ? t : w;
  }
  std::printf("chain: %ld %ld %ld\n", t, out[2], out[n - 1]);

#pragma hpp team
  for (int r = 0; r < Rows; ++r) {
    long acc = r;
#pragma hpp thread reduction(inscan, +: acc)
    for (int c = 0; c < Cols; ++c) {
      const int at = (r * Cols + Cols - 1 - c) % N;
      out[r * Cols + c] = acc;
#pragma hpp scan exclusive(acc)
      acc += in[at];
    }
    rows[r] = acc;
  }
  long sum = 0;
  for (int k = 0; k < Rows * Cols; ++k)
    sum += out[k] % 1000;
  std::printf("nested: %ld %ld checksum %ld\n", rows[0], rows[Rows - 1], sum);
  hpp::free(in);
  hpp::free(out);
  hpp::free(rows);
  return 0;
}
