//===- GPUEmitter.h - Regions as CUDA or HIP kernels -----------*- C++ -*-===//
///
/// \file
/// CUDA and HIP differ in little for hpp: the runtime namespace and header,
/// the macro the generated file defines and the warp width the runtime
/// handles. One emitter serves both, parameterised by a dialect.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_BACKEND_GPU_GPUEMITTER_H
#define HPP_BACKEND_GPU_GPUEMITTER_H

#include "Backend/Emitter.h"

namespace hpp {

struct GPUDialect {
  Backend Target;
  /// For messages: "CUDA", "HIP".
  llvm::StringRef DisplayName;
  /// The runtime's namespace: "hpprt::cuda".
  llvm::StringRef Runtime;
  /// The runtime's umbrella header: "hpprt/cuda/hpprt.hpp".
  llvm::StringRef Header;
  /// Defined by the generated file before anything is included.
  llvm::StringRef BackendMacro;
};

std::unique_ptr<Emitter> createGPUEmitter(const GPUDialect &Dialect);

} // namespace hpp

#endif // HPP_BACKEND_GPU_GPUEMITTER_H
