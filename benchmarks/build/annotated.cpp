// An annotated source for the CUDA compile benchmark (benchmarks/build/run.py):
// a parallel loop, a reduction and an hpp::parallel_for call.
#include <hpp/hpp.hpp>
#include <cmath>
#include <vector>

void scale(std::size_t n, double a, double* y) {
#pragma hpp parallel name("scale")
  for (std::size_t i = 0; i < n; ++i)
    y[i] = a * y[i] + std::cos(0.001 * i);
}

double sum(std::size_t n, const double* y) {
  double s = 0;
#pragma hpp parallel name("sum") reduction(+: s)
  for (std::size_t i = 0; i < n; ++i)
    s += y[i];
  return s;
}

double work(std::size_t n) {
  std::vector<double> v(n);
  double* y = v.data();
  hpp::parallel_for("init", n, [=](std::size_t i) { y[i] = std::sqrt(double(i % 13)); });
  scale(n, 1.5, y);
  return sum(n, y) / n;
}
