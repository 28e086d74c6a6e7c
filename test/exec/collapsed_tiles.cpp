// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: env OMP_NUM_THREADS=3 %t > %t.out && %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// Collapsed loops whose rows read memory in common (a matrix product's
// B[k * n + j], a weight per column, a 2-D stencil's neighbouring rows) run
// on the GPU as tiles of rows where the rows are long enough
// (hpprt::tile_collapsed): a block covers
// warp-wide strips of several rows, and each thread's indices come from
// its block's coordinates. Every iteration must still run once with the
// serial loop's indices: rows of a size that pads to whole warps and ones
// that do not, fewer rows than a block has warps, more bands of rows than
// one, three collapsed loops (only the outer two divided), non-zero lower
// bounds, steps, descending and unsigned indices, and `continue`. Every
// body adds to its element, so an iteration run twice shows as well as
// one never run. tile(...) clauses give the blocks' shape themselves.
// (The runtime's unit case collapsed_tiles checks which launches ran as
// tiles, and every block size the autotuner may choose.)
#include <cstdio>
#include <hpp/hpp.hpp>

namespace {

double checksum(const double *v, long n) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += v[i] * static_cast<double>(i % 89 + 1);
  return s;
}

// C = A * B over n x m (A n x p, B p x m): every row reads all of B.
void product(int n, int m, int p) {
  double *A = hpp::alloc<double>(static_cast<long>(n) * p, hpp::Space::Shared);
  double *B = hpp::alloc<double>(static_cast<long>(p) * m, hpp::Space::Shared);
  double *C = hpp::alloc<double>(static_cast<long>(n) * m, hpp::Space::Shared);
  for (long i = 0; i < static_cast<long>(n) * p; ++i)
    A[i] = static_cast<double>(i % 13) - 6.0;
  for (long i = 0; i < static_cast<long>(p) * m; ++i)
    B[i] = static_cast<double>(i % 7) * 0.5;
  for (long i = 0; i < static_cast<long>(n) * m; ++i)
    C[i] = 1.0;
#pragma hpp parallel collapse(2)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      double acc = 0.0;
      for (int k = 0; k < p; ++k)
        acc += A[i * p + k] * B[k * m + j];
      C[i * m + j] += acc; // twice would show
    }
  std::printf("product %d x %d x %d: %.1f\n", n, m, p, checksum(C, static_cast<long>(n) * m));
  hpp::free(A);
  hpp::free(B);
  hpp::free(C);
}

// Two Jacobi sweeps over an n x m grid: each row reads the rows beside it
// (tiles by default in a nest of two loops). The outer loop runs in steps
// of two in the second sweep, so a band of rows is every other row.
void jacobi(int n, int m) {
  double *A = hpp::alloc<double>(static_cast<long>(n) * m, hpp::Space::Shared);
  double *B = hpp::alloc<double>(static_cast<long>(n) * m, hpp::Space::Shared);
  for (long i = 0; i < static_cast<long>(n) * m; ++i) {
    A[i] = static_cast<double>(i % 11) - 5.0;
    B[i] = 0.5;
  }
#pragma hpp parallel collapse(2)
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < m - 1; ++j)
      B[i * m + j] += 0.25 * (A[(i - 1) * m + j] + A[(i + 1) * m + j] + A[i * m + j - 1] +
                              A[i * m + j + 1]);
#pragma hpp parallel collapse(2)
  for (int i = 1; i < n - 1; i += 2)
    for (int j = 1; j < m - 1; ++j)
      A[i * m + j] += 0.5 * (B[(1 + i) * m + j] - B[(i - 1) * m + j]);
  std::printf("jacobi %d x %d: %.2f %.2f\n", n, m, checksum(A, static_cast<long>(n) * m),
              checksum(B, static_cast<long>(n) * m));
  hpp::free(A);
  hpp::free(B);
}

