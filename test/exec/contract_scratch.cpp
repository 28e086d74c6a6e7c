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

// contractDataFieldScalar: out(c) = sum_q field(c, q) * weight(q). For each
// cell a level-0 scratch array of run-time size QP is filled from the field by
// a vector loop, then a thread loop reduces over it; a single writes the
// result.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

void contract(int C, int QP, const double* field, const double* w, double* out) {
#pragma hpp team
  for (int c = 0; c < C; ++c) {
#pragma hpp scratch level(0)
    double f[QP];
#pragma hpp vector
    for (int q = 0; q < QP; ++q)
      f[q] = field[c * QP + q];
    double s = 0;
#pragma hpp thread reduction(+: s)
    for (int q = 0; q < QP; ++q)
      s += f[q] * w[q];
#pragma hpp single
    out[c] = s;
  }
}

int main() {
  const int C = 101, QP = 27;
  double* field = hpp::alloc<double>(C * QP, hpp::Space::Shared);
  double* w = hpp::alloc<double>(QP, hpp::Space::Shared);
  double* out = hpp::alloc<double>(C, hpp::Space::Shared);
  for (int c = 0; c < C; ++c) out[c] = -1.0;
  std::vector<double> ref(C);
  for (int i = 0; i < C * QP; ++i) field[i] = (i * 13) % 17 - 8;
  for (int q = 0; q < QP; ++q) w[q] = q % 3 + 1;
  for (int c = 0; c < C; ++c) {
    double s = 0;
    for (int q = 0; q < QP; ++q) s += field[c * QP + q] * w[q];
    ref[c] = s;
  }
  contract(C, QP, field, w, out);
  int bad = 0;
  double cs = 0;
  for (int c = 0; c < C; ++c) {
    bad += out[c] != ref[c];
    cs += out[c] * (c % 4 + 1);
  }
  std::printf("checksum %.17g out[0] %.17g out[50] %.17g out[100] %.17g mismatches %d\n", cs,
              out[0], out[50], out[C - 1], bad);
  // A different run-time size through the same code.
  const int QP2 = 5;
  contract(C, QP2, field, w, out);
  bad = 0;
  for (int c = 0; c < C; ++c) {
    double s = 0;
    for (int q = 0; q < QP2; ++q) s += field[c * QP2 + q] * w[q];
    bad += out[c] != s;
  }
  std::printf("QP=5 out[0] %.17g out[100] %.17g mismatches %d\n", out[0], out[C - 1], bad);
  // Zero cells: nothing written.
  out[0] = 123;
  contract(0, QP, field, w, out);
  std::printf("zero cells out[0] %.17g\n", out[0]);
  hpp::free(field);
  hpp::free(w);
  hpp::free(out);

  return 0;
}
