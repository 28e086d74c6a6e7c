//===- UserReduction.h - Resolve `reduction(user(...): v)` ------*- C++ -*-===//
///
/// \file
/// The generated code of a user-defined reduction calls the user's join and
/// init functions, or the reducer object's `init`/`join` members, by name in
/// the loop's scope. This unit resolves the same names with Sema, for the
/// type the variable has (in a template, for each instantiation), so that
/// what cannot be called is an error at the clause rather than in the
/// compiler's output, and so that what is called joins the region's call
/// graph (its bodies must be visible and compiled for the device).
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_USERREDUCTION_H
#define HPP_ANALYSIS_USERREDUCTION_H

#include "Basic/Directive.h"
#include "IR/Region.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace clang {
class Expr;
class Sema;
} // namespace clang

namespace hpp {

class Diagnoser;

class UserReductionResolver {
public:
  UserReductionResolver(clang::Sema &S, Diagnoser &Diags);

  /// Resolves clause \p Cl for reduction variable \p RV.Var of \p Loop (its
  /// pattern statement; \p Instances are the loop's region in each template
  /// instantiation) and fills RV's user fields. The calls the reduction
  /// makes, built for every concrete type, are appended to \p Calls for the
  /// call graph. Returns false after reporting an error.
  bool resolve(const Clause &Cl, const clang::Stmt *Loop,
               llvm::ArrayRef<const clang::Stmt *> Instances, ReductionVar &RV,
               llvm::SmallVectorImpl<const clang::Expr *> &Calls);

private:
  clang::Sema &S;
  Diagnoser &Diags;
};

} // namespace hpp

#endif // HPP_ANALYSIS_USERREDUCTION_H
