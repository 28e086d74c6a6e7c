// The issue-14 data benchmark: one 2-D Jacobi sweep pair, annotated as an
// existing code would be, run 100 times three ways: (1) on malloc memory
// inside one `hpp data` region, (2) on hpp::alloc(Space::Device) memory
// (the baseline), (3) on malloc memory with a map clause on each region
// and no data region (every launch copies in and out). main.cu times them.
#include "jacobi.hpp"
#include <hpp/hpp.hpp>

static void sweep(int n, const double *in, double *out) {
#pragma hpp parallel collapse(2) name("jacobi")
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      out[i * n + j] = 0.25 * (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                               in[i * n + j - 1] + in[i * n + j + 1]);
}

static void sweep_mapped(int n, const double *in, double *out) {
#pragma hpp parallel collapse(2) map(to: in[0:n * n]) map(tofrom: out[0:n * n]) name("jacobi_mapped")
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      out[i * n + j] = 0.25 * (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                               in[i * n + j - 1] + in[i * n + j + 1]);
}

double jacobi_data_region(int n, int iters, double *a, double *b) {
  double loop = 0;
#pragma hpp data map(tofrom: a[0:n * n], b[0:n * n])
  {
    // The loop alone, as jacobi_device times it: the copies in and out
    // are the data region's entry and exit.
    hpp::fence();
    hpp::Timer timer;
    for (int it = 0; it < iters; ++it) {
      sweep(n, a, b);
      sweep(n, b, a);
    }
    hpp::fence();
    loop = timer.seconds();
  }
  return loop;
}

double jacobi_device(int n, int iters, double *a, double *b) {
  hpp::fence();
  hpp::Timer timer;
  for (int it = 0; it < iters; ++it) {
    sweep(n, a, b);
    sweep(n, b, a);
  }
  hpp::fence();
  return timer.seconds();
}

void jacobi_per_launch(int n, int iters, double *a, double *b) {
  for (int it = 0; it < iters; ++it) {
    sweep_mapped(n, a, b);
    sweep_mapped(n, b, a);
  }
}
