// A release build (-DNDEBUG) checks captured pointers too: pageable host
// memory on a device that cannot reach it (the H100 and H200 here) stops the
// launch with an error naming the variable, the kernel, its line and the
// clause that fixes it (issue 14, item 3). Before, only debug builds
// checked, and a release build faulted inside the kernel, naming neither
// the variable nor a fix. Memory from hpp::alloc passes without a driver
// query (a table lookup), in every build. Runs where a GPU is
// (scripts/device/run-cuda-wrapper.sh).
// REQUIRES: cuda
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %nvcc_hpp -DNDEBUG %t.cu -o %t %nvcc_hpp_link
// RUN: not %t > %t.out 2> %t.err
// RUN: %FileCheck --input-file=%t.out %s --check-prefix=OUT
// RUN: %FileCheck --input-file=%t.err %s --implicit-check-not=terminate
// OUT: device memory: 1.5 3
// CHECK: hpp: error: kernel 'scale' ({{.*}}cuda_pageable_release.cpp:[[@LINE+6]]): pointer 'v' points to pageable host memory, {{.*}}add map(tofrom: v[0:n])
#include <cstdio>
#include <hpp/hpp.hpp>

// The allocation is out of hppc's sight: only the launch can tell.
void scale(double* v, int n) {
#pragma hpp parallel name("scale")
  for (int i = 0; i < n; ++i)
    v[i] *= 1.5;
}

double* host_array(int n) { return new double[n]; }

int main() {
  const int n = 1000;
  double* d = hpp::alloc<double>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i)
    d[i] = i;
  scale(d, n);
  std::printf("device memory: %g %g\n", d[1], d[2]);
  std::fflush(stdout);
  double* h = host_array(n);
  for (int i = 0; i < n; ++i)
    h[i] = i;
  scale(h, n);
  std::printf("not reached: %g\n", h[1]);
  return 0;
}
