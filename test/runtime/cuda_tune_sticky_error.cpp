// HPP_TUNE=1: a tuning candidate whose launch returns an error that is not
// about its shape (here the sticky illegal address a nowait kernel left)
// is not dropped as a shape that cannot run: the launch's error is reported
// at once, naming the kernel and its line, and the tuner's report at exit
// lists no failed candidate. Before, every candidate was dropped in turn
// ("failed") until the automatic shape's launch reported the error. Runs
// where a GPU is.
// REQUIRES: cuda
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// RUN: rm -rf %t.cache && not env HPP_TUNE=1 HPP_TUNE_VERBOSE=1 HPP_TUNE_CACHE=%t.cache %t > %t.out 2> %t.err
// RUN: %FileCheck --input-file=%t.out %s --check-prefix=OUT
// RUN: %FileCheck --input-file=%t.err %s --implicit-check-not=failed
// OUT: first launches done
// OUT: caught: hpp: kernel 'scale' ({{.*}}cuda_tune_sticky_error.cpp:[[@LINE+12]]): launching the kernel: {{.*}}illegal memory access
// CHECK: hpp: tune: 'scale' ({{.*}}cuda_tune_sticky_error.cpp:[[@LINE+11]]) n=2^20 on {{.*}}: 256 {{[0-9.]+}}us, 128 -{{.*}} -> undecided
#include <chrono>
#include <cstdio>
#include <exception>
#include <hpp/hpp.hpp>
#include <thread>

const long n = 1L << 20;

// Tuned: each launch of this region runs the next candidate shape.
void scale(double *p) {
#pragma hpp parallel name("scale")
  for (long i = 0; i < n; ++i)
    p[i] = 2.0 * static_cast<double>(i);
}

int main() {
  double *p = hpp::alloc<double>(n, hpp::Space::Device);
  scale(p); // the automatic shape, timed
  scale(p); // the second candidate, timed; the first's time is read
  std::printf("first launches done\n");
  std::fflush(stdout);
  const long far = 1L << 40; // far outside any allocation
  // Never destroyed: with the sticky error, destroying a stream fails and
  // stops the program (runtime/gpu/queue.cu), before the tuner's report
  // at exit that this test reads.
  hpp::Stream &s = *new hpp::Stream;
#pragma hpp parallel stream(s) nowait name("wild")
  for (long i = 0; i < 256; ++i)
    p[i + far] = 1.0;
  try {
    s.fence();
  } catch (const std::exception &) {
    // The fault is known now and sticky: every later launch returns it.
  }
  try {
    // The second candidate again (its time could not be read): its launch
    // meets the sticky error.
    scale(p);
    std::printf("not reached\n");
  } catch (const std::exception &e) {
    std::printf("caught: %s\n", e.what());
    return 1;
  }
  return 0;
}
