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

// Ordinary code: std::vector and std::array captured by regions with no
// clause at all. Each is mapped for the region by its size: `to` when the
// region only reads it, `tofrom` when it writes it; size() and empty()
// work inside the region.
#include <array>
#include <cstdio>
#include <vector>

static void smooth(const std::vector<double> &in, std::vector<double> &out) {
#pragma hpp parallel
  for (int i = 1; i < (int)in.size() - 1; ++i)
    out[i] = (in[i - 1] + 2 * in[i] + in[i + 1]) / 4;
}

static double dot(const std::vector<double> &a, const std::vector<double> &b) {
  double s = 0;
#pragma hpp parallel reduction(+: s)
  for (int i = 0; i < (int)a.size(); ++i)
    s += a[i] * b[i];
  return s;
}

int main() {
  const int n = 50000;
  std::vector<double> u(n), v(n, 0.0);
  for (int i = 0; i < n; ++i)
    u[i] = (i * 37 % 101) * 0.01;
  std::array<double, 4> w = {0.1, 0.2, 0.3, 0.4};
  std::vector<int> hist(16, 0);

  for (int it = 0; it < 5; ++it) {
    smooth(u, v);
    smooth(v, u);
  }
  // Reads a std::array and writes a vector through its index.
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    v[i] = u[i] * w[i % 4] + (v.empty() ? 1.0 : 0.0) + (double)v.size() * 1e-9;

#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    int bin = (int)(u[i] * 15.99) & 15;
#pragma hpp atomic
    hist[bin] += 1;
  }
  std::printf("dot %.9e\n", dot(u, v));
  std::printf("u[10] %.9f v[10] %.9f\n", u[10], v[10]);
  for (int b = 0; b < 16; ++b)
    std::printf("%d ", hist[b]);
  std::printf("\n");
  return 0;
}
