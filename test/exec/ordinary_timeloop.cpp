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
// A 1-D shallow-water-like solver: a time loop calling functions that take
// std::vector& (fluxes, update, boundary conditions, diagnostics), each
// with its own region and no clause. One `hpp data` around the time loop
// names the state `tofrom` and the flux work arrays `alloc`, so the
// regions in the called functions find them present and each step copies
// nothing; every 100 steps `update host` brings the depth back for a
// diagnostic the host computes, and a host-side change to the bottom
// friction goes to the device with `update device`.
#include <cmath>
#include <cstdio>
#include <vector>

struct State {
  std::vector<double> h, hu;
};

static void fluxes(const std::vector<double> &h, const std::vector<double> &hu,
                   std::vector<double> &fh, std::vector<double> &fhu, double dt_dx) {
  const int n = (int)h.size();
  // Rusanov flux between cells i-1 and i, for i = 1..n-1.
#pragma hpp parallel
  for (int i = 1; i < n; ++i) {
    const double g = 9.81;
    const double hl = h[i - 1], hr = h[i];
    const double ul = hu[i - 1] / hl, ur = hu[i] / hr;
    const double cl = std::fabs(ul) + std::sqrt(g * hl), cr = std::fabs(ur) + std::sqrt(g * hr);
    const double c = cl > cr ? cl : cr;
    fh[i] = 0.5 * (hu[i - 1] + hu[i]) - 0.5 * c * (hr - hl);
    fhu[i] = 0.5 * (hu[i - 1] * ul + 0.5 * g * hl * hl + hu[i] * ur + 0.5 * g * hr * hr) -
             0.5 * c * (hu[i] - hu[i - 1]);
    fh[i] *= dt_dx;
    fhu[i] *= dt_dx;
  }
}

static void update(std::vector<double> &h, std::vector<double> &hu, const std::vector<double> &fh,
                   const std::vector<double> &fhu, const std::vector<double> &friction) {
  const int n = (int)h.size();
#pragma hpp parallel
  for (int i = 1; i < n - 1; ++i) {
    h[i] -= fh[i + 1] - fh[i];
    hu[i] -= fhu[i + 1] - fhu[i];
    hu[i] *= 1.0 - friction[i];
  }
}

static void reflect(std::vector<double> &h, std::vector<double> &hu) {
  const int n = (int)h.size();
#pragma hpp parallel
  for (int side = 0; side < 2; ++side) {
    const int ghost = side == 0 ? 0 : n - 1, inner = side == 0 ? 1 : n - 2;
    h[ghost] = h[inner];
    hu[ghost] = -hu[inner];
  }
}

static double max_speed(const std::vector<double> &h, const std::vector<double> &hu) {
  double m = 0;
#pragma hpp parallel reduction(max: m)
  for (int i = 0; i < (int)h.size(); ++i) {
    const double c = std::fabs(hu[i] / h[i]) + std::sqrt(9.81 * h[i]);
    m = c > m ? c : m;
  }
  return m;
}

int main() {
  const int n = 100000;
  const double dx = 1.0 / n;
  State s;
  s.h.assign(n, 1.0);
  s.hu.assign(n, 0.0);
  for (int i = 0; i < n; ++i)
    if (i > n / 3 && i < n / 2)
      s.h[i] = 1.5;  // a dam
  std::vector<double> fh(n, 0.0), fhu(n, 0.0), friction(n, 0.0);
  std::vector<double> &h = s.h, &hu = s.hu;

  double t = 0;
#pragma hpp data map(tofrom: h, hu) map(alloc: fh, fhu) map(to: friction)
  {
    for (int step = 1; step <= 200; ++step) {
      const double dt = 0.4 * dx / max_speed(h, hu);
      reflect(h, hu);
      fluxes(h, hu, fh, fhu, dt / dx);
      update(h, hu, fh, fhu, friction);
      t += dt;
      if (step % 100 == 0) {
#pragma hpp update host(h)
        double mass = 0, top = 0;
        for (int i = 1; i < n - 1; ++i) {
          mass += h[i] * dx;
          top = h[i] > top ? h[i] : top;
        }
        std::printf("step %d t %.17g mass %.17g top %.17g\n", step, t, mass, top);
        // From now on the right half has a rough bottom.
        for (int i = n / 2; i < n; ++i)
          friction[i] = 1e-4;
#pragma hpp update device(friction)
      }
    }
  }
  double momentum = 0;
  for (int i = 1; i < n - 1; ++i)
    momentum += std::fabs(hu[i]);
  std::printf("t %.17g |momentum| %.17g\n", t, momentum);
  std::printf("h %.17g %.17g %.17g hu %.17g\n", h[n / 3], h[n / 2], h[2 * n / 3], hu[n / 2]);
  return 0;
}
