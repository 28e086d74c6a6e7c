// A kernel that fails after the host stopped waiting for it (nowait) is
// reported by the next wait on its stream, naming the kernel and its line
// (issue 13, item 1). Runs where a GPU is (scripts/device/).
// REQUIRES: cuda
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// RUN: not %t > %t.out 2> %t.err
// RUN: %FileCheck --input-file=%t.out %s --check-prefix=OUT
// RUN: %FileCheck --input-file=%t.err %s --implicit-check-not=terminate
// OUT: queued 256 iterations without waiting
// CHECK: hpp: error: hpp::Stream::fence: kernel 'wild' ({{.*}}cuda_stream_error.cpp:[[@LINE+9]]) failed: {{.*}}illegal memory access{{.*}}
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const long n = 256;
  double* p = hpp::alloc<double>(n, hpp::Space::Device);
  const long far = 1L << 40; // far outside any allocation
  hpp::Stream s;
#pragma hpp parallel stream(s) nowait name("wild")
  for (long i = 0; i < n; ++i)
    p[i + far] = 1.0;
  std::printf("queued %ld iterations without waiting\n", n);
  std::fflush(stdout);
  s.fence();
  std::printf("not reached\n");
  return 0;
}
