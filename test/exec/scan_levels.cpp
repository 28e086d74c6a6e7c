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

// Scans inside a team loop: an exclusive sum-scan on a thread loop and an
// inclusive sum-scan on a vector loop, per row (segmented prefix sums).
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int T = 13, N = 47;
  long* in = hpp::alloc<long>(T * N, hpp::Space::Shared);
  long* ex = hpp::alloc<long>(T * N, hpp::Space::Shared);
  long* inc = hpp::alloc<long>(T * N, hpp::Space::Shared);
  long* tot = hpp::alloc<long>(T, hpp::Space::Shared);
  for (int i = 0; i < T * N; ++i) {
    in[i] = (i * 11) % 17 - 8;
    ex[i] = inc[i] = -9;
  }
  for (int t = 0; t < T; ++t) tot[t] = -9;
  const long* ip = in;
  long* exp_ = ex;
  long* incp = inc;
  long* tp = tot;
#pragma hpp team
  for (int t = 0; t < T; ++t) {
    long s = 0;
#pragma hpp thread reduction(inscan, +: s)
    for (int i = 0; i < N; ++i) {
      exp_[t * N + i] = s;
#pragma hpp scan exclusive(s)
      s += ip[t * N + i];
    }
    long u = 100;
#pragma hpp vector reduction(inscan, +: u)
    for (int i = 0; i < N; ++i) {
      u += ip[t * N + i];
#pragma hpp scan inclusive(u)
      incp[t * N + i] = u;
    }
    tp[t] = s * 1000 + u;
  }
  int bad = 0;
  long cs = 0;
  for (int t = 0; t < T; ++t) {
    long s = 0, u = 100;
    for (int i = 0; i < N; ++i) {
      bad += ex[t * N + i] != s;
      s += in[t * N + i];
      u += in[t * N + i];
      bad += inc[t * N + i] != u;
      cs += ex[t * N + i] * (i % 3 + 1) + inc[t * N + i] * (i % 5 + 1);
    }
    bad += tot[t] != s * 1000 + u;
  }
  std::printf("checksum %ld ex[1] %ld ex[last] %ld inc[0] %ld inc[last] %ld tot[0] %ld tot[12] %ld mismatches %d\n",
              cs, ex[1], ex[T * N - 1], inc[0], inc[T * N - 1], tot[0], tot[T - 1], bad);
  hpp::free(in);
  hpp::free(ex);
  hpp::free(inc);
  hpp::free(tot);

  return 0;
}
