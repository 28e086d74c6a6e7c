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

// KNOWN BUG (utils/difftest --avoid scan-exclusive-local): the input phase
// of an exclusive scan (after the separator) reads `p`, a local declared in
// the scan phase (before it). hppc accepts the loop and writes code that
// does not compile on either backend: the input phase runs in a pass of
// its own, where `p` is not declared ("use of undeclared identifier 'p'";
// nvcc: identifier "p" is undefined). The inclusive form (the scan phase
// reading a local of the input phase) works. Either copy the pure
// declarations the input phase reads into its pass, or refuse the loop.
// Move this file to test/exec/ with the fix.
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int n = 10;
  long *in = hpp::alloc<long>(n, hpp::Space::Shared);
  long *out = hpp::alloc<long>(n, hpp::Space::Shared);
  for (int q = 0; q < n; ++q) in[q] = q % 3;
  long s = 0;
#pragma hpp parallel reduction(inscan, +: s)
  for (int i = 0; i < n; ++i) {
    const int p = n - 1 - i;
    out[i] = s;
#pragma hpp scan exclusive(s)
    s += in[p];
  }
  std::printf("%ld %ld\n", s, out[n - 1]);
  hpp::free(in);
  hpp::free(out);
  return 0;
}
