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

// team / thread / vector nesting with a reduction at each level: for each of
// E elements, for each of N rows, a vector dot over M. The per-element result
// is written once per team and all elements are summed at team level.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

int main() {
  const int E = 13, N = 11, M = 29;
  double* A = hpp::alloc<double>(E * N * M, hpp::Space::Shared);
  double* x = hpp::alloc<double>(E * M, hpp::Space::Shared);
  double* out = hpp::alloc<double>(E * N, hpp::Space::Shared);
  double* elem = hpp::alloc<double>(E, hpp::Space::Shared);
  for (int i = 0; i < E * N; ++i) out[i] = -1.0;
  for (int e = 0; e < E; ++e) elem[e] = -1.0;
  for (int e = 0; e < E; ++e)
    for (int n = 0; n < N; ++n)
      for (int m = 0; m < M; ++m)
        A[(e * N + n) * M + m] = (e + 2 * n + 3 * m) % 7 - 3;
  for (int e = 0; e < E; ++e)
    for (int m = 0; m < M; ++m) x[e * M + m] = (e * m) % 5 - 2;

  const double* Ap = A;
  const double* xp = x;
  double* op = out;
  double* ep = elem;
  double total = 0;
  long count = 0;
#pragma hpp team reduction(+: total, count)
  for (int e = 0; e < E; ++e) {
    double esum = 0;
#pragma hpp thread reduction(+: esum)
    for (int n = 0; n < N; ++n) {
      double row = 0;
#pragma hpp vector reduction(+: row)
      for (int m = 0; m < M; ++m)
        row += Ap[(e * N + n) * M + m] * xp[e * M + m];
      op[e * N + n] = row;
      esum += row;
    }
    ep[e] = esum;
    total += esum;
    count += 1;
  }

  std::vector<double> rout(E * N), relem(E);
  double rtotal = 0;
  for (int e = 0; e < E; ++e) {
    double es = 0;
    for (int n = 0; n < N; ++n) {
      double row = 0;
      for (int m = 0; m < M; ++m) row += A[(e * N + n) * M + m] * x[e * M + m];
      rout[e * N + n] = row;
      es += row;
    }
    relem[e] = es;
    rtotal += es;
  }
  int bad = 0;
  double cs = 0;
  for (int i = 0; i < E * N; ++i) {
    bad += out[i] != rout[i];
    cs += out[i] * (i % 7 + 1);
  }
  for (int e = 0; e < E; ++e) bad += elem[e] != relem[e];
  std::printf("total %.17g ref %.17g count %ld\n", total, rtotal, count);
  std::printf("out checksum %.17g out[0] %.17g out[mid] %.17g out[last] %.17g\n", cs, out[0],
              out[E * N / 2], out[E * N - 1]);
  std::printf("elem[0] %.17g elem[6] %.17g elem[12] %.17g mismatches %d\n", elem[0], elem[6],
              elem[E - 1], bad);
  hpp::free(A);
  hpp::free(x);
  hpp::free(out);
  hpp::free(elem);

  return 0;
}
