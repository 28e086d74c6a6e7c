//===- CUDAEmitter.cpp - The CUDA dialect of the GPU emitter --------------===//

#include "Backend/GPU/GPUEmitter.h"

namespace hpp {

std::unique_ptr<Emitter> createCUDAEmitter() {
  static const GPUDialect CUDA{Backend::CUDA, "CUDA", "hpprt::cuda",
                               "hpprt/cuda/hpprt.hpp", "HPP_BACKEND_CUDA"};
  return createGPUEmitter(CUDA);
}

} // namespace hpp
