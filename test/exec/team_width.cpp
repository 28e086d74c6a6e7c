// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: env OMP_NUM_THREADS=3 %t > %t.out3 && %compare %t.ser.out %t.out3
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// Team regions whose loops have constant trip counts run on AUTO teams of
// their width in whole warps (codegen/team_width.cpp): 17 (one warp), 125
// (four), 300 (capped at 256: the loops then take more than one step per
// thread), with team-vector and thread loops, ascending and descending,
// scratch written by one loop and read by the next, and a reduction.
// The first region has width 125 (its thread loop 17).
#include <cstdio>
#include <hpp/hpp.hpp>

constexpr int W = 125;

int main() {
  const int E = 777;
  const int D = 17, Big = 300;
  double *in = hpp::alloc<double>(E * Big, hpp::Space::Shared);
  double *out = hpp::alloc<double>(E * Big, hpp::Space::Shared);
  for (int i = 0; i < E * Big; ++i)
    in[i] = (i * 37 % 101) * 0.25;

  double total = 0;
  #pragma hpp team reduction(+: total)
  for (int e = 0; e < E; ++e) {
    #pragma hpp scratch
    double s[Big];
    #pragma hpp vector
    for (int k = 0; k < W; ++k)
      s[k] = in[e * Big + k] * 2;
    #pragma hpp thread reduction(+: total)
    for (int k = D - 1; k >= 0; --k) {
      out[e * Big + k] = s[k] + s[W - 1 - k];
      total += s[k];
    }
  }
  // Width 283 (the descending loop): capped at 256 threads.
  #pragma hpp team
  for (int e = 0; e < E; ++e) {
    #pragma hpp scratch
    double s[Big];
    #pragma hpp vector
    for (int k = 0; k < Big; ++k)
      s[k] = in[e * Big + k] + 1;
    #pragma hpp vector
    for (int k = Big - 1; k >= D; --k)
      out[e * Big + k] = s[k] - s[Big - 1 - k] * 0.5;
  }

  double check = 0;
  for (int i = 0; i < E * Big; ++i)
    check += out[i] * (i % 13 + 1);
  std::printf("team width: total %.17g weighted out %.17g out[5] %.17g out[last] %.17g\n", total,
              check, out[5], out[E * Big - 1]);
  hpp::free(in);
  hpp::free(out);
  return 0;
}
