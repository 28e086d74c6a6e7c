// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: env OMP_NUM_THREADS=1 %t > %t.out1 && %compare %t.ser.out %t.out1
// OPENMP-RUN: env OMP_NUM_THREADS=2 %t > %t.out2 && %compare %t.ser.out %t.out2
// OPENMP-RUN: env OMP_NUM_THREADS=3 %t > %t.out3 && %compare %t.ser.out %t.out3
// OPENMP-RUN: env OMP_NUM_THREADS=7 %t > %t.out7 && %compare %t.ser.out %t.out7
// OPENMP-RUN: env OMP_NUM_THREADS=64 %t > %t.out64 && %compare %t.ser.out %t.out64
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// Collapsed loops recover their indices with hpprt::FastDiv, and on OpenMP
// walk each thread's chunk row by row of the innermost dimension. Every
// iteration must run exactly once with the serial loop's indices whatever
// the thread count: chunks that start and end inside a row (3 rows of 1000
// over 7 threads), rows of one element, more threads than iterations,
// non-zero and descending bounds, unsigned and 64-bit indices, four
// dimensions, `continue`, and reductions (plus, max, minloc) over
// collapsed loops.
#include <cstddef>
#include <cstdio>
#include <hpp/hpp.hpp>

namespace {

// Visits of every cell, weighted by position so a swap shows.
long long checksum(const int *v, long long n) {
  long long s = 0;
  for (long long i = 0; i < n; ++i)
    s += static_cast<long long>(v[i]) * (i % 97 + 1);
  return s;
}

} // namespace

int main() {
  // Rows split between chunks: 3 x 1000 over any thread count.
  {
    const int n0 = 3, n1 = 1000;
    int *v = hpp::alloc<int>(n0 * n1, hpp::Space::Shared);
    for (int i = 0; i < n0 * n1; ++i)
      v[i] = 0;
#pragma hpp parallel collapse(2)
    for (int i = 0; i < n0; ++i)
      for (int j = 0; j < n1; ++j)
        v[i * n1 + j] += 1 + i * 7 + j % 5;
    std::printf("split rows %lld\n", checksum(v, n0 * n1));
    hpp::free(v);
  }

  // Rows of one element; descending middle dimension; non-zero bounds.
  {
    const int n0 = 13, n1 = 9;
    int *v = hpp::alloc<int>(n0 * n1 * 1, hpp::Space::Shared);
    for (int i = 0; i < n0 * n1; ++i)
      v[i] = 0;
#pragma hpp parallel collapse(3)
    for (int i = 2; i < n0 + 2; ++i)
      for (int j = n1 - 1; j >= 0; --j)
        for (int k = 4; k < 5; ++k)
          v[(i - 2) * n1 + j] += i * 100 + j * 10 + k;
    std::printf("one-element rows %lld\n", checksum(v, n0 * n1));
    hpp::free(v);
  }

  // More threads than iterations, unsigned and 64-bit indices, steps.
  {
    int *v = hpp::alloc<int>(2 * 3 * 5, hpp::Space::Shared);
    for (int i = 0; i < 30; ++i)
      v[i] = 0;
#pragma hpp parallel collapse(3)
    for (unsigned a = 0; a < 2; ++a)
      for (long long b = 10; b > 4; b -= 2)
        for (int c = 1; c < 15; c += 3)
          v[(a * 3 + (10 - b) / 2) * 5 + (c - 1) / 3] += static_cast<int>(a + b * c);
    std::printf("small space %lld\n", checksum(v, 30));
    hpp::free(v);
  }

  // Four dimensions: at a row's end the indices carry through two levels
  // (the innermost loop's own index runs down, a size_t one up).
  {
    const int n0 = 3, n1 = 5, n2 = 7;
    const std::size_t n3 = 11;
    int *v = hpp::alloc<int>(n0 * n1 * n2 * n3, hpp::Space::Shared);
    for (std::size_t i = 0; i < n0 * n1 * n2 * n3; ++i)
      v[i] = 0;
#pragma hpp parallel collapse(4)
    for (int a = 0; a < n0; ++a)
      for (int b = n1; b > 0; --b)
        for (int c = 0; c < n2; ++c)
          for (std::size_t d = 0; d < n3; ++d)
            v[((a * n1 + b - 1) * n2 + c) * n3 + d] += a * 1000 + b * 100 + c * 10 +
                                                       static_cast<int>(d) + 1;
    std::printf("four dimensions %lld\n", checksum(v, n0 * n1 * n2 * n3));
#pragma hpp parallel collapse(4)
    for (int a = 0; a < n0; ++a)
      for (int b = 0; b < n1; ++b)
        for (int c = 0; c < n2; ++c)
          for (int d = n2 + 3; d > 0; --d)
            v[((a * n1 + b) * n2 + c) * n3 + d - 1] -= a + b + c + d;
    std::printf("four dimensions, down %lld\n", checksum(v, n0 * n1 * n2 * n3));
    hpp::free(v);
  }

  // continue skips one iteration of the innermost loop, not the row.
  {
    const int n0 = 17, n1 = 31, n2 = 23;
    int *v = hpp::alloc<int>(n0 * n1 * n2, hpp::Space::Shared);
    for (int i = 0; i < n0 * n1 * n2; ++i)
      v[i] = 0;
#pragma hpp parallel collapse(3)
    for (int i = 0; i < n0; ++i)
      for (int j = 0; j < n1; ++j)
        for (int k = 0; k < n2; ++k) {
          if ((i + j + k) % 4 == 0)
            continue;
          v[(i * n1 + j) * n2 + k] = i - j + 2 * k;
        }
    std::printf("continue %lld\n", checksum(v, n0 * n1 * n2));
    hpp::free(v);
  }

  // Reductions over collapsed loops (integer-valued, order-independent).
  {
    const int n0 = 29, n1 = 41;
    double *x = hpp::alloc<double>(n0 * n1, hpp::Space::Shared);
    for (int i = 0; i < n0 * n1; ++i)
      x[i] = static_cast<double>((i * 7919) % 1009);
    double sum = 0, mx = -1;
    int mi = -1;
    double mn = 1e9;
#pragma hpp parallel collapse(2) reduction(+ : sum) reduction(max : mx)
    for (int i = 0; i < n0; ++i)
      for (int j = 0; j < n1; ++j) {
        sum += x[i * n1 + j];
        mx = x[i * n1 + j] > mx ? x[i * n1 + j] : mx;
      }
#pragma hpp parallel collapse(2) reduction(minloc : mn, mi)
    for (int i = 0; i < n0; ++i)
      for (int j = 0; j < n1; ++j)
        if (x[i * n1 + j] < mn) {
          mn = x[i * n1 + j];
          mi = i * n1 + j;
        }
    std::printf("reductions %.1f %.1f minloc %.1f at %d\n", sum, mx, mn, mi);
    hpp::free(x);
  }
  return 0;
}
