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

// parallel_scan whose partial's type is spelled in several words
// (`long long`, `unsigned int`): the lowering used to start the partial with
// `long long()`, which does not compile. Found by utils/difftest.
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int n = 97;
  long long *in = hpp::alloc<long long>(n, hpp::Space::Shared);
  long long *ex = hpp::alloc<long long>(n, hpp::Space::Shared);
  unsigned int *inc = hpp::alloc<unsigned int>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) {
    in[i] = (i * 7) % 5 - 2;
    ex[i] = -1;
    inc[i] = 0;
  }
  long long total = -1;
  hpp::parallel_scan(
      n,
      [=](int i, long long &partial, bool final) {
        if (final)
          ex[i] = partial;
        partial += in[i];
      },
      total);
  hpp::parallel_scan(hpp::RangePolicy(1, n), [=](int i, unsigned int &partial, bool final) {
    partial += static_cast<unsigned int>(i);
    if (final)
      inc[i] = partial;
  });
  long long cs = 0;
  for (int i = 0; i < n; ++i)
    cs += ex[i] * (i % 7 + 1) + static_cast<long long>(inc[i]) * (i % 3 + 1);
  std::printf("total %lld ex[1] %lld ex[96] %lld inc[96] %u checksum %lld\n", total, ex[1], ex[n - 1],
              inc[n - 1], cs);
  hpp::free(in);
  hpp::free(ex);
  hpp::free(inc);
  return 0;
}
