// The region whose host cost launch_cost measures, translated by hppc.
#include <hpp/hpp.hpp>

void hpp_daxpy(int n, double a, const double* x, double* y) {
#pragma hpp parallel name("daxpy")
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

double* hpp_device_doubles(int n) { return hpp::alloc<double>(n, hpp::Space::Device); }
void hpp_release(double* p) { hpp::free(p); }

// A scan whose total is not read: no wait, the host's cost is its buffers
// (tile states, pinned slot) and the launch.
void hpp_scan(int n, const double* in, double* out) {
  double s = 0.0;
#pragma hpp parallel reduction(inscan, + : s) name("scan")
  for (int i = 0; i < n; ++i) {
    out[i] = s;
#pragma hpp scan exclusive(s)
    s += in[i];
  }
}

// A sum delivered to the host: the launch and the wait for the result.
double hpp_sum(int n, const double* x) {
  double s = 0.0;
#pragma hpp parallel reduction(+ : s) name("sum")
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}
