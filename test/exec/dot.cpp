// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// Dot products: double sum, integer sum, several variables in one clause,
// a reduction variable with a non-zero initial value, zero trips.
#include <cstdio>
#include <hpp/hpp.hpp>

double dot(int n, const double* x, const double* y) {
  double s = 0;
#pragma hpp parallel reduction(+: s)
  for (int i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

int main() {
  const int n = 1001;
  double* x = hpp::alloc<double>(n, hpp::Space::Shared);
  double* y = hpp::alloc<double>(n, hpp::Space::Shared);
  long* a = hpp::alloc<long>(n, hpp::Space::Shared);
  long* b = hpp::alloc<long>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) {
    x[i] = i % 11 - 5;
    y[i] = (3 * i) % 7 + 1;
    a[i] = i;
    b[i] = i % 4 - 1;
  }
  double ref = 0;
  long refi = 0, refa = 0;
  for (int i = 0; i < n; ++i) {
    ref += x[i] * y[i];
    refi += a[i] * b[i];
    refa += a[i];
  }
  double d = dot(n, x, y);
  std::printf("dot %.17g ref %.17g\n", d, ref);

  // Two variables in one clause; ip starts at 100.
  const long* ap = a;
  const long* bp = b;
  long ip = 100, sa = 0;
#pragma hpp parallel reduction(+: ip, sa)
  for (int i = 0; i < n; ++i) {
    ip += ap[i] * bp[i];
    sa += ap[i];
  }
  std::printf("ip %ld (ref %ld) sa %ld (ref %ld)\n", ip, refi + 100, sa, refa);

  // Zero trips keep the initial value.
  double z = 42.5;
  const double* xp = x;
#pragma hpp parallel reduction(+: z)
  for (int i = 0; i < 0; ++i)
    z += xp[i];
  std::printf("zero-trip %.17g dot0 %.17g\n", z, dot(0, x, y));

  // Short: fewer iterations than threads.
  std::printf("dot1 %.17g dot2 %.17g\n", dot(1, x + 7, y + 7),
              dot(2, x + 7, y + 7));
  hpp::free(x);
  hpp::free(y);
  hpp::free(a);
  hpp::free(b);
  return 0;

}
