// pch_cache.test: a.cpp and b.cpp begin with the same text (the preamble,
// comments included), so they share one PCH.
#include "scale.hpp"
#include <hpp/hpp.hpp>
#include <vector>

void scale_a(std::vector<double> &v) {
  double *p = v.data();
  const std::size_t n = v.size();
#pragma hpp parallel name("scale_a")
  for (std::size_t i = 0; i < n; ++i)
    p[i] = twice(p[i]);
  hpp::parallel_for("shift_a", n, [=](std::size_t i) { p[i] += 1; });
}
