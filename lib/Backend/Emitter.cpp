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
  case Backend::HIP:
    break;
  }
  return createStringError(inconvertibleErrorCode(),
                           "the " + getBackendName(B).str() +
                               " backend is not available yet");
}

} // namespace hpp
