// An annotated loop over new[] memory: refused for GPUs unless the build
// says the device reaches host memory.
#include <cstdio>

int main() {
  const int n = 100;
  double *p = new double[n];
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    p[i] = 2.0 * i;
  std::printf("%g\n", p[n - 1]);
  delete[] p;
  return 0;
}
