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

namespace clang {
class ASTContext;
}

namespace hpp {

/// The most iterations a thread or team-vector loop of \p R has, when the
/// region is a team region with AUTO team size and vector length, every
/// such loop has a constant trip count and none holds a vector loop (whose
/// lanes the width would not count); 0 otherwise, or when the width is 0.
unsigned teamWidth(const Region &R);

/// The vector loops of a team region with AUTO sizes whose trip counts the
/// host can compute before the launch: every bound is built from literals,
/// enumerators, `sizeof` and variables declared outside the region that it
/// does not write (captured values), with arithmetic only. A contraction
/// over QP = 64 quadrature points then gets 8 lanes of 8 iterations
/// instead of 32 of 2 (the autotuner's shape; docs/performance.md); see
/// hpprt's vector_for_trips.
llvm::SmallVector<const Construct *, 2> sizedVectorLoops(const Region &R,
                                                         clang::ASTContext &Ctx);

} // namespace hpp

#endif // HPP_ANALYSIS_TEAMWIDTH_H
