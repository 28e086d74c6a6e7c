//===- ConstructWalker.cpp - One walk over a region for every backend -----===//

#include "Backend/ConstructWalker.h"
#include "Backend/LoopText.h"
#include "Basic/SourceEditor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace hpp {

ConstructEmitter::~ConstructEmitter() = default;

Error ConstructEmitter::emitConstructs() { return emit(*R.Root); }

Error ConstructEmitter::emit(const Construct &C) {
  // Children first: edits after a body must nest inside the parent's.
  for (const auto &Child : C.Children)
    if (Error E = emit(*Child))
      return E;
  switch (C.Kind) {
  case ConstructKind::Loop:
    return &C == R.Root.get() ? emitRootLoop(C) : emitNestedLoop(C);
  case ConstructKind::Scratch:
    return emitScratch(C);
  case ConstructKind::Atomic:
    return emitAtomic(C);
  case ConstructKind::Single:
    return emitSingle(C);
  case ConstructKind::Barrier:
    return emitBarrier(C);
  case ConstructKind::Scan:
    return emitScanSeparator(C);
  case ConstructKind::Data:
  case ConstructKind::EnterData:
  case ConstructKind::ExitData:
  case ConstructKind::Update:
    // Data constructs are emitted at file level (Emitter::emitDataConstruct);
    // Analysis refuses them inside a region, so one here is a bug of hppc:
    // an error, never an output without its maps.
    return createStringError(inconvertibleErrorCode(),
                             "internal error: a data construct inside region '%s'",
                             R.Name.c_str());
  }
  llvm_unreachable("unknown construct kind");
}

Error ConstructEmitter::emitScanSeparator(const Construct &C) {
  if (Error E = Edit.replace(C.Pragma.Begin, C.Pragma.End,
                             formatv("// hpp scan {0}({1})\n",
                                     C.Inclusive ? "inclusive" : "exclusive",
                                     join(C.ScanVars, ", "))
                                 .str()))
    return E;
  const Construct &L = *C.enclosingLoop();
  if (L.ScanInputFirst && runsPhasesInOrder(L))
    return runInputPhaseFirst(L, Edit);
  return Error::success();
}

} // namespace hpp
