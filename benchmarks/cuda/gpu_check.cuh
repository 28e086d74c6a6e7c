// Helpers shared by the stand-alone CUDA benchmarks of benchmarks/cuda/*/:
// CK(call) exits with the call and CUDA's message when a runtime call fails;
// median_ms(reps, f) is the median over reps of f()'s time on the default
// stream by events, after two untimed calls (warm-up). With
// g_queue_behind_cycles set, each timed call is queued behind a one-thread
// kernel of that many clock cycles launched before the first event, so the
// host's launch work overlaps it and the time is the device's alone.
#pragma once

#include <cuda_runtime.h>

#include "queue_behind.cuh"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x)                                                                                   \
  do {                                                                                          \
    cudaError_t e_ = (x);                                                                       \
    if (e_ != cudaSuccess) {                                                                    \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(1);                                                                             \
    }                                                                                           \
  } while (0)

inline long long g_queue_behind_cycles = 0;

/// Sets g_queue_behind_cycles to `us` microseconds at the device's clock.
inline void queue_behind_us(int us) {
  int khz = 0;
  CK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0));
  g_queue_behind_cycles = cycles_of_us(us, khz);
}

template <class F> float median_ms(int reps, F &&f) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  f();
  f();
  std::vector<float> t;
  for (int r = 0; r < reps; ++r) {
    if (g_queue_behind_cycles)
      queue_behind(g_queue_behind_cycles);
    CK(cudaEventRecord(a));
    f();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
