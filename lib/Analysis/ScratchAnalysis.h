//===- ScratchAnalysis.h - Scratch arrays -----------------------*- C++ -*-===//
///
/// \file
/// A `#pragma hpp scratch` array becomes a ScratchArray of the region: its
/// level, whether it is per thread, its extents (only the outermost may be a
/// run-time expression, and it must not depend on the region) and its size as
/// an expression the host evaluates before the launch.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_SCRATCHANALYSIS_H
#define HPP_ANALYSIS_SCRATCHANALYSIS_H

#include "Analysis/AnalysisContext.h"

namespace hpp {

class ScratchAnalyzer : public AnalysisUnit {
public:
  explicit ScratchAnalyzer(AnalysisContext &AC) : AnalysisUnit(AC) {}

  /// Adds \p C's array to \p R.Scratch and sets C.ScratchIndex.
  bool analyze(Region &R, Construct &C);
};

} // namespace hpp

#endif // HPP_ANALYSIS_SCRATCHANALYSIS_H
