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

// Data regions: a Jacobi sweep whose regions live in functions that know
// nothing about mapping (they find the data present), nested data regions
// that map the same arrays again (no second copy, no early copy out),
// `update host` to look at the data in the middle and `update device`
// after the host changed it, and unstructured enter/exit data across
// functions, as a class's constructor and destructor would do.
#include <cstdio>
#include <cstdlib>
#include <vector>

static void sweep(int n, const double *in, double *out) {
#pragma hpp parallel
  for (int i = 1; i < n - 1; ++i)
    out[i] = 0.5 * in[i] + 0.25 * (in[i - 1] + in[i + 1]);
}

static double sumsq(int n, const double *a) {
  double s = 0;
#pragma hpp parallel reduction(+: s)
  for (int i = 0; i < n; ++i)
    s += a[i] * a[i];
  return s;
}

struct Field {
  int n;
  double *v;
  explicit Field(int n) : n(n), v(new double[n]) {
    for (int i = 0; i < n; ++i)
      v[i] = i % 5;
#pragma hpp enter data map(to: v[0:n])
  }
  ~Field() {
#pragma hpp exit data map(from: v[0:n])
    std::printf("field on host %.6e\n", sum());
    delete[] v;
  }
  double sum() const {
    double s = 0;
    for (int i = 0; i < n; ++i)
      s += v[i];
    return s;
  }
};

static void scale(int n, double *v, double f) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    v[i] *= f;
}

int main() {
  const int n = 1 << 16;
  double *a = static_cast<double *>(std::malloc(n * sizeof(double)));
  double *b = static_cast<double *>(std::malloc(n * sizeof(double)));
  for (int i = 0; i < n; ++i)
    a[i] = b[i] = (i % 13) * 0.125;

#pragma hpp data map(tofrom: a[0:n], b[0:n])
  {
    for (int it = 0; it < 50; ++it) {
      sweep(n, a, b);
      sweep(n, b, a);
    }
    // Not copied out yet: look through update host.
#pragma hpp update host(a[0:n])
    std::printf("middle a[7] %.9f norm %.9e\n", a[7], sumsq(n, a));
    // The host changes one element and sends the array back.
    a[n / 2] = 100.0;
#pragma hpp update device(a[0:n])
    // A nested data region over the same arrays maps nothing again and
    // copies nothing out at its end: the outer region still holds them.
#pragma hpp data map(tofrom: a[0:n]) map(to: b[0:n])
    {
      for (int it = 0; it < 10; ++it) {
        sweep(n, a, b);
        sweep(n, b, a);
      }
    }
    sweep(n, a, b);
  }
  std::printf("after a[7] %.9f a[n/2] %.9f b[n/2+3] %.9f\n", a[7], a[n / 2], b[n / 2 + 3]);
  double sa = 0, sb = 0;
  for (int i = 0; i < n; ++i) {
    sa += a[i];
    sb += b[i];
  }
  std::printf("sums %.9e %.9e\n", sa, sb);

  {
    Field f(4096);
    scale(f.n, f.v, 3.0);
    scale(f.n, f.v, 0.5);
  }
  std::free(a);
  std::free(b);
  return 0;
}
