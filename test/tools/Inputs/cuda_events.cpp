// The CUDA program of cuda_compile.test and cuda_events.test: regions of
// each kind on device memory, allocations in every space, a copy and
// fences, reported to the tools named in HPP_TOOLS_LIBS.
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int n = 1000;
  double* x = hpp::alloc<double>(n, hpp::Space::Device);
  double* y = hpp::alloc<double>(n, hpp::Space::Shared);
  double* h = hpp::alloc<double>(n, hpp::Space::HostPinned);

  hpp::push_region("setup");
#pragma hpp parallel name("fill")
  for (int i = 0; i < n; ++i)
    x[i] = 0.5 * i;
  hpp::pop_region();

  double sum = 0;
#pragma hpp parallel reduction(+: sum) name("sum")
  for (int i = 0; i < n; ++i)
    sum += x[i];

  double run = 0;
#pragma hpp parallel reduction(inscan, +: run) name("prefix")
  for (int i = 0; i < n; ++i) {
    run += x[i];
#pragma hpp scan inclusive(run)
    y[i] = run;
  }
  hpp::fence();
  std::printf("sum %.17g last prefix %.17g\n", sum, y[n - 1]);

  double total = 0;
  hpp::parallel_reduce(
      "api_reduce", n, HPP_LAMBDA(int i, double& s) { s += x[i]; }, total);
  std::printf("total %.17g\n", total);

  hpp::deep_copy(h, x, n * sizeof(double));
  hpp::fence("after copy");
  std::printf("h[9] %.17g\n", h[9]);

  // A nowait region, an asynchronous copy and the fence of a stream.
  hpp::Stream s;
#pragma hpp parallel stream(s) nowait name("on_stream")
  for (int i = 0; i < n; ++i)
    x[i] = 2 * i;
  hpp::deep_copy(s, h, x, n * sizeof(double));
  s.fence();
  std::printf("h[9] after the stream %.17g\n", h[9]);
  hpp::free(x);
  hpp::free(y);
  hpp::free(h);
  return 0;
}
