//===- Captures.h - How a region uses outside variables ---------*- C++ -*-===//
///
/// \file
/// Classifies every variable a region uses but does not declare: read-only
/// capture, reduction, atomically updated; globals (which device code cannot
/// read) apart; whether the region uses `this`, or only reads members
/// through it (captured by name). And for a single: the
/// variables it assigns that the rest of the team must see (broadcast).
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_CAPTURES_H
#define HPP_ANALYSIS_CAPTURES_H

#include "Analysis/AnalysisContext.h"

namespace hpp {

class CaptureClassifier : public AnalysisUnit {
public:
  explicit CaptureClassifier(AnalysisContext &AC) : AnalysisUnit(AC) {}

  /// Fills R.Captures, R.Globals and R.CapturesThis.
  void classify(Region &R);
  /// Fills \p Single's Broadcast: variables of the region declared
  /// outside the single and assigned in it.
  void findBroadcasts(const Region &R, Construct &Single);
  /// Fills R.PointerMembersOfThis from the region and the member functions
  /// of its class that it calls (after R.Calls is collected).
  void findPointerMembersOfThis(Region &R);

private:
  void captureThisFields(Region &R);
};

} // namespace hpp

#endif // HPP_ANALYSIS_CAPTURES_H
