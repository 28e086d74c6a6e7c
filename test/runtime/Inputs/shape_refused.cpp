// Compiled by tune_shape_refused.test for each GPU dialect.
#ifdef DIALECT_CUDA
#include <hpprt/cuda/dialect.hpp>
#else
#include <hpprt/hip/dialect.hpp>
#endif
#include <hpprt/gpu/launch_refusal.hpp>

using hpprt::gpu::detail::shape_refused;

static_assert(shape_refused(HPPRT_GPU(ErrorLaunchOutOfResources)),
              "too many registers for the block: the candidate cannot run");
static_assert(shape_refused(HPPRT_GPU(ErrorInvalidConfiguration)),
              "a block or grid the device refuses: the candidate cannot run");
static_assert(!shape_refused(HPPRT_GPU(Success)), "a launch that worked");
static_assert(!shape_refused(HPPRT_GPU(ErrorIllegalAddress)),
              "a sticky error of the program's kernels is reported, not dropped");
static_assert(!shape_refused(HPPRT_GPU(ErrorLaunchFailure)),
              "a kernel that failed is reported");
static_assert(!shape_refused(HPPRT_GPU(ErrorInvalidValue)), "a bad argument is reported");
#ifdef DIALECT_CUDA
static_assert(!shape_refused(cudaErrorNoKernelImageForDevice),
              "a kernel not built for the device is reported");
#endif

int main() { return 0; }
