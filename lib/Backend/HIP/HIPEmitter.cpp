//===- HIPEmitter.cpp - The HIP dialect of the GPU emitter ----------------===//

#include "Backend/GPU/GPUEmitter.h"

namespace hpp {

std::unique_ptr<Emitter> createHIPEmitter() {
  static const GPUDialect HIP{Backend::HIP, "HIP", "hpprt::hip",
                              "hpprt/hip/hpprt.hpp", "HPP_BACKEND_HIP"};
  return createGPUEmitter(HIP);
}

} // namespace hpp
