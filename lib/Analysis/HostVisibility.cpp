//===- HostVisibility.cpp - What the host can see of a region -------------===//

#include "Analysis/HostVisibility.h"
#include "IR/Region.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace llvm;

namespace hpp {

/// Calls whose effect is output the host sees (device printf is buffered
/// until the device synchronises).
static bool isOutput(StringRef Name) {
  Name.consume_front("std::");
  return StringSwitch<bool>(Name)
      .Cases("printf", "fprintf", "vprintf", "puts", "fputs", "putchar", true)
      .Cases("perror", "fwrite", "write", true)
      .Default(false);
}

std::optional<std::vector<std::string>> memoryEffectsOnlyThroughPointers(const Region &R) {
  if (R.CapturesThis || !R.Globals.empty() || R.MayThrow)
    return std::nullopt;
  for (const CalledFunction &F : R.Calls)
    if (isOutput(F.Name))
      return std::nullopt;
  std::vector<std::string> Pointers;
  for (const Capture &C : R.Captures) {
    // Results reach the host through the runtime's own buffers, which the
    // host waits for where it reads them.
    if (C.Kind == CaptureKind::Reduction &&
        llvm::any_of(R.Root->Reductions, [&](const ReductionVar &RV) {
          return RV.Var == C.Var || RV.IndexVar == C.Var;
        }))
      continue;
    if (C.Kind != CaptureKind::ReadOnly || !C.Var)
      return std::nullopt;
    QualType T = C.Var->getType().getNonReferenceType();
    if (T->isArithmeticType() || T->isEnumeralType())
      continue;
    // A View is its data pointer: copies on the device share its memory
    // and never reach the host's reference count.
    if ((T->isPointerType() && T->getPointeeType()->isObjectType()) || C.IsView) {
      Pointers.push_back(C.Name);
      continue;
    }
    // A mapped container: the region sees its device copy.
    if (llvm::any_of(R.Root->Maps, [&](const MapEntry &M) {
          return M.Var == C.Var && M.IsContainer && M.Shape != MapShape::ByValue;
        })) {
      Pointers.push_back(C.Name);
      continue;
    }
    return std::nullopt;
  }
  return Pointers;
}

} // namespace hpp
