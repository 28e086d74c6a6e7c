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

// Loops calling a free function, a function template, a lambda defined
// outside the loop, and methods of a small struct passed by value.
#include <cstdio>
#include <hpp/hpp.hpp>

static double poly(double x) { return 3 * x * x - 2 * x + 1; }

template <class T> T clampv(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }

inline int helper2(int i) { return i % 5; }
inline int helper1(int i) { return helper2(i) * 2 + 1; }  // a call chain

struct Affine {
  double a, b;
  double apply(double x) const { return a * x + b; }
  double inv(double y) const { return (y - b) / a; }
};

int main() {
  const int n = 1001;
  double* x = hpp::alloc<double>(n, hpp::Space::Shared);
  double* y = hpp::alloc<double>(n, hpp::Space::Shared);
  double* z = hpp::alloc<double>(n, hpp::Space::Shared);
  double* w = hpp::alloc<double>(n, hpp::Space::Shared);
  double* u = hpp::alloc<double>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) {
    x[i] = i % 21 - 10;
    y[i] = z[i] = w[i] = u[i] = -1;
  }
  const double* xp = x;
  double* yp = y;
  double* zp = z;
  double* wp = w;
  double* up = u;
  auto sq = [](double v) { return v * v; };
  const double k = 0.5;
  auto addk = [k](double v) { return v + k; };
  Affine f{2.0, -3.0};

  double s = 0;
#pragma hpp parallel reduction(+: s)
  for (int i = 0; i < n; ++i) {
    yp[i] = poly(xp[i]);
    zp[i] = clampv(xp[i], -4.0, 6.0) + clampv(i, 10, 20);
    wp[i] = sq(xp[i]) + addk(xp[i]) + helper1(i);
    up[i] = f.inv(f.apply(xp[i])) + f.apply(1.0);
    s += yp[i] + zp[i] + wp[i] + up[i];
  }

  int bad = 0;
  double rs = 0;
  for (int i = 0; i < n; ++i) {
    double ry = 3 * x[i] * x[i] - 2 * x[i] + 1;
    double rz = (x[i] < -4 ? -4 : (x[i] > 6 ? 6 : x[i])) + (i < 10 ? 10 : (i > 20 ? 20 : i));
    double rw = x[i] * x[i] + x[i] + 0.5 + (i % 5) * 2 + 1;
    double ru = x[i] + (2.0 - 3.0);
    bad += (y[i] != ry) + (z[i] != rz) + (w[i] != rw) + (u[i] != ru);
    rs += ry + rz + rw + ru;
  }
  std::printf("sum %.17g ref %.17g mismatches %d\n", s, rs, bad);
  std::printf("y[0] %.17g y[500] %.17g y[1000] %.17g\n", y[0], y[500], y[n - 1]);
  std::printf("z[0] %.17g z[15] %.17g z[1000] %.17g\n", z[0], z[15], z[n - 1]);
  std::printf("w[0] %.17g w[500] %.17g w[1000] %.17g\n", w[0], w[500], w[n - 1]);
  std::printf("u[0] %.17g u[500] %.17g u[1000] %.17g\n", u[0], u[500], u[n - 1]);

  // The same calls from a vector loop inside a team loop.
  const int rows = 13, cols = 29;
  double* out = hpp::alloc<double>(rows, hpp::Space::Shared);
  for (int r = 0; r < rows; ++r) out[r] = -1;
  double* op = out;
#pragma hpp team
  for (int r = 0; r < rows; ++r) {
    double t = 0;
#pragma hpp vector reduction(+: t)
    for (int c = 0; c < cols; ++c)
      t += f.apply(poly(xp[r * cols + c])) + sq(clampv(xp[c], -1.0, 1.0));
    op[r] = t;
  }
  bad = 0;
  for (int r = 0; r < rows; ++r) {
    double t = 0;
    for (int c = 0; c < cols; ++c) {
      double p = x[r * cols + c];
      double cl = x[c] < -1 ? -1 : (x[c] > 1 ? 1 : x[c]);
      t += 2.0 * (3 * p * p - 2 * p + 1) - 3.0 + cl * cl;
    }
    bad += out[r] != t;
  }
  std::printf("team out[0] %.17g out[6] %.17g out[12] %.17g mismatches %d\n", out[0], out[6],
              out[rows - 1], bad);
  hpp::free(x);
  hpp::free(y);
  hpp::free(z);
  hpp::free(w);
  hpp::free(u);
  hpp::free(out);

  return 0;
}
