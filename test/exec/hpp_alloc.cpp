// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu -- -DHPP_TEST_GPU
// CUDA-BUILD: %nvcc_hpp -DHPP_TEST_GPU %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial -DHPP_TEST_GPU %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// Memory from hpp::alloc, a lambda called in a vector loop, and atomics at
// team level (executed once per team) into memory from hpp::alloc. On the
// host backends the lambda may also be generic and the atomics may update
// variables of the enclosing function; CUDA refuses both (a device lambda
// cannot be generic, and each GPU thread has its own copy of a captured
// variable: diagnostics/cuda/gpu_restrictions.cpp), so that part is left out
// where HPP_TEST_GPU is defined.
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

#ifndef HPP_TEST_GPU
  double vtotal = 0;
  int vteams = 0;
  auto twice_generic = [](auto v) { return v * 2; };
#pragma hpp team
  for (int t = 0; t < T; ++t) {
    double s = 0;
#pragma hpp vector reduction(+: s)
    for (int i = 0; i < N; ++i)
      s += twice_generic(a[t * N + i]);
#pragma hpp atomic
    vtotal += s;
#pragma hpp atomic
    vteams++;
  }
  std::printf("generic lambda, variables: total %.17g teams %d\n", vtotal, vteams);
#endif
  hpp::free(a);
  hpp::free(rows);
  hpp::free(total);
  hpp::free(teams);
  return 0;
}
