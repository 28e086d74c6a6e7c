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

// KNOWN BUG (issue 11 item 10; utils/difftest --avoid scratch-size-var): a
// constant used only in the size of a scratch array. The CUDA translation
// folds the size into a literal (`sizeof(double) * (4)`), so nothing uses
// `m` any more and nvcc -Werror all-warnings stops: "error #177-D: variable
// "m" was declared but never referenced". The OpenMP output compiles.
// Move this file to test/exec/ with the fix.
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int T = 5;
  const int m = 3;
  long *out = hpp::alloc<long>(T, hpp::Space::Shared);
#pragma hpp team
  for (int t = 0; t < T; ++t) {
#pragma hpp scratch
    double s[m + 1];
#pragma hpp vector
    for (int i = 0; i < 4; ++i)
      s[i] = t + i;
    double sum = 0;
#pragma hpp vector reduction(+: sum)
    for (int i = 0; i < 4; ++i)
      sum += s[3 - i];
    out[t] = static_cast<long>(sum);
  }
  for (int t = 0; t < T; ++t)
    std::printf("%ld\n", out[t]);
  hpp::free(out);
  return 0;
}
