//===- ApiLowerer.h - The pieces of the parallel_* lowering -----*- C++ -*-===//
///
/// \file
/// Internal to the API lowering (ApiLowering.h is its interface). The
/// Lowerer walks the main file and rewrites each parallel_* call in place;
/// its parts live in one file per job:
///
///   ApiLowering.cpp  the walk, the call and its loops
///   ApiPolicy.cpp    policies and nested ranges as loop bounds
///   ApiReducers.cpp  results as reduction clauses
///   ApiTeamBody.cpp  team bodies: the member, single, returns, functors
///   ApiScan.cpp      parallel_scan
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_APILOWERER_H
#define HPP_FRONTEND_APILOWERER_H

#include "Basic/Diagnostics.h"
#include "Basic/SourceEditor.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace hpp {
namespace api {

enum class ApiKind { None, For, Reduce, Scan, Single };

/// `hpp::NAME`, recognised by declaration.
bool isHppFunction(const clang::NamedDecl *D, llvm::StringRef Name);
bool calleeIs(const clang::CallExpr *CE, llvm::StringRef Name);
ApiKind apiKindOf(const clang::CallExpr *CE);
/// Looks through the wrappers Clang puts around temporaries and casts.
const clang::Expr *strip(const clang::Expr *E);
llvm::StringRef recordName(const clang::Expr *E);
/// Whether \p T names hpp::TeamMember (through references and const).
bool isTeamMemberType(clang::QualType T);
/// The first declaration of \p RD, then of its bases (depth first), that
/// \p Match accepts.
const clang::Decl *findInClassOrBases(const clang::CXXRecordDecl *RD,
                                      llvm::function_ref<bool(const clang::Decl *)> Match);
/// The member function \p Name of \p RD or of a base, if any.
const clang::CXXMethodDecl *findMethod(const clang::CXXRecordDecl *RD, llvm::StringRef Name);
/// Every reference to \p D in \p S, lambda bodies included.
llvm::SmallVector<const clang::DeclRefExpr *, 8> refsTo(const clang::Stmt *S,
                                                        const clang::ValueDecl *D);

/// The policy or range of a call, as loops.
struct Space {
  enum Kind { Flat, Team, Nested } K = Flat;
  /// For nested ranges: thread, vector or thread vector.
  std::string Level;
  llvm::SmallVector<std::string, 3> Lower, Upper;
  std::string TeamSize, VectorLength, Tile, StreamText;
  const clang::Expr *Member = nullptr; // Nested: the team member argument.
  /// The policy's work tag (`RangePolicy<Tag>`): bodies take a `Tag` first.
  clang::QualType Tag;
};

/// A reducer construction `hpp::Max<double>(m)`, also in a template where
/// its type is still dependent.
struct ReducerCall {
  llvm::StringRef Name;
  llvm::SmallVector<clang::QualType, 2> TypeArgs;
  const clang::Expr *Target = nullptr;
};
std::optional<ReducerCall> asReducerCall(const clang::Expr *E);

/// One result of a parallel_reduce and the accumulator its body updates.
struct Accumulator {
  std::string Reducer; // `hpp::Sum<double>`, `hpp::MinLoc<double, int>`
  std::string Type;    // the accumulator's type
  std::string Name;    // the lambda parameter
  std::string Target;  // where the result goes
  /// Reducers whose value has fields (MinLoc's .val and .loc, ...): one
  /// scalar per field, which the body's `v.field` uses become.
  struct Field {
    std::string Member, Scalar, Type;
  };
  llvm::SmallVector<Field, 4> Fields;
  /// The reduction clauses: `+: s`, `minloc: hpp_v_val, hpp_v_loc`.
  llvm::SmallVector<std::string, 2> Clauses;
  /// A user-defined reducer (or a functor with its own init/join): the
  /// local copy `reduction(user(Object): acc)` names; Target is then the
  /// reducer's text, whose reference() receives the result.
  std::string Object;
  /// The functor's own init/join (Object is then the functor's copy).
  bool OwnRules = false;
  /// A functor's own final(), applied to the accumulator before the result.
  std::string Final;
};

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

class Lowerer : public clang::RecursiveASTVisitor<Lowerer> {
public:
  Lowerer(clang::ASTContext &Ctx, Diagnoser &Diags, unsigned FirstId = 0);

  bool shouldVisitLambdaBody() const { return true; }
  bool VisitCallExpr(clang::CallExpr *CE);
  /// A team functor's operator() is lowered where the functor is launched,
  /// once per launch; where it is defined it keeps its serial calls.
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl *MD);

  std::optional<std::string> result() {
    if (!Found)
      return std::nullopt;
    return Edit.result();
  }

private:
  using Stmt = clang::Stmt;
  using Expr = clang::Expr;
  using SourceLocation = clang::SourceLocation;

