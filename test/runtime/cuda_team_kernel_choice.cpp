// HPP_TEAM_KERNEL=bounded|plain picks which of an AUTO team region's two
// CUDA kernels runs (the bounded one or the one as written); the results
// are the same either way, and a value that is no choice is an error
// naming the variable, never a silent default. Runs where a GPU is
// (scripts/device/).
// REQUIRES: cuda
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// RUN: %t > %t.auto
// RUN: env HPP_TEAM_KERNEL=bounded %t > %t.bounded
// RUN: env HPP_TEAM_KERNEL=plain %t > %t.plain
// RUN: diff %t.auto %t.bounded
// RUN: diff %t.auto %t.plain
// RUN: %FileCheck --input-file=%t.auto %s --check-prefix=OUT
// RUN: env HPP_TEAM_KERNEL=fast not %t 2> %t.err
// RUN: %FileCheck --input-file=%t.err %s --implicit-check-not=terminate
// OUT: row sums 8128 24512 40896
// CHECK: hpp: error: HPP_TEAM_KERNEL='fast' is not a choice (expected auto, bounded or plain)
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int rows = 3, cols = 128;
  double* a = hpp::alloc<double>(rows * cols, hpp::Space::Shared);
  double* sums = hpp::alloc<double>(rows, hpp::Space::Shared);
  for (int i = 0; i < rows * cols; ++i)
    a[i] = i;
#pragma hpp team name("row_sums")
  for (int r = 0; r < rows; ++r) {
    double s = 0;
#pragma hpp thread reduction(+: s)
    for (int c = 0; c < cols; ++c)
      s += a[r * cols + c];
    sums[r] = s;
  }
  std::printf("row sums %.0f %.0f %.0f\n", sums[0], sums[1], sums[2]);
  hpp::free(a);
  hpp::free(sums);
  return 0;
}
