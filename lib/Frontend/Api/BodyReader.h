//===- BodyReader.h - What a call runs per index ----------------*- C++ -*-===//
///
/// \file
/// The body argument of a call: a lambda, whose body is lowered in place; a
/// team or scan functor, whose operator() body is copied to the call (so
/// it must be visible in the main file); or a range functor, called per
/// index. Also the one edit every lowered body needs: a plain `return;`
/// ends the iteration.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_API_BODYREADER_H
#define HPP_FRONTEND_API_BODYREADER_H

#include "Frontend/Api/LoweringContext.h"
#include "Frontend/Api/PolicyReader.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace hpp {
namespace api {

/// What a call runs per index: a lambda, whose body is lowered in place; a
/// team functor, whose operator() body is copied to the call; or a range
/// functor, called per index.
struct Body {
  const clang::LambdaExpr *Lambda = nullptr;
  const clang::CXXRecordDecl *Functor = nullptr;
  /// The call operator that runs (the lambda's or the functor's); null for
  /// a functor whose operator() hppc could not pick.
  const clang::CXXMethodDecl *Operator = nullptr;
  /// The operator's parameters after the work tag.
  llvm::SmallVector<const clang::ParmVarDecl *, 4> Params;
  const clang::CompoundStmt *Stmt = nullptr;
  /// A functor's local copy at the call (`hpp_functor3`), numbered so that
  /// a functor launched inside a copied functor body has its own.
  std::string Var;
  /// Parameters of a copied functor body renamed at the call, so that the
  /// class's parameter names cannot meet the call's names.
  llvm::SmallVector<std::pair<const clang::ParmVarDecl *, std::string>, 4> Renames;
  bool inlined() const { return Lambda || (Functor && Stmt); }
};

class BodyReader {
public:
  explicit BodyReader(LoweringContext &C) : C(C) {}

  /// The body argument \p E of a call over \p Sp, with \p Results
  /// accumulators (or partial and final). \p Inline: a functor's
  /// operator() body is to be copied to the call (team functors, scans),
  /// so it must be visible here.
  std::optional<Body> read(const clang::Expr *E, const Space &Sp, unsigned Results, bool Inline);

private:
  bool readLambda(Body &B);
  bool readFunctor(const clang::Expr *E, const Space &Sp, unsigned Results, bool Inline, Body &B);
  /// The parameters after the work tag, which must have no uses.
  bool readParams(const Space &Sp, Body &B);

  LoweringContext &C;
};

/// A `return` in a lambda body ends the iteration: it becomes `continue`
/// where that means the same, and is refused inside a nested loop.
bool lowerReturns(LoweringContext &C, const clang::Stmt *Body);

/// Renames, in \p B's body as \p C edits it, the uses of the parameters
/// that B.Renames gives other names. A use inside a macro expansion cannot
/// be renamed: \p InMacro is told of it (with the parameter's name), and
/// the result is false.
bool renameParams(LoweringContext &C, const Body &B,
                  llvm::function_ref<void(clang::SourceLocation, llvm::StringRef)> InMacro);
/// renameParams for a lambda's body where it stands, whose parameters are
/// renamed where their own names would hide what the policy names; a use
/// inside a macro is refused.
bool renameLambdaParams(LoweringContext &C, const Body &B);

} // namespace api
} // namespace hpp

#endif // HPP_FRONTEND_API_BODYREADER_H
