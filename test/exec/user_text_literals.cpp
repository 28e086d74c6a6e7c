// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: env OMP_NUM_THREADS=3 %t > %t.out3 && %compare %t.ser.out %t.out3
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// String literals that continue over lines (a raw string, a line splice)
// inside loop bodies that the GPU emitter copies: a team-vector loop's
// specialised path and a scan's input phase, under indented pragmas. The
// copies were indented, so sizeof of each literal grew on the GPU only
// (codegen/user_text_layout.cpp checks the text).
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int n = 300, m = 70;
  long *a = hpp::alloc<long>(n * m, hpp::Space::Shared);
  long *in = hpp::alloc<long>(n, hpp::Space::Shared);
  long *out = hpp::alloc<long>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i)
    in[i] = i % 5;
    #pragma hpp team
    for (int i = 0; i < n; ++i) {
        #pragma hpp vector
        for (int j = 0; j < m; ++j) {
            a[i * m + j] = j * (long)sizeof(R"(one
two)") + (long)sizeof("three\
four");
        }
    }
    long s = 0;
    #pragma hpp parallel reduction(inscan, +: s)
    for (int i = 0; i < n; ++i) {
        s += in[i] + (long)sizeof(R"(x
y)");
        #pragma hpp scan inclusive(s)
        out[i] = s;
    }
  long check = 0;
  for (int k = 0; k < n * m; ++k)
    check += a[k] * (k % 7 + 1);
  std::printf("team-vector literals: a[1] %ld, weighted sum %ld\n", a[1], check);
  std::printf("scan literals: out[0] %ld, out[n-1] %ld, total %ld\n", out[0], out[n - 1], s);
  hpp::free(a);
  hpp::free(in);
  hpp::free(out);
  return 0;
}
