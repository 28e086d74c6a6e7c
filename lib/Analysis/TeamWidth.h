//===- TeamWidth.h - How wide a team's parallel loops are -------*- C++ -*-===//
///
/// \file
/// A team region whose thread and team-vector loops all have constant trip
/// counts (a mass-matrix kernel's stages over Q * D * D points, say) never
/// has more than the largest of them to do at once. An AUTO team wider than
/// that only adds warps that wait at every barrier and run every loop
/// header for nothing: at 125 points per stage, 256 threads executed 1.5x
/// the instructions of 128 (ncu, H100). The width lets the GPU runtime cap
/// AUTO teams and the emitter specialise team-vector loops for that step.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_TEAMWIDTH_H
#define HPP_ANALYSIS_TEAMWIDTH_H

#include "IR/Region.h"

namespace hpp {

/// The most iterations a thread or team-vector loop of \p R has, when the
/// region is a team region with AUTO team size and vector length, every
/// such loop has a constant trip count and none holds a vector loop (whose
/// lanes the width would not count); 0 otherwise, or when the width is 0.
unsigned teamWidth(const Region &R);

} // namespace hpp

#endif // HPP_ANALYSIS_TEAMWIDTH_H
