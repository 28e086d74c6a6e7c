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

// A value computed in '#pragma hpp single' into a team-level variable is
// broadcast to the team and read by a vector loop; also a single per thread
// inside a thread loop, and a block single assigning two variables.
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int T = 17, N = 31;
  double* in = hpp::alloc<double>(T * N, hpp::Space::Shared);
  double* out = hpp::alloc<double>(T * N, hpp::Space::Shared);
  double* out2 = hpp::alloc<double>(T * N, hpp::Space::Shared);
  for (int i = 0; i < T * N; ++i) {
    in[i] = (i * 7) % 19 - 9;
    out[i] = out2[i] = -1;
  }
  const double* ip = in;
  double* op = out;
  double* op2 = out2;
  int* counter = hpp::alloc<int>(T, hpp::Space::Shared);
  for (int t = 0; t < T; ++t) counter[t] = 0;
  int* cp = counter;

#pragma hpp team
  for (int t = 0; t < T; ++t) {
    double pivot = 0;
#pragma hpp single
    pivot = ip[t * N] * 2 + t;
    double lo = 0, hi = 0;
#pragma hpp single
    {
      lo = ip[t * N + 1];
      hi = ip[t * N + N - 1];
      cp[t] += 1;  // executed once per team
    }
#pragma hpp vector
    for (int i = 0; i < N; ++i)
      op[t * N + i] = ip[t * N + i] - pivot + lo * hi;
#pragma hpp thread
    for (int i = 0; i < N; ++i) {
      double mine = 0;
#pragma hpp single per(thread)
      mine = ip[t * N + i] * 3;
      op2[t * N + i] = mine + pivot;
    }
  }

  int bad = 0;
  double cs = 0, cs2 = 0;
  for (int t = 0; t < T; ++t) {
    double pivot = in[t * N] * 2 + t, lo = in[t * N + 1], hi = in[t * N + N - 1];
    bad += counter[t] != 1;
    for (int i = 0; i < N; ++i) {
      bad += out[t * N + i] != in[t * N + i] - pivot + lo * hi;
      bad += out2[t * N + i] != in[t * N + i] * 3 + pivot;
      cs += out[t * N + i] * (i % 3 + 1);
      cs2 += out2[t * N + i] * (i % 4 + 1);
    }
  }
  std::printf("checksum %.17g %.17g out[0] %.17g out[mid] %.17g out[last] %.17g\n", cs, cs2, out[0],
              out[T * N / 2], out[T * N - 1]);
  std::printf("out2[0] %.17g out2[last] %.17g counter[0] %d counter[16] %d mismatches %d\n", out2[0],
              out2[T * N - 1], counter[0], counter[T - 1], bad);
  hpp::free(in);
  hpp::free(out);
  hpp::free(out2);
  hpp::free(counter);

  return 0;
}
