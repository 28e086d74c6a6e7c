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

// Views as members of a class whose member functions run regions on a copy
// of *this: a `#pragma hpp` loop and an HPP_CLASS_LAMBDA body (Kokkos'
// KOKKOS_CLASS_LAMBDA). The copy made for the GPU keeps the views' memory
// alive on the host; the device uses it without reference counting.
#include <cstdio>
#include <hpp/hpp.hpp>

struct Heat {
  hpp::View<double, 1> u, next;
  double alpha;
  int n;

  Heat(int n, double alpha) : u("u", n), next("next", n), alpha(alpha), n(n) {}

  void step() {
#pragma hpp parallel
    for (int i = 1; i < n - 1; ++i)
      next(i) = u(i) + alpha * (u(i - 1) - 2 * u(i) + u(i + 1));
    hpp::parallel_for(
        hpp::RangePolicy(1, n - 1), HPP_CLASS_LAMBDA(int i) { u(i) = next(i); });
  }

  double energy() const {
    double e = 0;
    hpp::parallel_reduce(n, HPP_CLASS_LAMBDA(int i, double& s) { s += u(i) * u(i); }, e);
    return e;
  }
};

int main() {
  Heat h(101, 0.25);
  auto hu = hpp::create_mirror_view(h.u);
  for (int i = 0; i < h.n; ++i)
    hu(i) = i == 50 ? 100.0 : 0.0;
  hpp::deep_copy(h.u, hu);
  for (int s = 0; s < 20; ++s)
    h.step();
  hpp::deep_copy(hu, h.u);
  std::printf("energy %.17g u[50] %.17g u[45] %.17g use_count %ld\n", h.energy(), hu(50), hu(45),
              h.u.use_count() - (hu.data() == h.u.data()));
  return 0;
}
