// pch_cache.test: a.cpp and b.cpp begin with the same text (the preamble,
// comments included), so they share one PCH.
#include "scale.hpp"
#include <hpp/hpp.hpp>
#include <vector>

double sum_b(const std::vector<double> &v) {
  const double *p = v.data();
  const std::size_t n = v.size();
  double s = 0;
#pragma hpp parallel name("sum_b") reduction(+: s)
  for (std::size_t i = 0; i < n; ++i)
    s += twice(p[i]);
  return s;
}
