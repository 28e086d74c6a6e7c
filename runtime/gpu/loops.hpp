//===- loops.hpp - Nested loops of translated GPU code ----------*- C++ -*-===//
/// \file
/// A thread, vector or team-vector loop gives each thread (or lane) the
/// iterations rank, rank + size, ...: the translator emits it as a counted
/// 32-bit loop over this count, which nvcc unrolls and pipelines, where a
/// 64-bit `iv < n; iv += size` loop with a run-time step stays one load per
/// trip (measured on an H200: docs/performance.md).
//===----------------------------------------------------------------------===//
#pragma once

#include <climits>
#include <cstdio>

#include "../common/loop.hpp"
#include "config.hpp"
#include "warp.hpp"

namespace hpprt {
namespace gpu {

#ifdef HPPRT_GPU_COMPILE
/// The rare case of lane_trip_count, out of line: a 64-bit division and a
/// printf would otherwise cost every kernel with a nested loop registers
/// (a team contraction: 56 -> 48). On NVIDIA only: HIP 5.2 defines
/// __noinline__ empty for clang, which suits AMD, where a call costs the
/// kernel the callee's stack and registers. There the printf (a hostcall)
/// still costs kernels whose n the compiler cannot bound 176 bytes of
/// scratch per lane (docs/performance.md, HIP backend).
__device__ __noinline__ inline int wide_lane_trip_count(index_t n, int rank, int size) {
  const index_t count = (n - rank + size - 1) / size;
  if (count > INT_MAX) {
    printf("hpp: a nested loop of %lld iterations gives one thread more than "
           "%d of them\n",
           static_cast<long long>(n), INT_MAX);
    warp::trap();
  }
  return static_cast<int>(count);
}

/// How many of \p n iterations fall to position \p rank of \p size. A count
/// that does not fit a 32-bit counter stops the kernel with a message
/// rather than running the wrong iterations.
__device__ inline int lane_trip_count(index_t n, int rank, int size) {
  if (n <= rank)
    return 0;
  // n - rank < 2^31 and size <= 1024: no overflow in 32-bit unsigned.
  if (n <= INT_MAX)
    return static_cast<int>((static_cast<unsigned>(n - rank) + static_cast<unsigned>(size) - 1u) /
                            static_cast<unsigned>(size));
  return wide_lane_trip_count(n, rank, size);
}

/// The rank of a loop's copy specialised for a step of \p Step lanes, where
/// rank < Step holds. Masked when Step is a power of two, which costs one
/// instruction and tells the compiler the range (nvcc ignores
/// __builtin_assume): a loop of at most Step iterations then runs once per
/// lane without a trip count, and a non-negative index is divided by
/// shifts rather than by a signed division (docs/performance.md).
template <int Step> __device__ inline int rank_within(int rank) {
  static_assert(Step > 0, "a loop's step is positive");
  if constexpr ((Step & (Step - 1)) == 0)
    return rank & (Step - 1);
  else
    return rank;
}
#endif

} // namespace gpu
} // namespace hpprt
