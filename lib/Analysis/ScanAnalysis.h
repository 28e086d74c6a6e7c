//===- ScanAnalysis.h - Scan separators and their loops ---------*- C++ -*-===//
///
/// \file
/// A `#pragma hpp scan` separator splits the body of the loop that holds
/// the inscan reductions into an input phase and a scan phase. The input
/// phase may run twice (once to reduce, once to scan), so it may only update
/// the scan variables and locals of its own. Every input phase runs before
/// any scan phase, so an exclusive scan's input phase (which follows the
/// scan phase in each iteration) may not read what its scan phase writes.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_SCANANALYSIS_H
#define HPP_ANALYSIS_SCANANALYSIS_H

#include "Analysis/AnalysisContext.h"

namespace hpp {

struct MemoryAccess;

/// In the scan phase of a lowered parallel_scan call (`{ T hpp_prefix =
/// partial; { T partial = hpp_prefix; const bool final = true; body } }`,
/// Frontend/Api/ScanLowering.cpp), the inner copy of the scan variable:
/// the body's updates of it are discarded (the next item's prefix comes
/// from the input phase). Null for any other scan phase.
const clang::VarDecl *apiScanPhaseCopy(llvm::ArrayRef<const clang::Stmt *> ScanPhase);

class ScanAnalyzer : public AnalysisUnit {
public:
  explicit ScanAnalyzer(AnalysisContext &AC) : AnalysisUnit(AC) {}

  /// Attaches separator \p Sep to its loop (ScanSeparator, ScanBody,
  /// ScanSplit) after checking its place and the input phase.
  bool analyzeSeparator(Construct &Sep);
  /// Every loop with an inscan reduction has a separator.
  bool checkScanLoops(const Region &R);

private:
  /// Exclusive scans: fills Loop.ScanInputDecls with the declarations of
  /// the scan phase that the input phase reads, or refuses one that cannot
  /// be repeated.
  bool collectInputDecls(Construct &Loop, llvm::ArrayRef<std::string> ScanVars);
  /// Exclusive scans: refuses memory that the scan phase writes and the
  /// input phase reads, or that a declaration in Loop.ScanInputDecls reads
  /// after the write.
  bool checkScanPhaseWrites(Construct &Loop);
  /// A lowered parallel_scan: whether scan-phase write \p W and input-phase
  /// read \p R are of the item's own element, read before it is written;
  /// \p ScanReads are the scan phase's reads.
  bool readsOwnElementFirst(const Construct &Loop, const MemoryAccess &W, const MemoryAccess &R,
                            llvm::ArrayRef<MemoryAccess> ScanReads);
};

} // namespace hpp

#endif // HPP_ANALYSIS_SCANANALYSIS_H
