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
// Exclusive scans that overwrite their input in place: the scan phase
// reads x[i] into a local, then writes the prefix over it, and the input
// phase adds the local. hppc accepts them (the read comes before the
// write in each iteration, and the reduce pass repeats it) and refuses the
// forms that read after the write (test/diagnostics/scan_phase_writes.cpp).
// Also a parallel_scan into another array, and the positions a compaction
// gives the negative values.
#include <cstdio>
#include <hpp/hpp.hpp>

constexpr int N = 100003;

int main() {
  long *x = hpp::alloc<long>(N, hpp::Space::Shared);
  long *y = hpp::alloc<long>(N, hpp::Space::Shared);
  double *v = hpp::alloc<double>(N, hpp::Space::Shared);
  int *at = hpp::alloc<int>(N, hpp::Space::Shared);
  for (int i = 0; i < N; ++i) {
    x[i] = i % 7 + i % 11;
    y[i] = i % 5;
    v[i] = (i % 13) - 6.5;
  }

  long c = 0;
#pragma hpp parallel reduction(inscan, +: c)
  for (int i = 0; i < N; ++i) {
    const long t = x[i];
    x[i] = c;
#pragma hpp scan exclusive(c)
    c += t;
  }
  std::printf("pragma: total %ld x[1] %ld x[%d] %ld\n", c, x[1], N - 1, x[N - 1]);

  // parallel_scan writes its prefixes to another array: the in-place form
  // is refused (test/diagnostics/api_scan_phase_writes.cpp).
  long total = 0;
  long *yp = hpp::alloc<long>(N, hpp::Space::Shared);
  hpp::parallel_scan(
      N,
      [=](int i, long &partial, bool final) {
        if (final)
          yp[i] = partial;
        partial += y[i];
      },
      total);
  std::printf("parallel_scan: total %ld yp[1] %ld yp[%d] %ld\n", total, yp[1], N - 1, yp[N - 1]);

  // Where each negative value goes when they are packed to the front.
  int kept = 0;
#pragma hpp parallel reduction(inscan, +: kept)
  for (int i = 0; i < N; ++i) {
    const int neg = v[i] < 0.0 ? 1 : 0;
    at[i] = neg ? kept : -1;
#pragma hpp scan exclusive(kept)
    kept += neg;
  }
  long check = 0;
  for (int i = 0; i < N; i += 97)
    check += x[i] * 3 + yp[i] * 5 + at[i];
  std::printf("packed: %d negative, check %ld\n", kept, check);
  hpp::free(x);
  hpp::free(y);
  hpp::free(yp);
  hpp::free(v);
  hpp::free(at);
  return 0;
}
