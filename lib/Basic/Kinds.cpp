//===- Kinds.cpp - Enumerations every stage shares ------------------------===//

#include "Basic/Kinds.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace hpp {

std::optional<Backend> parseBackend(StringRef Name) {
  return StringSwitch<std::optional<Backend>>(Name)
      .Case("openmp", Backend::OpenMP)
      .Case("cuda", Backend::CUDA)
      .Case("hip", Backend::HIP)
      .Default(std::nullopt);
}

StringRef getBackendName(Backend B) {
  switch (B) {
  case Backend::OpenMP:
    return "openmp";
  case Backend::CUDA:
    return "cuda";
  case Backend::HIP:
    return "hip";
  }
  llvm_unreachable("unknown backend");
}

StringRef getBackendDisplayName(Backend B) {
  switch (B) {
  case Backend::OpenMP:
    return "OpenMP";
  case Backend::CUDA:
    return "CUDA";
  case Backend::HIP:
    return "HIP";
  }
  llvm_unreachable("unknown backend");
}

StringRef getReductionOpSpelling(ReductionOp Op) {
  switch (Op) {
#define HPP_REDUCTION_OP(Name, Spelling, RuntimeType)                          \
  case ReductionOp::Name:                                                      \
    return Spelling;
#include "Basic/PragmaKinds.def"
  }
  llvm_unreachable("unknown reduction operator");
}

StringRef getReductionRuntimeType(ReductionOp Op) {
  switch (Op) {
#define HPP_REDUCTION_OP(Name, Spelling, RuntimeType)                          \
  case ReductionOp::Name:                                                      \
    return RuntimeType;
#include "Basic/PragmaKinds.def"
  }
  llvm_unreachable("unknown reduction operator");
}

StringRef getMapKindSpelling(MapKind K) {
  switch (K) {
#define HPP_MAP_KIND(Name, Spelling)                                           \
  case MapKind::Name:                                                          \
    return Spelling;
#include "Basic/PragmaKinds.def"
  }
  llvm_unreachable("unknown map kind");
}

StringRef getMapKindRuntimeName(MapKind K) {
  switch (K) {
#define HPP_MAP_KIND(Name, Spelling)                                           \
  case MapKind::Name:                                                          \
    return #Name;
#include "Basic/PragmaKinds.def"
  }
  llvm_unreachable("unknown map kind");
}

bool isLocReduction(ReductionOp Op) {
  return Op == ReductionOp::MinLoc || Op == ReductionOp::MaxLoc;
}

StringRef getLoopLevelName(LoopLevel L) {
  switch (L) {
  case LoopLevel::Team:
    return "team";
  case LoopLevel::Thread:
    return "thread";
  case LoopLevel::Vector:
    return "vector";
  case LoopLevel::TeamVector:
    return "team-vector";
  case LoopLevel::Flat:
    return "flat";
  }
  llvm_unreachable("unknown loop level");
}

} // namespace hpp
