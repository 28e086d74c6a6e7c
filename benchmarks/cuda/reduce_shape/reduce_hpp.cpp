// The reductions of the reduce_shape benchmark as a user writes them,
// translated by hppc: a sum and a dot of doubles whose results go to the
// host, as in the main benchmark, and the same into device memory.
#include <hpp/hpp.hpp>

double hpp_sum(long n, const double* x) {
  double s = 0;
#pragma hpp parallel reduction(+: s) name("sum")
  for (long i = 0; i < n; ++i)
    s += x[i];
  return s;
}

double hpp_dot(long n, const double* x, const double* y) {
  double s = 0;
#pragma hpp parallel reduction(+: s) name("dot")
  for (long i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

// The same with the results left in device memory (written by the kernel
// into a rank-0 View over out; nothing waits), as CUB's are.
void hpp_sum_view(long n, const double* x, double* out) {
  const hpp::View<double, 0> total(out);
  double s = 0;
#pragma hpp parallel reduction(+: s) name("sum_view")
  for (long i = 0; i < n; ++i)
    s += x[i];
  hpp::deep_copy(total, s);
}

void hpp_dot_view(long n, const double* x, const double* y, double* out) {
  const hpp::View<double, 0> total(out);
  double s = 0;
#pragma hpp parallel reduction(+: s) name("dot_view")
  for (long i = 0; i < n; ++i)
    s += x[i] * y[i];
  hpp::deep_copy(total, s);
}

// The next step of a dependent chain (a CG iteration's update after its
// dot product): y = x * s, with s on the host or in device memory.
void hpp_scale(long n, const double* x, double* y, double s) {
#pragma hpp parallel name("scale")
  for (long i = 0; i < n; ++i)
    y[i] = x[i] * s;
}

void hpp_scale_by(long n, const double* x, double* y, const double* s) {
#pragma hpp parallel name("scale_by")
  for (long i = 0; i < n; ++i)
    y[i] = x[i] * s[0];
}

double* hpp_device_doubles(long n) { return hpp::alloc<double>(n, hpp::Space::Device); }
void hpp_release(double* p) { hpp::free(p); }
