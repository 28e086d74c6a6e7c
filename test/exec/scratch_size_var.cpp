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

// A constant used only in the size of a scratch array (found by
// utils/difftest). The byte count keeps the extent as written
// (`sizeof(double) * (m + 1)`), so the translation still uses `m`: before,
// the CUDA translation folded it to a literal and nvcc -Werror stopped on
// warning #177 "variable declared but never referenced".
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
