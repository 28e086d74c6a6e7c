//===- launch_refusal.hpp - Which launch errors refuse a shape --*- C++ -*-===//
/// \file
/// Internal to the GPU runtime (autotune.cu); included after the dialect's
/// dialect.hpp, whose HPPRT_GPU names the CUDA or HIP error codes.
//===----------------------------------------------------------------------===//
#pragma once

namespace hpprt {
namespace gpu {
namespace detail {

/// Whether err, returned by launching a kernel, says that the launch's
/// shape cannot run on the device: more registers than its multiprocessors
/// give a block of that size, or a block or grid the device refuses. The
/// autotuner then drops the candidate and launches another; every other
/// error (a sticky one such as an illegal address left by an earlier
/// kernel, a missing kernel image) is the program's and is reported as for
/// any launch, naming the kernel and its line.
constexpr bool shape_refused(HPPRT_GPU(Error_t) err) {
  return err == HPPRT_GPU(ErrorLaunchOutOfResources) ||
         err == HPPRT_GPU(ErrorInvalidConfiguration);
}

} // namespace detail
} // namespace gpu
} // namespace hpprt