// tile(...) clauses: blocks of the given rows x columns, whatever the
// rows share, in odd shapes too (5 columns, one row of 64), with the
// runtime filling in a 0, over three loops (the two innermost sizes shape
// the block), and ignored with a reduction.
void tile_clauses() {
  const int n = 45, m = 300, nz = 5, ny = 9;
  double *out = hpp::alloc<double>(static_cast<long>(n) * m, hpp::Space::Shared);
  double *vol = hpp::alloc<double>(static_cast<long>(nz) * ny * m, hpp::Space::Shared);
  for (long k = 0; k < static_cast<long>(n) * m; ++k)
    out[k] = 1.0;
  for (long k = 0; k < static_cast<long>(nz) * ny * m; ++k)
    vol[k] = 2.0;
#pragma hpp parallel collapse(2) tile(4, 16)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      out[i * m + j] += i * 0.5 + j;
#pragma hpp parallel collapse(2) tile(3, 5)
  for (int i = n - 1; i >= 0; --i)
    for (int j = 0; j < m; j += 1)
      out[i * m + j] += 2.0 * j - i;
#pragma hpp parallel collapse(2) tile(0, 64)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      if ((i + j) % 7 == 0)
        continue;
      out[i * m + j] += 0.25;
    }
#pragma hpp parallel collapse(2) tile(1, 0)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      out[i * m + j] *= 1.5;
#pragma hpp parallel collapse(3) tile(1, 2, 64)
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < m; ++x)
        vol[(z * ny + y) * m + x] += z * 100 + y * 10 + x % 10;
  double s = 0.0;
#pragma hpp parallel collapse(2) tile(4, 8) reduction(+ : s)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      s += out[i * m + j];
  std::printf("tile clauses: %.2f %.2f %.2f\n", checksum(out, static_cast<long>(n) * m),
              checksum(vol, static_cast<long>(nz) * ny * m), s);
  hpp::free(out);
  hpp::free(vol);
}

} // namespace

int main() {
  // Long rows padded to whole warps (724 -> 736 columns), several bands;
  // a row that is a whole number of warps; rows too short or too few for
  // tiles (40 columns pad to 64; 3 rows); a single row.
  product(100, 724, 9);
  product(17, 256, 5);
  product(50, 40, 7);
  product(3, 1000, 4);
  product(1, 3000, 3);
  // Rows of 1022 and 254 (tiles), 34 (pads 32 -> 64: untiled), 5 rows.
  jacobi(67, 1024);
  jacobi(300, 256);
  jacobi(40, 36);
  jacobi(7, 600);
  tile_clauses();

  // Three collapsed loops with a weight per column; lower bounds, a step
  // and `continue`.
  {
    const int nz = 6, ny = 11, nx = 301;
    double *w = hpp::alloc<double>(nx, hpp::Space::Shared);
    double *out = hpp::alloc<double>(nz * ny * nx, hpp::Space::Shared);
    for (int i = 0; i < nx; ++i)
      w[i] = 1.0 + (i % 5);
    for (int i = 0; i < nz * ny * nx; ++i)
      out[i] = -1.0;
#pragma hpp parallel collapse(3)
    for (int z = 2; z < nz + 2; ++z)
      for (int y = 0; y < 2 * ny; y += 2)
        for (int x = 0; x < nx; ++x) {
          if ((x + y + z) % 17 == 0)
            continue;
          out[((z - 2) * ny + y / 2) * nx + x] += w[x] * (z * 1000 + y * 10) + x;
        }
    std::printf("three loops: %.1f\n", checksum(out, nz * ny * nx));
    hpp::free(w);
    hpp::free(out);
  }

  // Descending outer loop, unsigned inner index, a column weight.
  {
    const unsigned cols = 520;
    const int rows = 23;
    double *w = hpp::alloc<double>(cols, hpp::Space::Shared);
    double *out = hpp::alloc<double>(rows * cols, hpp::Space::Shared);
    for (unsigned c = 0; c < cols; ++c)
      w[c] = 0.25 * (c % 9);
    for (unsigned k = 0; k < rows * cols; ++k)
      out[k] = 1.0;
#pragma hpp parallel collapse(2)
    for (int r = rows - 1; r >= 0; --r)
      for (unsigned c = 0; c < cols; ++c)
        out[r * cols + c] += w[c] * r + c;
    std::printf("descending rows: %.2f\n", checksum(out, rows * cols));
    hpp::free(w);
    hpp::free(out);
  }
  return 0;
}
