//===- dialect.hpp - The CUDA dialect of the shared GPU runtime -*- C++ -*-===//
/// \file
/// runtime/gpu/ is written once for CUDA and HIP. This header names what
/// differs for CUDA: the API prefix (HPPRT_GPU(Malloc) is cudaMalloc), the
/// few calls whose HIP counterparts differ in more than the prefix, and
/// which compiler pass is running. The files of runtime/cuda/ include it
/// before the shared file of the same name.
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../gpu/dialect_types.hpp"

#define HPPRT_GPU_DIALECT_CUDA 1
#define HPPRT_GPU(name) cuda##name
#define HPPRT_GPU_PREFIX "cuda"
#define HPPRT_GPU_NAME "CUDA"
/// Defined while a GPU compiler (nvcc) compiles the file.
#ifdef __CUDACC__
#define HPPRT_GPU_COMPILE 1
#endif
/// Defined in the device pass only.
#ifdef __CUDA_ARCH__
#define HPPRT_GPU_DEVICE_PASS 1
#endif

/// The stream "the default stream" (a null stream handle) names in the file
/// being compiled: the per-thread default stream under nvcc's
/// `--default-stream per-thread` (which defines
/// CUDA_API_PER_THREAD_DEFAULT_STREAM), the legacy one otherwise. The
/// runtime library itself is compiled for the legacy stream, so a null
/// handle passed into it would always mean the legacy stream: headers
/// compiled in the user's files name the stream with this handle instead.
#ifdef CUDA_API_PER_THREAD_DEFAULT_STREAM
#define HPPRT_GPU_DEFAULT_STREAM cudaStreamPerThread
#else
#define HPPRT_GPU_DEFAULT_STREAM cudaStreamLegacy
#endif

/// Scan kernels keep each item in registers; four resident blocks per
/// multiprocessor (64 registers) keep enough loads in flight. With three
/// (85 registers) ptxas spent registers on the suite's generated scans,
/// which then ran three blocks; at 64 they fit without spills.
#define HPPRT_GPU_SCAN_LAUNCH_BOUNDS __launch_bounds__(::hpprt::gpu::scan_block, 4)
/// A scan that keeps elements from pass 1 for pass 2 (up to 8 bytes per
/// item: 32 more registers) runs three blocks: at four the suite's index
/// list spilled; at three (80 registers) it ran 0.87 -> 1.01-1.05 of
/// cub::DeviceSelect::If at 2^25 (docs/performance.md).
#define HPPRT_GPU_SCAN_KEEPING_LAUNCH_BOUNDS __launch_bounds__(::hpprt::gpu::scan_block, 3)

/// The second kernel of a team region with AUTO sizes: at most 256 threads
/// per block (what AUTO chooses) and enough blocks to fill a multiprocessor
/// of the architecture (HPPRT_GPU_NVIDIA_TEAM_BLOCKS), which caps its
/// registers where ptxas would otherwise spend occupancy on them
/// (launch.hpp). HPPRT_GPU_TEAM_BOUNDED names it where the generated code
/// launches the region: on CUDA always.
#define HPPRT_GPU_TEAM_LAUNCH_BOUNDS                                                        \
  __launch_bounds__(::hpprt::gpu::auto_team_threads, HPPRT_GPU_NVIDIA_TEAM_BLOCKS)
#define HPPRT_GPU_TEAM_BOUNDED(kernel) kernel

