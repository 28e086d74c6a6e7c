//===- launch.hip - HIP build of launch planning --------------------------===//
/// \file
/// runtime/gpu/launch.cu compiled for HIP: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ. Kernels
/// are queued as <<<>>> queues them, through hipLaunchKernel.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/launch.cu"

namespace hpprt {
namespace gpu {
namespace dialect {

hipError_t launch(const void *kernel, int /*device*/, dim3 grid, dim3 block,
                  std::size_t shared, hipStream_t stream, void **args) {
  return hipLaunchKernel(kernel, grid, block, args, shared, stream);
}

} // namespace dialect
} // namespace gpu
} // namespace hpprt
