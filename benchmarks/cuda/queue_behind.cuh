// Device-only timing for the CUDA benchmarks: a one-thread kernel that
// keeps the device busy for a given number of clock cycles. Launched on the
// default stream before a timed call's first event, it lets the host
// prepare the call while the device is busy, so the events measure the
// device's time alone (benchmarks/suite --queued, scan_shape `queued`).
#pragma once

#include <cuda_runtime.h>

template <int = 0> __global__ void queue_behind_kernel(long long cycles) {
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}

/// Queues queue_behind_kernel for `cycles` on the default stream.
inline void queue_behind(long long cycles) { queue_behind_kernel<><<<1, 1>>>(cycles); }

/// Clock cycles of `us` microseconds at a clock of `khz` kHz
/// (cudaDevAttrClockRate, the maximum clock).
constexpr long long cycles_of_us(int us, int khz) {
  return static_cast<long long>(us) * khz / 1000;
}
