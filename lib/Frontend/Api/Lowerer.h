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

#include "Frontend/Api/BodyReader.h"
#include "Frontend/Api/LoweringContext.h"
#include "Frontend/Api/PolicyReader.h"
#include "Frontend/Api/Recognition.h"
#include "Frontend/Api/ReducerReader.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace hpp {
namespace api {

/// A parallel_for or parallel_reduce call, read.
struct LoopCall {
  Space Sp;
  Body B;
  llvm::SmallVector<Accumulator, 2> Accs;
  const clang::Expr *BodyArg = nullptr;
};

/// The loops of a call, outermost first.
struct LoopNest {
  std::string Text;
  /// Flat loops: the index of each loop.
  llvm::SmallVector<std::string, 3> IndexNames;
  /// A team loop: the league index.
  std::string League;
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
  std::optional<LoopCall> readLoopCall(const clang::CallExpr *CE, ApiKind K, unsigned First);
  void emitLoopCall(const clang::CallExpr *CE, const Stmt *S, LoopCall &Call,
                    llvm::StringRef Label);
  LoopNest loopNest(const LoopCall &Call);
  void emitLambda(const Stmt *S, const Body &B, const std::string &Head,
                  const std::string &Epilogue);
  void emitTeamFunctor(const clang::CallExpr *CE, const Stmt *S, const LoopCall &Call,
                       const std::string &League, const std::string &Head,
                       const std::string &Epilogue);
  void emitFunctorCall(const Stmt *S, const LoopCall &Call, llvm::ArrayRef<std::string> IndexNames,
                       const std::string &Head, const std::string &Epilogue);

  // TeamBody.cpp
  void lowerSingle(const clang::CallExpr *CE, const Stmt *S, bool Unbraced);
  bool lowerTeamMember(const Stmt *Body, const clang::ParmVarDecl *Member,
                       const std::string &LeagueIndex, const std::string &LeagueSize);
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
