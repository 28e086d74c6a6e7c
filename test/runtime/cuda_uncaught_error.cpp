// On CUDA too, a runtime error the program does not catch ends it with one
// "hpp: error:" line naming the kernel, its line and the sizes, and exit
// status 1 (issue 11, item 11). Runs where a GPU is (scripts/device/).
// REQUIRES: cuda
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// RUN: not %t 2> %t.err
// RUN: %FileCheck --input-file=%t.err %s --implicit-check-not=terminate
// CHECK: hpp: error: kernel 'too_wide' ({{.*}}cuda_uncaught_error.cpp:[[@LINE+9]]): team_size 4096 {{.*}} exceeds the device limit of {{[0-9]+}} threads per block
#include <hpp/hpp.hpp>

int main(int argc, char**) {
  const int n = 8;
  double* out = hpp::alloc<double>(n, hpp::Space::Shared);
  // Known only at run time: a constant this wide is refused by hppc
  // (diagnostics/cuda/launch_shape.cpp).
  const int width = argc > 0 ? 4096 : 1;
#pragma hpp team team_size(width) name("too_wide")
  for (int t = 0; t < n; ++t) {
#pragma hpp thread
    for (int i = 0; i < 4096; ++i)
      if (i == 0)
        out[t] = t;
  }
  hpp::free(out);
  return 0;
}
