//===- dialect.hpp - The HIP dialect of the shared GPU runtime --*- C++ -*-===//
/// \file
/// What differs for HIP in the GPU runtime written once in runtime/gpu/:
/// the API prefix (HPPRT_GPU(Malloc) is hipMalloc), the calls whose HIP
/// form differs in more than the prefix, and the compiler passes. Two
/// platforms: AMD (clang -x hip, wavefronts of 64 or 32 lanes) and NVIDIA
/// (nvcc with __HIP_PLATFORM_NVIDIA__, where HIP maps onto CUDA and the
/// calls HIP 5.2 maps lossily are asked of CUDA directly).
//===----------------------------------------------------------------------===//
#pragma once

#include <hip/hip_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../gpu/dialect_types.hpp"

#define HPPRT_GPU_DIALECT_HIP 1
#define HPPRT_GPU(name) hip##name
#define HPPRT_GPU_PREFIX "hip"
#define HPPRT_GPU_NAME "HIP"
/// Defined while a GPU compiler (clang -x hip, or nvcc) compiles the file.
#if defined(__HIPCC__) || defined(__CUDACC__)
#define HPPRT_GPU_COMPILE 1
#endif
/// Defined in the device pass only.
#if defined(__HIP_DEVICE_COMPILE__) || defined(__CUDA_ARCH__)
#define HPPRT_GPU_DEVICE_PASS 1
#endif

/// The stream "the default stream" (a null stream handle) names in the file
/// being compiled: the per-thread default stream when the file is compiled
/// for it (clang's -fgpu-default-stream=per-thread defines
/// HIP_API_PER_THREAD_DEFAULT_STREAM; on NVIDIA nvcc's --default-stream
/// per-thread defines CUDA_API_PER_THREAD_DEFAULT_STREAM), the null
/// stream otherwise, which HIP 5.2 has no other name for. The runtime
/// library is compiled for the null stream, so inside it a null handle
/// means that stream.
#if defined(HIP_API_PER_THREAD_DEFAULT_STREAM) || defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
#define HPPRT_GPU_DEFAULT_STREAM hipStreamPerThread
#else
#define HPPRT_GPU_DEFAULT_STREAM static_cast<hipStream_t>(nullptr)
#endif

/// Scan kernels keep each item in registers. On NVIDIA hardware four
/// resident blocks per multiprocessor keep loads in flight, three when the
/// scan also keeps elements from pass 1 (as for CUDA);
/// on AMD the second bound would mean waves per EU, and 256 threads is
/// the bound that matters.
#ifdef __HIP_PLATFORM_NVIDIA__
#define HPPRT_GPU_SCAN_LAUNCH_BOUNDS __launch_bounds__(::hpprt::gpu::scan_block, 4)
#define HPPRT_GPU_SCAN_KEEPING_LAUNCH_BOUNDS __launch_bounds__(::hpprt::gpu::scan_block, 3)
#else
#define HPPRT_GPU_SCAN_LAUNCH_BOUNDS __launch_bounds__(::hpprt::gpu::scan_block)
#define HPPRT_GPU_SCAN_KEEPING_LAUNCH_BOUNDS __launch_bounds__(::hpprt::gpu::scan_block)
#endif

/// The second kernel of a team region with AUTO sizes (launch.hpp): on
/// NVIDIA hardware bounded to fill a multiprocessor, as for CUDA. On AMD
/// the only bound that would differ from the plain kernel's is the 256
/// threads AUTO chooses, not worth a second compile of every team kernel:
/// HPPRT_GPU_TEAM_BOUNDED, which names the bounded kernel where the
/// generated code launches the region, gives a null kernel there, so the
/// template is never instantiated and the plain kernel always runs.
#if defined(__HIP_PLATFORM_NVIDIA__)
#define HPPRT_GPU_TEAM_LAUNCH_BOUNDS                                                        \
  __launch_bounds__(::hpprt::gpu::auto_team_threads, HPPRT_GPU_NVIDIA_TEAM_BLOCKS)
#define HPPRT_GPU_TEAM_BOUNDED(kernel) kernel
#else
#define HPPRT_GPU_TEAM_LAUNCH_BOUNDS __launch_bounds__(::hpprt::gpu::auto_team_threads)
#define HPPRT_GPU_TEAM_BOUNDED(kernel) nullptr
#endif

