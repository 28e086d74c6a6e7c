//===- Lowerer.h - The pieces of the parallel_* lowering --------*- C++ -*-===//
///
/// \file
/// Internal to the API lowering (ApiLowering.h is its interface). The
/// Lowerer walks the main file and rewrites each parallel_* call in place;
/// its parts live in one file per job:
///
///   LoweringContext    the editor, diagnostics and names the parts share
///   Recognition        hpp's functions and wrappers, by declaration
///   Lowerer.cpp        the walk, the call and its loops
///   PolicyReader.cpp   policies and nested ranges as loop bounds
///   ReducerReader.cpp  results as reduction clauses
///   TeamBody.cpp       team bodies: the member, single, returns, functors
///   ScanLowering.cpp   parallel_scan
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_API_LOWERER_H
#define HPP_FRONTEND_API_LOWERER_H

#include "Frontend/Api/LoweringContext.h"
#include "Frontend/Api/Recognition.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace hpp {
namespace api {

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
  explicit Lowerer(LoweringContext &C);

  bool shouldVisitLambdaBody() const { return true; }
  bool VisitCallExpr(clang::CallExpr *CE);
  /// A team functor's operator() is lowered where the functor is launched,
  /// once per launch; where it is defined it keeps its serial calls.
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl *MD);

  /// Whether the walk met a call to lower.
  bool found() const { return Found; }

private:
  using Stmt = clang::Stmt;
  using Expr = clang::Expr;
  using SourceLocation = clang::SourceLocation;

  void fail(SourceLocation Loc, llvm::StringRef What) { C.fail(Loc, What); }
  std::string text(const Expr *E) const { return C.text(E); }
  SourceLocation endOf(const Expr *E) const { return C.endOf(E); }
  std::string typeText(clang::QualType T) const { return C.typeText(T); }
  template <class T, class N> const T *parentOf(const N *E) { return C.parentOf<T>(E); }
  void apply(llvm::Error E, SourceLocation Loc) { C.apply(std::move(E), Loc); }
  std::string pragmaAt(SourceLocation Loc, llvm::StringRef Pragma) const {
    return C.pragmaAt(Loc, Pragma);
  }
  const Expr *arg(unsigned I) const { return Args[I]; }
  unsigned numArgs() const { return Args.size(); }

  // Lowerer.cpp
  void lowerCall(const clang::CallExpr *CE, ApiKind K, llvm::ArrayRef<const Expr *> CallArgs);
  /// The body argument of a call over \p Sp, with \p Results accumulators.
  /// \p Inline: a functor's operator() body is to be copied to the call
  /// (team functors, scans), so it must be visible here.
  std::optional<Body> parseBody(const Expr *E, const Space &Sp, unsigned Results, bool Inline);

  // PolicyReader.cpp
  bool parseSpace(const Expr *E, Space &S);

  // ReducerReader.cpp
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

  // TeamBody.cpp
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

  // ScanLowering.cpp
  void lowerScan(const clang::CallExpr *CE, const Stmt *S, unsigned First,
                 llvm::StringRef Label);

  LoweringContext &C;
  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  SourceEditor &Edit;
  Diagnoser &Diags;
  bool Found = false;
  /// The arguments of the call being lowered (a wrapper's, mapped).
  llvm::SmallVector<const Expr *, 6> Args;
};

} // namespace api
} // namespace hpp

#endif // HPP_FRONTEND_API_LOWERER_H