namespace hpprt {
namespace gpu {
namespace dialect {

/// Kokkos Tools' names for this runtime: its device type and the names of
/// its memory spaces (device, managed, pinned host).
constexpr std::uint32_t tools_device_type = 2; // DeviceType::Cuda
constexpr const char *tools_space_device = "Cuda";
constexpr const char *tools_space_managed = "CudaUVM";
constexpr const char *tools_space_pinned = "CudaHostPinned";

inline cudaError_t query_device(int device, DeviceLimits &d) {
  cudaDeviceProp prop{};
  cudaError_t err = cudaGetDeviceProperties(&prop, device);
  if (err != cudaSuccess)
    return err;
  std::strncpy(d.name, prop.name, sizeof d.name - 1);
  d.multiprocessors = prop.multiProcessorCount;
  d.max_threads_per_block = prop.maxThreadsPerBlock;
  d.max_blocks_per_multiprocessor = prop.maxBlocksPerMultiProcessor;
  d.max_threads_per_multiprocessor = prop.maxThreadsPerMultiProcessor;
  d.warp_size = prop.warpSize;
  d.max_grid_blocks = prop.maxGridSize[0];
  d.shared_per_block = prop.sharedMemPerBlockOptin;
  int pageable = 0;
  err = cudaDeviceGetAttribute(&pageable, cudaDevAttrPageableMemoryAccess, device);
  d.pageable = pageable != 0;
  return err;
}

inline cudaError_t pointer_kind(const void *p, PointerKind &kind) {
  cudaPointerAttributes a{};
  const cudaError_t err = cudaPointerGetAttributes(&a, p);
  if (err != cudaSuccess)
    return err;
  switch (a.type) {
  case cudaMemoryTypeDevice:
    kind = PointerKind::Device;
    break;
  case cudaMemoryTypeManaged:
    kind = PointerKind::Managed;
    break;
  case cudaMemoryTypeHost:
    kind = a.devicePointer ? PointerKind::Pinned : PointerKind::Pageable;
    break;
  default:
    kind = PointerKind::Pageable;
  }
  return cudaSuccess;
}

/// Pinned (page-locked) host memory, and its release.
inline cudaError_t host_alloc(void **p, std::size_t bytes) { return cudaMallocHost(p, bytes); }
inline cudaError_t host_free(void *p) { return cudaFreeHost(p); }

/// Pinned host memory that kernels can reach through a device pointer.
inline cudaError_t host_alloc_mapped(void **p, std::size_t bytes) {
  return cudaHostAlloc(p, bytes, cudaHostAllocMapped | cudaHostAllocPortable);
}

/// Whether the device allocates in stream order (cudaMallocAsync).
inline bool stream_ordered_allocation(int device) {
  int yes = 0;
  if (cudaDeviceGetAttribute(&yes, cudaDevAttrMemoryPoolsSupported, device) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return yes != 0;
}

/// A number that names stream's underlying stream for the context's
/// lifetime (a destroyed stream's handle may be reused, its id is not; the
/// per-thread handle gives the calling thread's stream). False where the
/// runtime cannot tell.
inline bool stream_id(cudaStream_t stream, unsigned long long &id) {
#if CUDART_VERSION >= 12000
  if (cudaStreamGetId(stream, &id) == cudaSuccess)
    return true;
  (void)cudaGetLastError();
#else
  (void)stream;
  (void)id;
#endif
  return false;
}

/// Queues kernel(args...) on stream, as <<<grid, block, shared, stream>>>
/// would, on device, the current one. A failure is recorded as
/// cudaGetLastError() reports it (launch.cu).
cudaError_t launch(const void *kernel, int device, dim3 grid, dim3 block,
                   std::size_t shared, cudaStream_t stream, void **args);

/// The block size (at most limit threads) with the most resident threads
/// when a block of n threads needs shared_for(n) bytes of shared memory.
template <class SharedFor>
cudaError_t max_potential_block(int *block, const void *kernel, SharedFor shared_for,
                                int limit, int /*warp_size*/) {
  int min_grid = 0;
  return cudaOccupancyMaxPotentialBlockSizeVariableSMem(&min_grid, block, kernel,
                                                        shared_for, limit);
}

} // namespace dialect
} // namespace gpu
/// hpprt::cuda is the GPU runtime built for CUDA: generated code names it.
namespace cuda = gpu;
} // namespace hpprt
