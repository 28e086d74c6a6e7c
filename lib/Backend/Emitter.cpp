//===- Emitter.cpp - The interface every backend implements ---------------===//

#include "Backend/Emitter.h"
#include "llvm/Support/ErrorHandling.h"

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
    return createHIPEmitter();
  }
  llvm_unreachable("unknown backend");
}

} // namespace hpp
