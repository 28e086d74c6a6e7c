// The region whose host cost launch_cost measures, translated by hppc.
#include <hpp/hpp.hpp>

void hpp_daxpy(int n, double a, const double* x, double* y) {
#pragma hpp parallel name("daxpy")
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

double* hpp_device_doubles(int n) { return hpp::alloc<double>(n, hpp::Space::Device); }
void hpp_release(double* p) { hpp::free(p); }
