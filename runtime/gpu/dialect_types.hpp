//===- dialect_types.hpp - What each GPU dialect reports --------*- C++ -*-===//
/// \file
/// The types through which runtime/cuda/dialect.hpp and
/// runtime/hip/dialect.hpp answer the shared runtime: one definition, each
/// dialect fills them from its own API.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>

/// How many blocks of auto_team_threads (256) fill a multiprocessor of the
/// NVIDIA architecture being compiled, its resident threads / 256: 1024
/// threads on sm_75, 1536 on sm_86, 87, 89, 120 and 121, 2048 on sm_80, 90
/// and 100. The bounded team kernel asks ptxas for this many blocks
/// (HPPRT_GPU_TEAM_LAUNCH_BOUNDS); asking for more than fit would only cap
/// its registers for an occupancy the hardware cannot reach (8 blocks on
/// sm_75: 32 registers a thread, where 4 full blocks allow 64).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 750
#define HPPRT_GPU_NVIDIA_TEAM_BLOCKS 4
#elif defined(__CUDA_ARCH__) &&                                                            \
    (__CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 870 || __CUDA_ARCH__ == 890 ||                  \
     __CUDA_ARCH__ == 1200 || __CUDA_ARCH__ == 1210)
#define HPPRT_GPU_NVIDIA_TEAM_BLOCKS 6
#else
#define HPPRT_GPU_NVIDIA_TEAM_BLOCKS 8
#endif

namespace hpprt {
namespace gpu {
namespace dialect {

/// What the launch planner needs to know about a device.
struct DeviceLimits {
  char name[256] = {};
  int multiprocessors = 0;
  int max_threads_per_block = 0;
  int max_blocks_per_multiprocessor = 0;
  /// Resident threads per multiprocessor (UniqueToken's concurrency).
  int max_threads_per_multiprocessor = 0;
  int warp_size = 0;
  /// Blocks one launch may have along x, and threads in all (0: no bound
  /// beyond the blocks'; AMD counts a dispatch's work-items in 32 bits).
  long long max_grid_blocks = 0;
  long long max_grid_threads = 0;
  /// Shared memory (LDS) one block may use, after opting in where the
  /// hardware has an opt-in.
  std::size_t shared_per_block = 0;
  /// Whether kernels may dereference pageable host memory.
  bool pageable = false;
};

/// What memory a pointer points into, as far as the GPU runtime knows.
enum class PointerKind { Pageable, Pinned, Device, Managed };

} // namespace dialect
} // namespace gpu
} // namespace hpprt
