// Compiles only with the build's flags: -DSCALE=... and -I for "scale.hpp".
#include "scale.hpp"
#ifndef SCALE
#error "SCALE is defined by the build"
#endif

void scale(int n, double* x) {
#pragma hpp parallel name("scaled")
  for (int i = 0; i < n; ++i)
    x[i] *= SCALE * kFactor;
}
