// Includes pragma.hpp in its preamble.
#include "pragma.hpp"
#include <hpp/hpp.hpp>

void clear_c(double *p, int n) {
#pragma hpp parallel name("clear_c")
  for (int i = 0; i < n; ++i)
    p[i] = 1;
}
