//===- ConstructWalker.h - One walk over a region for every backend -*- C++ -*-===//
///
/// \file
/// Every backend rewrites a region the same way: it visits the construct
/// tree children first (a parent's edits after a body must enclose its
/// children's) and handles each kind of construct. The walk lives here once;
/// a backend supplies what each kind becomes.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_BACKEND_CONSTRUCTWALKER_H
#define HPP_BACKEND_CONSTRUCTWALKER_H

#include "IR/Region.h"
#include "llvm/Support/Error.h"

namespace hpp {

class SourceEditor;

class ConstructEmitter {
public:
  ConstructEmitter(const Region &R, SourceEditor &Edit) : R(R), Edit(Edit) {}
  virtual ~ConstructEmitter();

  /// Rewrites every construct of the region, children first.
  llvm::Error emitConstructs();

protected:
  /// The region's outermost loop: the launch.
  virtual llvm::Error emitRootLoop(const Construct &L) = 0;
  virtual llvm::Error emitNestedLoop(const Construct &L) = 0;
  virtual llvm::Error emitScratch(const Construct &C) = 0;
  virtual llvm::Error emitAtomic(const Construct &C) = 0;
  virtual llvm::Error emitSingle(const Construct &C) = 0;
  /// An explicit `hpp barrier` or one analysis inserted (C.Inserted).
  virtual llvm::Error emitBarrier(const Construct &C) = 0;
  /// A scan separator becomes a comment: the loop around it does the work.
  /// Where the loop's items run their phases in order (below) and the loop
  /// has Construct::ScanInputFirst, the input phase moves before the scan
  /// phase there (runInputPhaseFirst()).
  virtual llvm::Error emitScanSeparator(const Construct &C);
  /// Whether some pass of scan loop \p L runs each item's input and scan
  /// phases as the body has them: OpenMP's second pass and every scan
  /// nested in a team do; a GPU's device-wide scan runs the scan phase
  /// alone in its second pass.
  virtual bool runsPhasesInOrder(const Construct &L) const { return true; }

  const Region &R;
  SourceEditor &Edit;

private:
  llvm::Error emit(const Construct &C);
};

} // namespace hpp

#endif // HPP_BACKEND_CONSTRUCTWALKER_H
