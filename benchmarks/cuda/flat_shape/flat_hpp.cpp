// Flat loops as a user writes them, translated by hppc (flat_shape
// benchmark): the same daxpy and triad as the hand kernels in main.cu.
#include <hpp/hpp.hpp>

void hpp_daxpy(int n, double a, const double* x, double* y) {
#pragma hpp parallel name("daxpy")
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

void hpp_triad(int n, double s, const double* b, const double* c, double* a) {
#pragma hpp parallel name("triad")
  for (int i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}

// The arrays of every variant come from hpp::alloc (Space::Device), as an
// hpp program's would: the runtime finds them in its table without asking
// the driver.
double* hpp_device_doubles(int n) { return hpp::alloc<double>(n, hpp::Space::Device); }
void hpp_release(double* p) { hpp::free(p); }
