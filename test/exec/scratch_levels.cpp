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

// Level 0 and level 1 scratch, per team and per thread, in one team loop,
// with run-time sizes. Each team fills its arrays, combines them and writes a
// per-team result; per-thread scratch is private to each thread loop
// iteration's thread.
#include <cstdio>
#include <hpp/hpp.hpp>

void run(int T, int N, int K, const double* in, double* out, double* out2) {
#pragma hpp team
  for (int t = 0; t < T; ++t) {
#pragma hpp scratch level(0) per(team)
    double a[N];
#pragma hpp scratch level(1) per(team)
    double b[N + 3];
#pragma hpp scratch level(0) per(thread)
    double c[K];
#pragma hpp scratch level(1) per(thread)
    int d[K][4];
#pragma hpp vector
    for (int i = 0; i < N; ++i)
      a[i] = in[t * N + i];
#pragma hpp vector
    for (int i = 0; i < N + 3; ++i)
      b[i] = i < N ? 2 * in[t * N + i] : 1000 * (i - N + 1);
    double s = 0;
#pragma hpp thread reduction(+: s)
    for (int i = 0; i < N; ++i) {
#pragma hpp vector
      for (int k = 0; k < K; ++k) {
        c[k] = a[i] * (k + 1);
        d[k][0] = k;
        d[k][3] = i;
      }
      double local = 0;
#pragma hpp vector reduction(+: local)
      for (int k = 0; k < K; ++k)
        local += c[k] + d[k][0] + d[k][3] + b[i] - b[N + 2];
      s += local;
    }
    double tail = b[N] + b[N + 1] + b[N + 2];
#pragma hpp single
    {
      out[t] = s;
      out2[t] = tail + a[0] + a[N - 1];
    }
  }
}

int main() {
  const int T = 23, N = 19, K = 7;
  double* in = hpp::alloc<double>(T * N, hpp::Space::Shared);
  double* out = hpp::alloc<double>(T, hpp::Space::Shared);
  double* out2 = hpp::alloc<double>(T, hpp::Space::Shared);
  for (int i = 0; i < T * N; ++i) in[i] = (i * 5) % 23 - 11;
  for (int t = 0; t < T; ++t) out[t] = out2[t] = -1;
  run(T, N, K, in, out, out2);
  int bad = 0;
  double cs = 0;
  for (int t = 0; t < T; ++t) {
    double s = 0;
    for (int i = 0; i < N; ++i)
      for (int k = 0; k < K; ++k) {
        double bi = 2 * in[t * N + i];
        s += in[t * N + i] * (k + 1) + k + i + bi - 3000;
      }
    double r2 = 6000 + in[t * N] + in[t * N + N - 1];
    bad += (out[t] != s) + (out2[t] != r2);
    cs += out[t] * (t + 1) + out2[t];
  }
  std::printf("checksum %.17g out[0] %.17g out[11] %.17g out[22] %.17g out2[0] %.17g out2[22] %.17g mismatches %d\n",
              cs, out[0], out[11], out[T - 1], out2[0], out2[T - 1], bad);
  // Other run-time sizes through the same code.
  run(5, 3, 1, in, out, out2);
  std::printf("small out[0] %.17g out[4] %.17g out2[4] %.17g\n", out[0], out[4], out2[4]);
  hpp::free(in);
  hpp::free(out);
  hpp::free(out2);

  return 0;
}
