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

// Tiled transpose through a 32x33 scratch tile: a vector loop fills the tile
// from the input, hppc inserts a barrier, then a vector loop writes the tile
// transposed. Sizes are not multiples of the tile.
#include <cstdio>
#include <hpp/hpp.hpp>

void transpose(int R, int C, const double* in, double* out) {
  const int TR = (R + 31) / 32, TC = (C + 31) / 32;
#pragma hpp team
  for (int t = 0; t < TR * TC; ++t) {
    const int r0 = (t / TC) * 32, c0 = (t % TC) * 32;
#pragma hpp scratch
    double tile[32][33];
#pragma hpp vector
    for (int k = 0; k < 32 * 32; ++k) {
      int i = k / 32, j = k % 32;
      if (r0 + i < R && c0 + j < C)
        tile[i][j] = in[(r0 + i) * C + (c0 + j)];
    }
#pragma hpp vector
    for (int k = 0; k < 32 * 32; ++k) {
      int j = k / 32, i = k % 32;  // out row c0+j, column r0+i
      if (r0 + i < R && c0 + j < C)
        out[(c0 + j) * R + (r0 + i)] = tile[i][j];
    }
  }
}

int main() {
  const int R = 101, C = 75;
  double* in = hpp::alloc<double>(R * C, hpp::Space::Shared);
  double* out = hpp::alloc<double>(R * C, hpp::Space::Shared);
  for (int i = 0; i < R * C; ++i) {
    in[i] = i;
    out[i] = -1.0;
  }
  transpose(R, C, in, out);
  int bad = 0;
  double cs = 0;
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) bad += out[c * R + r] != in[r * C + c];
  for (int i = 0; i < R * C; ++i) cs += out[i] * (i % 11 + 1);
  std::printf("checksum %.17g out[0] %.17g out[1] %.17g out[mid] %.17g out[last] %.17g mismatches %d\n",
              cs, out[0], out[1], out[R * C / 2], out[R * C - 1], bad);
  // A single, partial tile.
  const int r2 = 7, c2 = 3;
  double* o2 = hpp::alloc<double>(r2 * c2, hpp::Space::Shared);
  for (int i = 0; i < r2 * c2; ++i) o2[i] = -1.0;
  transpose(r2, c2, in, o2);
  bad = 0;
  for (int r = 0; r < r2; ++r)
    for (int c = 0; c < c2; ++c) bad += o2[c * r2 + r] != in[r * c2 + c];
  std::printf("small o2[1] %.17g o2[20] %.17g mismatches %d\n", o2[1], o2[20], bad);
  hpp::free(in);
  hpp::free(out);
  hpp::free(o2);

  return 0;
}
