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

// Thread and vector loops in the header forms whose iterations the OpenMP
// backend runs through the user's own header (unit steps towards a strict
// bound of the index's type or a constant it holds, up to INT_MAX and
// down to INT_MIN, an unsigned index down to 0) and the
// forms it normalises (a wider or unsigned bound, `<=`, a step of 2),
// each summed per team and compared with the serial build; collapsed
// loops whose rows run up, down or with `<=`; and root loops of one
// dimension in both kinds of form.
#include <climits>
#include <cstddef>
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int T = 9, n = 37;
  const std::size_t nz = 29;
  const unsigned un = 23u;
  const short sn = 19;
  const int last = 31;
  long* out = hpp::alloc<long>(T * 8, hpp::Space::Shared);
  for (int i = 0; i < T * 8; ++i)
    out[i] = 0;
#pragma hpp team
  for (int t = 0; t < T; ++t) {
    long up = 0, down = 0, wide = 0, le = 0, step2 = 0, uns = 0, sh = 0, edges = 0;
#pragma hpp thread reduction(+ : up)
    for (int i = 0; i < n; ++i)
      up += i * (t + 1);
#pragma hpp vector reduction(+ : down)
    for (int j = n; j > 0; --j)
      down += j * j - t;
#pragma hpp vector reduction(+ : wide)
    for (int j = 0; j < nz; ++j)
      wide += j + t;
#pragma hpp vector reduction(+ : le)
    for (int j = 0; j <= last; ++j)
      le += 3 * j - t;
#pragma hpp vector reduction(+ : step2)
    for (long j = 0; j < n; j += 2)
      step2 += j * t;
#pragma hpp vector reduction(+ : uns)
    for (unsigned j = 0u; j < un; ++j)
      uns += static_cast<long>(j) * 5 + t;
#pragma hpp vector reduction(+ : sh)
    for (short j = 0; j < sn; ++j)
      sh += j - t;
#pragma hpp vector reduction(+ : sh)
    for (std::size_t j = 0; j < 16; ++j)
      sh += static_cast<long>(j) * (t + 1);
#pragma hpp vector reduction(+ : sh)
    for (unsigned j = un; j > 0; --j)
      sh += static_cast<long>(j) - 2 * t;
#pragma hpp vector reduction(+ : sh)
    for (unsigned char j = 200; j < 255; ++j)
      sh += j;
#pragma hpp vector reduction(+ : edges)
    for (int j = INT_MAX - 5; j < INT_MAX; ++j)
      edges += static_cast<long>(INT_MAX - j) * (t + 2);
#pragma hpp vector reduction(+ : edges)
    for (int j = INT_MIN + 5; j > INT_MIN; --j)
      edges += static_cast<long>(j - INT_MIN) * (t + 3);
#pragma hpp single
    {
      long* o = out + t * 8;
      o[0] = up;
      o[1] = down;
      o[2] = wide;
      o[3] = le;
      o[4] = step2;
      o[5] = uns;
      o[6] = sh;
      o[7] = edges;
    }
  }
  // Collapsed root loops, walked by rows on OpenMP: an inner dimension
  // running down, and one with `<=`.
  const int R = 7, C = 11;
  long* grid = hpp::alloc<long>(2 * R * C, hpp::Space::Shared);
#pragma hpp parallel collapse(2)
  for (int i = 0; i < R; ++i)
    for (int k = C; k > 0; --k)
      grid[i * C + k - 1] = 100L * i + k;
#pragma hpp parallel collapse(2)
  for (int i = 0; i < R; ++i)
    for (int k = 0; k <= C - 1; ++k)
      grid[R * C + i * C + k] = 7L * i - k;
  long g = 0;
  for (int i = 0; i < 2 * R * C; ++i)
    g = g * 31 + grid[i];
  std::printf("grid %ld\n", g);
  hpp::free(grid);
  // Root loops of one dimension, whose chunks OpenMP walks over the user's
  // index from each chunk's first index to its last: up to INT_MAX, down
  // to INT_MIN, an unsigned index down to 0, a short index; and a step of
  // 3, which stays normalised. Each writes its own slice of one int array
  // (stores through int * beside int loop constants).
  const int F = 5 * 1000 + 333;
  int* flat = hpp::alloc<int>(F, hpp::Space::Shared);
  for (int i = 0; i < F; ++i)
    flat[i] = -1;
#pragma hpp parallel
  for (int i = INT_MAX - 1000; i < INT_MAX; ++i)
    flat[INT_MAX - 1 - i] = i % 1009;
#pragma hpp parallel
  for (int i = INT_MIN + 1000; i > INT_MIN; --i)
    flat[1000 + (i - INT_MIN - 1)] = (i - INT_MIN) * 3;
#pragma hpp parallel
  for (std::size_t i = 1000; i > 0; --i)
    flat[2000 + i - 1] = static_cast<int>(i * 7 % 1013);
#pragma hpp parallel
  for (short i = 0; i < 1000; ++i)
    flat[3000 + i] = i - 500;
#pragma hpp parallel
  for (int i = 4000; i < F; i += 3)
    flat[i] = i / 3;
  long f = 0;
  for (int i = 0; i < F; ++i)
    f = f * 31 + flat[i];
  std::printf("flat %ld\n", f);
  hpp::free(flat);
  for (int t = 0; t < T; ++t) {
    std::printf("team %d:", t);
    for (int k = 0; k < 8; ++k)
      std::printf(" %ld", out[t * 8 + k]);
    std::printf("\n");
  }
  hpp::free(out);
  return 0;
}
