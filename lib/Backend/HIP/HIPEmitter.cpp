//===- HIPEmitter.cpp - The HIP dialect of the GPU emitter ----------------===//
///
/// \file
/// HIP kernels are CUDA kernels for hpp's purposes: the same launch syntax,
/// device lambdas and intrinsics names; what differs (the API prefix, warp
/// width, lane masks) is the runtime's business (runtime/hip/dialect.hpp,
/// runtime/gpu/warp.hpp). The emitter only names the HIP runtime.
///
//===----------------------------------------------------------------------===//

#include "Backend/GPU/GPUEmitter.h"

namespace hpp {

std::unique_ptr<Emitter> createHIPEmitter() {
  static const GPUDialect HIP{Backend::HIP, "HIP", "hpprt::hip", "hpprt/hip/hpprt.hpp",
                              "HPP_BACKEND_HIP"};
  return createGPUEmitter(HIP);
}

} // namespace hpp
