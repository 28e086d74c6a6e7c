//===- Legality.h - Rules every region must keep ----------------*- C++ -*-===//
///
/// \file
/// The rules of SPEC §3 that are not about one clause: levels nested in
/// order, stand-alone directives between statements, no branch leaving a
/// parallel loop, no scalar written by several iterations without a
/// reduction (a race), no atomic on a user reduction's private copy.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_LEGALITY_H
#define HPP_ANALYSIS_LEGALITY_H

#include "Analysis/AnalysisContext.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace hpp {

class LegalityChecker : public AnalysisUnit {
public:
  explicit LegalityChecker(AnalysisContext &AC) : AnalysisUnit(AC) {}

  /// Whether \p C may appear where it is, inside the region rooted at
  /// \p Root.
  bool checkNesting(Construct &C, const Construct &Root);
  /// No `break`, `return`, `goto` or `throw` leaves the loop's body.
  bool checkBranches(const Construct &Loop);
  /// Every variable declared outside a loop and written in it is reduced,
  /// updated atomically, or an error.
  bool checkRaces(const Region &R);
  bool checkUserReductionAtomics(const Region &R);

private:
  bool checkStandalonePosition(const Construct &C);

  /// A write reported once, though it is in every loop around it.
  llvm::SmallPtrSet<const clang::Expr *, 8> ReportedWrites;
};

} // namespace hpp

#endif // HPP_ANALYSIS_LEGALITY_H
