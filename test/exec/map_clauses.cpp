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

// map clauses on regions over ordinary host memory (malloc, new[], a C
// array on the stack): to, from, tofrom and alloc; sections that start
// after the pointer (lo > 0) and a 2-D section of whole rows; a scalar and
// a struct by value.
#include <cstdio>
#include <cstdlib>

struct Coef { double a, b; };

int main() {
  const int n = 100000;
  double *x = static_cast<double *>(std::malloc(n * sizeof(double)));
  double *y = new double[n];
  double *z = static_cast<double *>(std::malloc(n * sizeof(double)));
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5 * i;
    y[i] = 1.0 + (i % 7);
    z[i] = -1.0;
  }
  Coef c{2.0, 0.25};

  // y = a*x + y: x only read, y read and written.
#pragma hpp parallel map(to: x[0:n], c) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = c.a * x[i] + y[i];

  // z written only (from): its old contents never reach the device.
#pragma hpp parallel map(to: y[0:n]) map(from: z[0:n])
  for (int i = 0; i < n; ++i)
    z[i] = y[i] * c.b;

  // A middle section: elements outside it keep their host values.
  const int lo = 1000, len = 5000;
#pragma hpp parallel map(tofrom: x[lo:len])
  for (int i = lo; i < lo + len; ++i)
    x[i] = -x[i];

  // Scratch memory the host never sees (alloc). z is read and written, so
  // tofrom: with `from` its device copy would start uninitialised (as in
  // OpenMP; compute-sanitizer's initcheck reports exactly that).
  double *tmp = new double[n];
#pragma hpp parallel map(alloc: tmp[0:n]) map(to: x[0:n]) map(tofrom: z[0:n])
  for (int i = 0; i < n; ++i) {
    tmp[i] = x[i] * 3.0;
    z[i] += tmp[i] - x[i];
  }

  // A C array on the stack and a 2-D section of whole rows.
  double grid[64][16];
  for (int r = 0; r < 64; ++r)
    for (int k = 0; k < 16; ++k)
      grid[r][k] = r + 0.01 * k;
#pragma hpp parallel map(tofrom: grid[8:32][0:16])
  for (int r = 8; r < 40; ++r)
    for (int k = 0; k < 16; ++k)
      grid[r][k] *= 2.0;

  double sx = 0, sy = 0, sz = 0, sg = 0;
  for (int i = 0; i < n; ++i) {
    sx += x[i];
    sy += y[i];
    sz += z[i];
  }
  for (int r = 0; r < 64; ++r)
    for (int k = 0; k < 16; ++k)
      sg += grid[r][k] * (r + 1);
  std::printf("x %.6e\ny %.6e\nz %.6e\ngrid %.6e\n", sx, sy, sz, sg);
  std::printf("x[999] %.3f x[1000] %.3f x[5999] %.3f x[6000] %.3f\n", x[999], x[1000], x[5999],
              x[6000]);
  std::free(x);
  delete[] y;
  std::free(z);
  delete[] tmp;
  return 0;
}
