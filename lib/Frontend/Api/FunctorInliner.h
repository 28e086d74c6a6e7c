//===- FunctorInliner.h - A functor's body copied to its call ---*- C++ -*-===//
///
/// \file
/// The body of a team or scan functor's operator() lives in its class, but
/// its nested ranges must become loops of the team loop at the launch (and
/// a scan's input phase must see what the body writes). So the body is
/// lowered with an editor of its own (the class keeps its text, and each
/// launch gets a fresh copy), then copied to the call under `#line`
/// directives that keep the class's line numbers:
///
///   { const auto hpp_functor = Contract{a, n};
///   #pragma hpp team
///   for (int hpp_league0 = 0; hpp_league0 < L; ++hpp_league0)
///   #line 12 "file.cpp"
///   { using value_type = Contract::value_type; ... hpp_functor.a[hpp_league0] ... }
///   }
///
/// In the copy, members reached through `this` go through the functor's
/// local copy, names of namespace scope are qualified, the class's types
/// and template parameters are declared, and the nested calls are lowered.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_API_FUNCTORINLINER_H
#define HPP_FRONTEND_API_FUNCTORINLINER_H

#include "Frontend/Api/BodyReader.h"
#include "Frontend/Api/LoweringContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <string>

namespace hpp {
namespace api {

class FunctorInliner {
public:
  /// Lowers the parallel_* calls in a copied body, with the copy's context
  /// (the lowering driver, which this part must not depend on).
  using NestedLowering = void (*)(LoweringContext &Copy, const clang::CompoundStmt *Body);

  FunctorInliner(LoweringContext &C, NestedLowering LowerNested) : C(C), LowerNested(LowerNested) {}

  /// \p B's operator() body as text for the call \p CE: rebound, its type
  /// aliases declared, returns and nested calls lowered, and what
  /// \p LowerUses lowers in the copy (the team member, accumulators).
  /// std::nullopt when anything was refused (and reported).
  std::optional<std::string> inlineBody(const clang::CallExpr *CE, const Body &B,
                                        llvm::function_ref<bool(LoweringContext &Copy)> LowerUses);

private:
  /// `using` declarations for the functor's types and template parameters
  /// that its body names, or std::nullopt when one would clash at the call.
  std::optional<std::string> typeAliases(const clang::CallExpr *CE, const Body &B);

  LoweringContext &C;
  NestedLowering LowerNested;
};

} // namespace api
} // namespace hpp

#endif // HPP_FRONTEND_API_FUNCTORINLINER_H
