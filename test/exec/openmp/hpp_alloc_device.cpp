// RUN: %hppc translate --backend=openmp %s -o %t.omp.cpp
// RUN: %cxx_omp %t.omp.cpp -o %t.omp %cxx_omp_link
// RUN: %t.omp > %t.omp.out
// RUN: %cxx_serial %s -o %t.ser
// RUN: %t.ser > %t.ser.out
// RUN: %compare %t.ser.out %t.omp.out
//
// hpp_alloc.cpp for every backend: memory from hpp::alloc, a lambda called
// in a vector loop, and atomics at team level (executed once per team) into
// memory from hpp::alloc rather than into host scalars. The lambda is not
// generic: hppc marks it __host__ __device__, which nvcc refuses for a
// generic lambda (test/exec/cuda/Inputs/generic_lambda.cpp).
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int T = 17, N = 23;
  double* a = hpp::alloc<double>(T * N, hpp::Space::Shared);
  double* rows = hpp::alloc<double>(T, hpp::Space::Shared);
  double* total = hpp::alloc<double>(1, hpp::Space::Shared);
  int* teams = hpp::alloc<int>(1, hpp::Space::Shared);
  for (int i = 0; i < T * N; ++i) a[i] = i % 7;
  *total = 0;
  *teams = 0;
  auto twice = [](double v) { return v * 2; };

#pragma hpp team
  for (int t = 0; t < T; ++t) {
    double s = 0;
#pragma hpp vector reduction(+: s)
    for (int i = 0; i < N; ++i)
      s += twice(a[t * N + i]);
    rows[t] = s;
#pragma hpp atomic
    *total += s;
#pragma hpp atomic
    teams[0]++;
  }
  int bad = 0;
  double rtotal = 0;
  for (int t = 0; t < T; ++t) {
    double s = 0;
    for (int i = 0; i < N; ++i) s += 2 * a[t * N + i];
    bad += rows[t] != s;
    rtotal += s;
  }
  std::printf("total %.17g ref %.17g teams %d rows[0] %.17g rows[16] %.17g mismatches %d\n", *total,
              rtotal, *teams, rows[0], rows[T - 1], bad);
  hpp::free(a);
  hpp::free(rows);
  hpp::free(total);
  hpp::free(teams);
  return 0;
}
