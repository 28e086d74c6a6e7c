#include "vectors.hpp"
#include <cmath>
#include <hpp/hpp.hpp>

double norm1(std::size_t n, const double* x) {
  double s = 0;
#pragma hpp parallel name("norm1") reduction(+: s)
  for (std::size_t i = 0; i < n; ++i)
    s += std::fabs(x[i]);
  return s;
}

double norm_inf(std::size_t n, const double* x) {
  double m = 0;
  hpp::parallel_reduce(
      "norm_inf", n, [=](std::size_t i, double& acc) { acc = std::fmax(acc, std::fabs(x[i])); },
      hpp::Max<double>(m));
  return m;
}
