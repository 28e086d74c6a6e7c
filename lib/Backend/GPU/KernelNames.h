//===- KernelNames.h - Names of the generated GPU kernels ------*- C++ -*-===//
///
/// \file
/// The GPU emitter names each region's kernels with these prefixes, and
/// hppc's --report finds the regions again in ptxas' output by them
/// (Driver/KernelResources.cpp): one spelling for both.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_BACKEND_GPU_KERNELNAMES_H
#define HPP_BACKEND_GPU_KERNELNAMES_H

#include "llvm/ADT/StringRef.h"

namespace hpp {

/// `hpp_kernel_<region>`: the kernel as written.
inline constexpr llvm::StringLiteral KernelPrefix = "hpp_kernel_";
/// `hpp_bounded_kernel_<region>`: its variant bounded to fill a
/// multiprocessor (team regions with AUTO sizes).
inline constexpr llvm::StringLiteral BoundedKernelPrefix = "hpp_bounded_kernel_";

} // namespace hpp

#endif // HPP_BACKEND_GPU_KERNELNAMES_H
