//===- ScanAnalysis.h - Scan separators and their loops ---------*- C++ -*-===//
///
/// \file
/// A `#pragma hpp scan` separator splits the body of the loop that holds
/// the inscan reductions into an input phase and a scan phase. The input
/// phase may run twice (once to reduce, once to scan), so it may only update
/// the scan variables and locals of its own.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_SCANANALYSIS_H
#define HPP_ANALYSIS_SCANANALYSIS_H

#include "Analysis/AnalysisContext.h"

namespace hpp {

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
  /// \p ScanPhase that \p InputPhase reads, or refuses one that cannot be
  /// repeated.
  bool collectInputDecls(Construct &Loop, llvm::ArrayRef<const clang::Stmt *> ScanPhase,
                         llvm::ArrayRef<const clang::Stmt *> InputPhase,
                         llvm::ArrayRef<std::string> ScanVars);
};

} // namespace hpp

#endif // HPP_ANALYSIS_SCANANALYSIS_H
