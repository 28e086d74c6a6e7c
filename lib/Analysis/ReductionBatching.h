//===- ReductionBatching.h - Reduction loops whose terms may run ahead -*- C++ -*-===//
///
/// \file
/// A lane loop such as `row += A[j * n + i] * x[i];` keeps one iteration's
/// loads in flight per thread when ptxas schedules it inside a larger
/// kernel (a resident grid with a last-block combine: 2 loads where the
/// hand kernel has 4 to 6, docs/performance.md "yAx at 0.93 of hand").
/// When the body is nothing but updates of the loop's reductions by terms
/// that are pure and never read those reductions, the terms of several
/// iterations can be computed before any of them is applied: every update
/// still happens in the serial order with the same values (a term's
/// product still fuses into its update under nvcc's default -fmad=true),
/// and the loads of all the terms are independent of the updates.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_REDUCTIONBATCHING_H
#define HPP_ANALYSIS_REDUCTIONBATCHING_H

#include "IR/Region.h"

namespace clang {
class ASTContext;
}

namespace hpp {

/// Sets Construct::BatchedUpdates on the team-vector loops of \p R (one
/// dimension, no scan, no nested construct, not a constant trip count
/// that leaves no thread a whole batch: under 128, or under 4 per thread
/// of AUTO teams as wide as the region's loops, Region::TeamWidth) whose
/// body is only compound assignments `r op= term;` where r is one of the
/// loop's reductions (arithmetic, not loc or user) and each term is
/// arithmetic, not type-dependent, names the loop's index, names none of
/// the loop's reductions, has no side effects and calls nothing but const
/// or pure functions, View's const member functions and the standard math
/// functions. The emitter copies the terms' text: an update whose operator
/// or reduction a macro writes is left alone, and so is a term with no
/// text of its own in the file.
void markBatchedReductions(Region &R, clang::ASTContext &Ctx);

} // namespace hpp

#endif // HPP_ANALYSIS_REDUCTIONBATCHING_H
