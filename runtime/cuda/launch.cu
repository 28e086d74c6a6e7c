//===- launch.cu - CUDA build of launch planning --------------------------===//
/// \file
/// runtime/gpu/launch.cu compiled for CUDA: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ. Kernels
/// are queued through the driver's cuLaunchKernel where it is found.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/launch.cu"

// The driver API's types only: cuLaunchKernel is found at run time, so
// nothing links libcuda.
#include <cuda.h>

namespace hpprt {
namespace gpu {
namespace dialect {
namespace {

#if CUDART_VERSION >= 12050
using DriverLaunch = decltype(&::cuLaunchKernel);

/// The driver's cuLaunchKernel, asked of the runtime once; null where the
/// runtime cannot name it.
DriverLaunch driver_launch() {
  static const DriverLaunch fn = [] {
    void *p = nullptr;
    cudaDriverEntryPointQueryResult found{};
    if (cudaGetDriverEntryPointByVersion("cuLaunchKernel", &p, 12000, cudaEnableDefault,
                                         &found) != cudaSuccess ||
        found != cudaDriverEntryPointSuccess) {
      (void)cudaGetLastError();
      return DriverLaunch(nullptr);
    }
    return reinterpret_cast<DriverLaunch>(p);
  }();
  return fn;
}

/// The driver functions of the kernels this host thread launched, per
/// device (a function belongs to the device's primary context), in a small
/// direct-mapped cache: a program's time loop launches a handful of kernels
/// over and over. cudaGetKernel's context-free handle would serve every
/// device, but the driver takes 0.1 µs per launch to resolve it.
struct FunctionCache {
  struct Entry {
    const void *kernel = nullptr;
    int device = -1;
    CUfunction function = nullptr;
  };
  static constexpr std::size_t slots = 16;
  Entry entries[slots];

  Entry &slot(const void *kernel) {
    return entries[(reinterpret_cast<std::uintptr_t>(kernel) >> 4) % slots];
  }

  /// kernel's function on device; null where the runtime does not know it.
  CUfunction find(const void *kernel, int device) {
    Entry &e = slot(kernel);
    if (e.kernel == kernel && e.device == device)
      return e.function;
    cudaFunction_t function = nullptr;
    if (cudaGetFuncBySymbol(&function, kernel) != cudaSuccess) {
      (void)cudaGetLastError();
      return nullptr;
    }
    e = {kernel, device, reinterpret_cast<CUfunction>(function)};
    return e.function;
  }

  /// Forgets kernel's function after the driver refused it (its context
  /// may have been reset): the next launch asks the runtime again.
  void forget(const void *kernel) { slot(kernel) = Entry(); }
};

thread_local FunctionCache functions;
#endif

} // namespace

/// cudaLaunchKernel (what <<<>>> calls) costs the host 0.25 µs more per
/// launch than the driver's cuLaunchKernel of the same kernel (4.39 against
/// 4.12 µs, H200, benchmarks/cuda/launch_cost), and regions too small to
/// outlast their launch are bound by exactly that. A launch the driver
/// refuses is queued again through cudaLaunchKernel: nothing ran, and the
/// runtime either launches it (a host thread without a current context yet)
/// or records the error as every runtime call does, so errors read the same
/// either way.
cudaError_t launch(const void *kernel, int device, dim3 grid, dim3 block, std::size_t shared,
                   cudaStream_t stream, void **args) {
#if CUDART_VERSION >= 12050
  if (const DriverLaunch fn = driver_launch())
    if (const CUfunction function = functions.find(kernel, device)) {
      if (fn(function, grid.x, grid.y, grid.z, block.x, block.y, block.z,
             static_cast<unsigned>(shared), stream, args, nullptr) == CUDA_SUCCESS)
        return cudaSuccess;
      functions.forget(kernel);
    }
#else
  (void)device;
#endif
  return cudaLaunchKernel(kernel, grid, block, args, shared, stream);
}

} // namespace dialect
} // namespace gpu
} // namespace hpprt
