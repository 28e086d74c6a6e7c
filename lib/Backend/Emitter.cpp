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
    // The HIP dialect of the GPU emitter exists; its runtime does not yet.
    break;
  }
  return createStringError(inconvertibleErrorCode(),
                           "the " + getBackendName(B).str() +
                               " backend is not available yet");
}

} // namespace hpp
