//===- warp.hpp - Warp (wavefront) primitives of the GPU runtime -*- C++ -*-===//
/// \file
/// The runtime's reductions and scans work warp by warp. NVIDIA warps have
/// 32 lanes and `_sync` intrinsics with 32-bit lane masks; AMD wavefronts
/// have 64 lanes on gfx9 data-centre parts (32 on RDNA), run in lockstep
/// and take 64-bit masks. Everything warp-sized in runtime/gpu/ goes
/// through this header, so no 32 is hard-coded elsewhere. The choice is
/// by hardware, not dialect: HIP on the NVIDIA platform gets NVIDIA warps.
//===----------------------------------------------------------------------===//
#pragma once

#include "config.hpp"

#include <cstdint>

namespace hpprt {
namespace gpu {
namespace warp {

#if defined(__HIP_PLATFORM_AMD__) || defined(__HIP_PLATFORM_HCC__)
#define HPPRT_GPU_AMD_WAVEFRONTS 1
#endif

#ifdef HPPRT_GPU_AMD_WAVEFRONTS
#if defined(__AMDGCN_WAVEFRONT_SIZE)
constexpr unsigned size = __AMDGCN_WAVEFRONT_SIZE;
#else
/// The host pass has no target wavefront: the widest one sizes host-side
/// arrays (device code sees the real width above).
constexpr unsigned size = 64;
#endif
using mask_t = std::uint64_t;
#else
constexpr unsigned size = 32;
using mask_t = unsigned;
#endif

/// The width as an int: the step of generated vector loops over a warp.
constexpr int lanes = static_cast<int>(size);
/// Most warps a block of 1024 threads has: sizes per-warp shared arrays.
constexpr unsigned max_per_block = 1024 / size;
/// Every lane of a warp (on AMD wave32, the low half of the 64-bit mask).
constexpr mask_t full_mask =
    size >= 8 * sizeof(mask_t) ? ~mask_t(0) : (mask_t(1) << (size % (8 * sizeof(mask_t)))) - 1;

#ifdef HPPRT_GPU_COMPILE
/// The first \p lanes lanes of a warp.
__device__ inline mask_t lanes_mask(unsigned lanes) {
  return lanes >= size ? full_mask : ((mask_t(1) << lanes) - 1);
}

// One 32-bit word across lanes. The AMD forms take no mask: a wavefront's
// lanes run in lockstep and inactive lanes return their own value.
__device__ inline unsigned shfl_xor(mask_t mask, unsigned v, int lane_mask, int width) {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  (void)mask;
  return static_cast<unsigned>(__shfl_xor(static_cast<int>(v), lane_mask, width));
#else
  return __shfl_xor_sync(mask, v, lane_mask, width);
#endif
}
__device__ inline unsigned shfl_down(mask_t mask, unsigned v, unsigned delta) {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  (void)mask;
  return static_cast<unsigned>(__shfl_down(static_cast<int>(v), delta));
#else
  return __shfl_down_sync(mask, v, delta);
#endif
}
__device__ inline unsigned shfl_up(mask_t mask, unsigned v, unsigned delta) {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  (void)mask;
  return static_cast<unsigned>(__shfl_up(static_cast<int>(v), delta));
#else
  return __shfl_up_sync(mask, v, delta);
#endif
}
__device__ inline unsigned shfl(mask_t mask, unsigned v, int src, int width) {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  (void)mask;
  return static_cast<unsigned>(__shfl(static_cast<int>(v), src, width));
#else
  return __shfl_sync(mask, v, src, width);
#endif
}

__device__ inline bool any(mask_t mask, bool pred) {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  (void)mask;
  return __any(pred);
#else
  return __any_sync(mask, pred);
#endif
}
__device__ inline mask_t ballot(mask_t mask, bool pred) {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  (void)mask;
  return __ballot(pred);
#else
  return __ballot_sync(mask, pred);
#endif
}
/// 1 + the lowest set lane of \p m, 0 when none is.
__device__ inline int first_lane_plus_one(mask_t m) {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  return __ffsll(static_cast<unsigned long long>(m));
#else
  return __ffs(m);
#endif
}
/// Orders the warp's shared-memory accesses before and after.
__device__ inline void sync() {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
#else
  __syncwarp();
#endif
}

/// A word another block wrote in this launch, read past the
/// (non-coherent) first-level cache.
__device__ inline unsigned load_coherent(const unsigned *p) {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  return __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
#else
  return __ldcg(p);
#endif
}
__device__ inline unsigned long long load_coherent(const unsigned long long *p) {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  return __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
#else
  return __ldcg(p);
#endif
}

/// Stores of 8 and 16 bytes that other blocks read with load_coherent in
/// the same launch: one memory operation each, so a reader sees either
/// the old or the new value whole (scan tile status and value together).
struct alignas(16) Bits128 {
  unsigned long long lo, hi;
};
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
typedef unsigned long long Bits128Vector __attribute__((ext_vector_type(2)));
#endif
__device__ inline void store_coherent(unsigned long long *p, unsigned long long v) {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  __hip_atomic_store(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
#else
  __stcg(p, v);
#endif
}
__device__ inline void store_coherent(Bits128 *p, Bits128 v) {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  *reinterpret_cast<volatile Bits128Vector *>(p) = Bits128Vector{v.lo, v.hi};
#else
  __stcg(reinterpret_cast<ulonglong2 *>(p), make_ulonglong2(v.lo, v.hi));
#endif
}
__device__ inline Bits128 load_coherent(const Bits128 *p) {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  const Bits128Vector v = *reinterpret_cast<const volatile Bits128Vector *>(p);
  return Bits128{v.x, v.y};
#else
  const ulonglong2 v = __ldcg(reinterpret_cast<const ulonglong2 *>(p));
  return Bits128{v.x, v.y};
#endif
}

/// Sleeps about \p Ns nanoseconds: the back-off of a loop that polls
/// memory other blocks write, so that the polling leaves the memory
/// system to the blocks doing the work. AMD sleeps in units of 64 clocks
/// (about 40 ns at 1.6 GHz), at most 127 of them.
template <unsigned Ns> __device__ inline void nap() {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  constexpr unsigned units = Ns / 40 < 1 ? 1 : Ns / 40 > 127 ? 127 : Ns / 40;
  __builtin_amdgcn_s_sleep(units);
#elif !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
  __nanosleep(Ns);
#endif
}

/// Stops the kernel (after a message printed by the caller).
[[noreturn]] __device__ inline void trap() {
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
  __builtin_trap();
#else
  __trap();
#endif
}
#endif // HPPRT_GPU_COMPILE

} // namespace warp
} // namespace gpu
} // namespace hpprt
