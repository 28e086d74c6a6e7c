//===- Emitter.cpp - The interface every backend implements ---------------===//

#include "Backend/Emitter.h"

using namespace llvm;

namespace hpp {

Emitter::~Emitter() = default;

Expected<std::unique_ptr<Emitter>> createEmitter(Backend B) {
  switch (B) {
  case Backend::OpenMP:
    return createOpenMPEmitter();
  case Backend::CUDA:
    return createCUDAEmitter();
  case Backend::HIP:
    // HIP will be a second dialect of the GPU emitter once hpprt has a HIP
    // runtime.
    break;
  }
  return createStringError(inconvertibleErrorCode(),
                           "the " + getBackendName(B).str() +
                               " backend is not available yet");
}

} // namespace hpp
