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

// The ordinary-style family (test/exec/ordinary_*.cpp): programs written
// as a new user writes them, with hpp pragmas added and nothing else.
//
// A separable box blur of a float image in a std::vector<float>:
// horizontal pass into a temporary image, vertical pass back, repeated,
// then the image's range and mean as reductions. Nothing but the loop
// pragmas: every vector is mapped implicitly by each region (`to` for the
// image a pass reads, `tofrom` for the one it writes). Each pass sums its
// five taps and scales once, so no contraction into fused multiply-adds
// can make the GPU's floats differ from the host's.
#include <cstdio>
#include <vector>

static void blur_rows(const std::vector<float> &in, std::vector<float> &out, int w, int h) {
#pragma hpp parallel collapse(2)
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const int xl = x > 1 ? x - 2 : 0, xr = x < w - 2 ? x + 2 : w - 1;
      float s = 0.0f;
      for (int k = xl; k <= xr; ++k)
        s += in[y * w + k];
      out[y * w + x] = s / float(xr - xl + 1);
    }
}

static void blur_columns(const std::vector<float> &in, std::vector<float> &out, int w, int h) {
#pragma hpp parallel collapse(2)
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const int yl = y > 1 ? y - 2 : 0, yr = y < h - 2 ? y + 2 : h - 1;
      float s = 0.0f;
      for (int k = yl; k <= yr; ++k)
        s += in[k * w + x];
      out[y * w + x] = s / float(yr - yl + 1);
    }
}

int main() {
  const int w = 1024, h = 768;
  std::vector<float> image(w * h), tmp(w * h);
  // Stripes, a bright square and salt noise.
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      float v = (x / 16) % 2 ? 0.25f : 0.75f;
      if (x > 300 && x < 500 && y > 200 && y < 400)
        v = 1.0f;
      if ((x * 131 + y * 71) % 997 == 0)
        v = 4.0f;
      image[y * w + x] = v;
    }

  for (int pass = 0; pass < 3; ++pass) {
    blur_rows(image, tmp, w, h);
    blur_columns(tmp, image, w, h);
  }

  float lo = 1e30f, hi = -1e30f;
  double sum = 0;
#pragma hpp parallel reduction(min: lo) reduction(max: hi) reduction(+: sum)
  for (int p = 0; p < w * h; ++p) {
    lo = image[p] < lo ? image[p] : lo;
    hi = image[p] > hi ? image[p] : hi;
    sum += image[p];
  }
  std::printf("min %.9g max %.9g mean %.17g\n", double(lo), double(hi), sum / (w * h));
  const int probe[][2] = {{0, 0}, {15, 16}, {301, 201}, {400, 300}, {1023, 767}, {640, 100}};
  for (const auto &q : probe)
    std::printf("(%d, %d) %.9g\n", q[0], q[1], double(image[q[1] * w + q[0]]));
  return 0;
}
