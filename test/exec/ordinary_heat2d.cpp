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
// A 2-D heat equation, Jacobi sweeps on two std::vector<double> grids
// swapped after every step, with the largest change per step found by a
// max reduction. One `hpp data` names both vectors, so the sweeps inside
// find them present (the swap only exchanges which one is which); the
// initial hot spot is set by a region before the data construct, mapped
// implicitly.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

int main() {
  const int nx = 512, ny = 384;
  std::vector<double> u(nx * ny, 0.0), unew(nx * ny, 0.0);

  // A hot disc in the middle, cold everywhere else (borders stay at 0).
#pragma hpp parallel collapse(2)
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const double dx = i - nx / 2, dy = j - ny / 3;
      u[j * nx + i] = dx * dx + dy * dy < 40.0 * 40.0 ? 100.0 : 0.0;
    }

  const double alpha = 0.2;
  double change = 0;
  int step = 0;
#pragma hpp data map(tofrom: u, unew)
  {
    for (step = 0; step < 60; ++step) {
      change = 0;
#pragma hpp parallel collapse(2) reduction(max: change)
      for (int j = 1; j < ny - 1; ++j)
        for (int i = 1; i < nx - 1; ++i) {
          const int c = j * nx + i;
          const double lap = u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] - 4.0 * u[c];
          unew[c] = u[c] + alpha * lap;
          change = std::max(change, std::fabs(unew[c] - u[c]));
        }
      std::swap(u, unew);
      if (step % 20 == 0)
        std::printf("step %d change %.17g\n", step, change);
    }
  }

  double heat = 0, peak = 0;
  for (int c = 0; c < nx * ny; ++c) {
    heat += u[c];
    peak = std::max(peak, u[c]);
  }
  std::printf("steps %d last change %.17g\n", step, change);
  std::printf("heat %.17g peak %.17g\n", heat, peak);
  std::printf("samples %.17g %.17g %.17g\n", u[(ny / 3) * nx + nx / 2],
              u[(ny / 3) * nx + nx / 2 + 41], u[(ny / 3 + 30) * nx + nx / 2 - 30]);
  return 0;
}