  void fail(SourceLocation Loc, llvm::StringRef What) {
    Diags.report(Loc, Diag::err_api_not_lowered) << What;
  }
  /// The text of \p E with the edits made so far (an argument may hold a
  /// `t.league_rank()` already lowered).
  std::string text(const Expr *E) const;
  /// Just past the last token of an expression inside a larger one.
  SourceLocation endOf(const Expr *E) const;
  std::string typeText(clang::QualType T) const;
  /// The first parent of \p E of type T, looking through the nodes Clang
  /// wraps temporaries and conversions in.
  template <class T, class N> const T *parentOf(const N *E);
  void apply(llvm::Error E, SourceLocation Loc) {
    if (E)
      Diags.report(Loc, Diag::err_cannot_rewrite) << llvm::toString(std::move(E));
  }
  /// \p Pragma on a line of its own that reports as \p Loc's line (the
  /// call's, not the line after it).
  std::string pragmaAt(SourceLocation Loc, llvm::StringRef Pragma) const {
    return "\n" + Edit.lineDirective(SM.getExpansionLoc(Loc)) + "\n" + Pragma.str() + "\n";
  }
  const Expr *arg(unsigned I) const { return Args[I]; }
  unsigned numArgs() const { return Args.size(); }

  // ApiLowering.cpp
  /// The statement a call is (with whether it needs braces to become a
  /// block), or null when the call is part of a larger expression.
  const Stmt *statementOf(const clang::CallExpr *CE, bool &Unbraced);
  void lowerCall(const clang::CallExpr *CE, ApiKind K, llvm::ArrayRef<const Expr *> CallArgs);
  /// The body argument of a call over \p Sp, with \p Results accumulators.
  /// \p Inline: a functor's operator() body is to be copied to the call
  /// (team functors, scans), so it must be visible here.
  std::optional<Body> parseBody(const Expr *E, const Space &Sp, unsigned Results, bool Inline);

  // ApiPolicy.cpp
  bool parseSpace(const Expr *E, Space &S);
  /// A call of a function that only forwards its parameters to a
  /// parallel_* call: the API call it makes, with this call's arguments.
  std::optional<std::pair<ApiKind, llvm::SmallVector<const Expr *, 6>>>
  forwardedCall(const clang::CallExpr *CE);
  bool isForwarding(const clang::CallExpr *CE) const;

  // ApiReducers.cpp
  bool parseResult(const Expr *E, clang::QualType AccType, llvm::StringRef AccName,
                   Accumulator &A);
  bool lowerFields(const Stmt *Body, const clang::ParmVarDecl *P, const Accumulator &A);
  /// A result whose type depends on a template parameter is lowered once,
  /// in the template: it must be a plain arithmetic variable in every
  /// instantiation of the call at \p CallLoc (argument \p Index).
  bool isArithmeticInEveryInstantiation(clang::SourceLocation CallLoc, unsigned Index);
  /// The prologue and epilogue text of one result.
  void bindResult(Accumulator &A, std::string &Bind, std::string &Init,
                  std::string &Epilogue);

  // ApiTeamBody.cpp
  void lowerSingle(const clang::CallExpr *CE, const Stmt *S, bool Unbraced);
  bool lowerTeamMember(const Stmt *Body, const clang::ParmVarDecl *Member,
                       const std::string &LeagueIndex, const std::string &LeagueSize);
  bool lowerReturns(const Stmt *Body);
  /// A team functor's operator() body as the text of a team loop's body.
  std::optional<std::string> inlineTeamFunctor(const clang::CallExpr *CE, const Body &B,
                                               llvm::ArrayRef<Accumulator> Accs,
                                               const std::string &LeagueIndex,
                                               const std::string &LeagueSize);
  /// A functor's operator() body as text for the call: members through
  /// `hpp_functor`, its type aliases, returns and nested calls lowered, and
  /// what \p LowerUses lowers in the copy (the team member, accumulators).
  std::optional<std::string> inlineFunctor(const clang::CallExpr *CE, const Body &B,
                                           llvm::function_ref<bool(Lowerer &Copy)> LowerUses);
  /// Rebinds a copied functor body's names for the call: members reached
  /// through `this` go through the copy \p B.Var, names of namespace scope
  /// are qualified (so that the call's names cannot capture them), renamed
  /// parameters take their new names.
  bool rebindFunctorBody(const Body &B);
  /// `using` declarations for the functor's types and template parameters
  /// that \p Body names, or null when one would clash at the call.
  std::optional<std::string> functorTypeAliases(const clang::CallExpr *CE, const Body &B);

  // ApiScan.cpp
  void lowerScan(const clang::CallExpr *CE, const Stmt *S, unsigned First,
                 llvm::StringRef Label);

  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  SourceEditor Edit;
  Diagnoser &Diags;
  bool Found = false;
  unsigned NextId = 0;
  /// The arguments of the call being lowered (a wrapper's, mapped).
  llvm::SmallVector<const Expr *, 6> Args;
};

template <class T, class N> const T *Lowerer::parentOf(const N *E) {
  clang::DynTypedNodeList Parents = Ctx.getParents(*E);
  while (Parents.size() == 1) {
    if (const T *Found = Parents[0].template get<T>())
      return Found;
    const Expr *Wrapper = Parents[0].template get<Expr>();
    if (!Wrapper ||
        !(llvm::isa<clang::ImplicitCastExpr>(Wrapper) ||
          llvm::isa<clang::MaterializeTemporaryExpr>(Wrapper) ||
          llvm::isa<clang::CXXBindTemporaryExpr>(Wrapper) ||
          llvm::isa<clang::ExprWithCleanups>(Wrapper) || llvm::isa<clang::ParenExpr>(Wrapper)))
      return nullptr;
    Parents = Ctx.getParents(*Wrapper);
  }
  return nullptr;
}

} // namespace api
} // namespace hpp

#endif // HPP_FRONTEND_APILOWERER_H
