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
// Polynomials with coefficients in std::array, evaluated by Horner's rule
// on a grid kept in a class that owns new[] arrays. The class puts its
// arrays on the device in its constructor (`enter data`) and takes them
// back in its destructor (`exit data`); the member functions' regions,
// in other functions, find them present. `update host` reads the values
// in the middle; after the host edits the grid, `update device` sends it
// back. The std::array is read only and is mapped `to` implicitly.
#include <array>
#include <cstdio>

class Sampler {
public:
  Sampler(double a, double b, int n) : n(n), x(new double[n]), p(new double[n]), dp(new double[n]) {
    for (int i = 0; i < n; ++i)
      x[i] = a + (b - a) * i / (n - 1);
#pragma hpp enter data map(to: x[0:n]) map(alloc: p[0:n], dp[0:n])
  }
  ~Sampler() {
#pragma hpp exit data map(release: x[0:n]) map(from: p[0:n], dp[0:n])
    std::printf("on exit p[1] %.17g dp[%d] %.17g\n", p[1], n - 2, dp[n - 2]);
    delete[] x;
    delete[] p;
    delete[] dp;
  }

  // p(x) and p'(x) at every point (Horner for both at once).
  template <std::size_t D> void evaluate(const std::array<double, D> &c) {
#pragma hpp parallel
    for (int i = 0; i < n; ++i) {
      double v = c[D - 1], d = 0;
      for (int k = (int)D - 2; k >= 0; --k) {
        d = d * x[i] + v;
        v = v * x[i] + c[k];
      }
      p[i] = v;
      dp[i] = d;
    }
  }

  // Sign changes of p between neighbours (roots in the interval) and the
  // trapezoid integral of p.
  void summary(int &roots, double &integral) const {
    int r = 0;
    double s = 0;
#pragma hpp parallel reduction(+: r, s)
    for (int i = 0; i < n - 1; ++i) {
      r += (p[i] < 0) != (p[i + 1] < 0) ? 1 : 0;
      s += 0.5 * (p[i] + p[i + 1]) * (x[i + 1] - x[i]);
    }
    roots = r;
    integral = s;
  }

  void look(int i) {
#pragma hpp update host(p[0:n])
    std::printf("p(%.17g) = %.17g\n", x[i], p[i]);
  }

  void shift(double by) {
    for (int i = 0; i < n; ++i)
      x[i] += by;
#pragma hpp update device(x[0:n])
  }

private:
  int n;
  double *x, *p, *dp;
};

int main() {
  // (x - 0.3)(x + 1.7)(x - 2.1)(x + 0.45)(x - 1.13) expanded, and a
  // Chebyshev-like polynomial of degree 8.
  const std::array<double, 6> quintic = {-0.5446035, 1.026045, 3.77295, -3.4825, -1.38, 1.0};
  const std::array<double, 9> t8 = {1, 0, -32, 0, 160, 0, -256, 0, 128};
  int roots;
  double integral;
  {
    Sampler s(-2.5, 2.5, 400000);
    s.evaluate(quintic);
    s.summary(roots, integral);
    std::printf("quintic: %d roots, integral %.17g\n", roots, integral);
    s.look(12345);
    s.shift(0.5);
    s.evaluate(quintic);
    s.summary(roots, integral);
    std::printf("shifted quintic: %d roots, integral %.17g\n", roots, integral);
  }
  {
    Sampler s(-1.0, 1.0, 300001);
    s.evaluate(t8);
    s.summary(roots, integral);
    std::printf("t8: %d roots, integral %.17g\n", roots, integral);
    s.look(150000);
  }
  return 0;
}
