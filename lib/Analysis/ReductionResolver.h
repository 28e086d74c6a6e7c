//===- ReductionResolver.h - Reduction clauses to variables -----*- C++ -*-===//
///
/// \file
/// Resolves each `reduction(op: v, ...)` clause of a loop to the variables
/// it names (declared outside the loop, of a type the operator accepts,
/// reduced once), pairs minloc/maxloc values with their indices, and hands
/// user reductions to UserReductionResolver.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_REDUCTIONRESOLVER_H
#define HPP_ANALYSIS_REDUCTIONRESOLVER_H

#include "Analysis/AnalysisContext.h"
#include "Analysis/UserReduction.h"

namespace hpp {

class ReductionResolver : public AnalysisUnit {
public:
  explicit ReductionResolver(AnalysisContext &AC);

  /// Fills \p Loop's Reductions from its clauses.
  bool resolve(Construct &Loop);
  /// The calls the current region's user reductions make (join and init
  /// functions, reducer members), for the call graph.
  llvm::ArrayRef<const clang::Expr *> userReductionCalls() const { return UserReductionCalls; }
  /// Forgets the previous region's calls.
  void startRegion() { UserReductionCalls.clear(); }

private:
  UserReductionResolver UserResolver;
  llvm::SmallVector<const clang::Expr *, 8> UserReductionCalls;
};

} // namespace hpp

#endif // HPP_ANALYSIS_REDUCTIONRESOLVER_H
