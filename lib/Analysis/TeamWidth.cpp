//===- TeamWidth.cpp - How wide a team's parallel loops are ---------------===//

#include "Analysis/TeamWidth.h"

#include <algorithm>

namespace hpp {

unsigned teamWidth(const Region &R) {
  const Construct &Root = *R.Root;
  if (!R.isTeamRegion() || !Root.TeamSizeText.empty() || !Root.VectorLengthText.empty())
    return 0;
  bool Known = true;
  long long Width = 0;
  R.forEachConstruct([&](const Construct &C) {
    if (!C.isLoop() || &C == &Root)
      return;
    if (C.Level == LoopLevel::Vector) {
      Known = false;
      return;
    }
    if (C.Level != LoopLevel::Thread && C.Level != LoopLevel::TeamVector)
      return;
    long long Trips = 1;
    for (const LoopDim &D : C.Dims) {
      // Wider than any block (checked before multiplying): no cap to give.
      if (!D.ConstTripCount || *D.ConstTripCount > (1 << 20)) {
        Known = false;
        return;
      }
      Trips *= *D.ConstTripCount;
      if (Trips > (1 << 20)) {
        Known = false;
        return;
      }
    }
    Width = std::max(Width, Trips);
  });
  return Known ? static_cast<unsigned>(Width) : 0;
}

} // namespace hpp
