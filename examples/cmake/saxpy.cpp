#include "vectors.hpp"
#include <hpp/hpp.hpp>

void saxpy(std::size_t n, double a, const double* x, double* y) {
#pragma hpp parallel name("saxpy")
  for (std::size_t i = 0; i < n; ++i)
    y[i] += a * kScale * x[i];
}
