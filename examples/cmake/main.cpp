// Plain C++: allocates the data (with hpp::alloc, so that it is
// device-accessible on a GPU backend) and prints the results.
#include "vectors.hpp"
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const std::size_t n = 1 << 20;
  double* x = hpp::alloc<double>(n, hpp::Space::Shared);
  double* y = hpp::alloc<double>(n, hpp::Space::Shared);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = static_cast<double>(i % 17) - 8;
    y[i] = static_cast<double>(i % 5);
  }
  saxpy(n, 0.5, x, y);
  std::printf("norm1 %.1f\nnorm_inf %.1f\n", norm1(n, y), norm_inf(n, y));
  hpp::free(x);
  hpp::free(y);
  return 0;
}