namespace hpprt {
namespace gpu {
namespace dialect {

/// Kokkos Tools' names for this runtime: its device type and the names of
/// its memory spaces (device, managed, pinned host).
constexpr std::uint32_t tools_device_type = 3; // DeviceType::HIP
constexpr const char *tools_space_device = "HIP";
constexpr const char *tools_space_managed = "HIPManaged";
constexpr const char *tools_space_pinned = "HIPHostPinned";

inline hipError_t query_device(int device, DeviceLimits &d) {
  hipDeviceProp_t prop{};
  hipError_t err = hipGetDeviceProperties(&prop, device);
  if (err != hipSuccess)
    return err;
  std::strncpy(d.name, prop.name, sizeof d.name - 1);
  d.multiprocessors = prop.multiProcessorCount;
  d.max_threads_per_block = prop.maxThreadsPerBlock;
  d.max_threads_per_multiprocessor = prop.maxThreadsPerMultiProcessor;
  d.warp_size = prop.warpSize;
  d.max_grid_blocks = prop.maxGridSize[0];
#ifndef __HIP_PLATFORM_NVIDIA__
  d.max_grid_threads = 0xffffffffll;
#endif
  d.shared_per_block = prop.sharedMemPerBlock;
  // HIP 5.2 reports these two only on the NVIDIA platform ("CUDA only");
  // on AMD a compute unit holds at most one workgroup per wavefront slot
  // and LDS has no opt-in above sharedMemPerBlock.
  int value = 0;
  if (hipDeviceGetAttribute(&value, hipDeviceAttributeMaxBlocksPerMultiProcessor, device) ==
          hipSuccess &&
      value > 0)
    d.max_blocks_per_multiprocessor = value;
  else
    d.max_blocks_per_multiprocessor =
        std::max(1, prop.maxThreadsPerMultiProcessor / std::max(1, prop.warpSize));
  value = 0;
  if (hipDeviceGetAttribute(&value, hipDeviceAttributeSharedMemPerBlockOptin, device) ==
          hipSuccess &&
      static_cast<std::size_t>(value) > d.shared_per_block)
    d.shared_per_block = static_cast<std::size_t>(value);
  (void)hipGetLastError();
  int pageable = 0;
  err = hipDeviceGetAttribute(&pageable, hipDeviceAttributePageableMemoryAccess, device);
  d.pageable = pageable != 0;
  return err;
}

inline hipError_t pointer_kind(const void *p, PointerKind &kind) {
#ifdef __HIP_PLATFORM_NVIDIA__
  // HIP 5.2 maps managed and unregistered memory both to an error here.
  cudaPointerAttributes a{};
  const cudaError_t err = cudaPointerGetAttributes(&a, p);
  if (err != cudaSuccess)
    return hipCUDAErrorTohipError(err);
  kind = a.type == cudaMemoryTypeDevice    ? PointerKind::Device
         : a.type == cudaMemoryTypeManaged ? PointerKind::Managed
         : a.type == cudaMemoryTypeHost && a.devicePointer ? PointerKind::Pinned
                                                           : PointerKind::Pageable;
  return hipSuccess;
#else
  hipPointerAttribute_t a{};
  const hipError_t err = hipPointerGetAttributes(&a, p);
  if (err == hipErrorInvalidValue) { // memory HIP does not know: pageable
    (void)hipGetLastError();
    kind = PointerKind::Pageable;
    return hipSuccess;
  }
  if (err != hipSuccess)
    return err;
  kind = a.isManaged                           ? PointerKind::Managed
         : a.memoryType == hipMemoryTypeDevice ? PointerKind::Device
         : a.devicePointer                     ? PointerKind::Pinned
                                               : PointerKind::Pageable;
  return hipSuccess;
#endif
}

/// Pinned (page-locked) host memory, and its release.
inline hipError_t host_alloc(void **p, std::size_t bytes) { return hipHostMalloc(p, bytes, 0); }
inline hipError_t host_free(void *p) { return hipHostFree(p); }

/// Pinned host memory that kernels can reach through a device pointer.
/// Coherent (fine-grained) on AMD whatever HIP_HOST_COHERENT says: results
/// and their ready words must reach a host that spins on them while the
/// kernel runs (ResultBase::wait), not at the kernel's end. The flag is 0
/// on the NVIDIA platform, where mapped memory is coherent anyway.
inline hipError_t host_alloc_mapped(void **p, std::size_t bytes) {
  return hipHostMalloc(p, bytes,
                       hipHostMallocMapped | hipHostMallocPortable | hipHostMallocCoherent);
}

/// Whether the device allocates in stream order (hipMallocAsync).
inline bool stream_ordered_allocation(int device) {
  int yes = 0;
  if (hipDeviceGetAttribute(&yes, hipDeviceAttributeMemoryPoolsSupported, device) !=
      hipSuccess) {
    (void)hipGetLastError();
    return false;
  }
  return yes != 0;
}

/// A number that names stream's underlying stream for the context's
/// lifetime; HIP 5.2 has no such query (hipStreamGetId), so the runtime
/// never takes two handles for the same stream.
inline bool stream_id(hipStream_t, unsigned long long &) { return false; }

/// Queues kernel(args...) on stream, as <<<grid, block, shared, stream>>>
/// would, on device, the current one. A failure is recorded as
/// hipGetLastError() reports it (launch.hip).
hipError_t launch(const void *kernel, int device, dim3 grid, dim3 block,
                  std::size_t shared, hipStream_t stream, void **args);

/// The block size (at most limit threads, whole warps) with the most
/// resident threads when a block of n threads needs shared_for(n) bytes of
/// shared memory. HIP 5.2 has no VariableSMem form of the occupancy query,
/// so this asks the fixed-size one for each candidate, as CUDA's does.
template <class SharedFor>
hipError_t max_potential_block(int *block, const void *kernel, SharedFor shared_for,
                               int limit, int warp_size) {
  int best = 0, best_threads = 0;
  for (int n = limit - limit % warp_size; n >= warp_size; n -= warp_size) {
    int blocks = 0;
    const hipError_t err = hipOccupancyMaxActiveBlocksPerMultiprocessor(
        &blocks, reinterpret_cast<const void *>(kernel), n, shared_for(n));
    if (err != hipSuccess)
      return err;
    if (blocks * n > best_threads) {
      best_threads = blocks * n;
      best = n;
    }
  }
  *block = best;
  return hipSuccess;
}

} // namespace dialect
} // namespace gpu
/// hpprt::hip is the GPU runtime built for HIP: generated code names it.
namespace hip = gpu;
} // namespace hpprt
