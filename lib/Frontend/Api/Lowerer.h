//===- Lowerer.h - The parallel_* lowering driver ---------------*- C++ -*-===//
///
/// \file
/// Internal to the API front end (ApiLowering.h is its interface). The
/// Lowerer walks the main file, recognises each parallel_* call, has its
/// parts read the call and assembles the pragma and loop text that replaces
/// it. The parts, each with its own header:
///
///   LoweringContext   the AST, editor, diagnostics and names the parts share
///   Recognition       hpp's functions and forwarding wrappers, by declaration
///   PolicyReader      policies and nested ranges as loop bounds and clauses
///   BodyReader        lambdas and functors as what runs per index
///   ReducerReader     results as reduction clauses and accumulators
///   TeamBodyRewriter  the team member's uses, barriers, scratch, single
///   FunctorInliner    a functor's operator() body copied to the call
///   ScanLowering      parallel_scan as an exclusive inscan loop
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_API_LOWERER_H
#define HPP_FRONTEND_API_LOWERER_H

#include "Frontend/Api/BodyReader.h"
#include "Frontend/Api/FunctorInliner.h"
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

/// Rewrites each parallel_* call it visits in place, in \p C's editor.
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
  using Expr = clang::Expr;
  using Stmt = clang::Stmt;

  /// \p Args: the call's arguments, or the wrapper's mapped to the API
  /// call it makes.
  void lowerCall(const clang::CallExpr *CE, ApiKind K, llvm::ArrayRef<const Expr *> Args);
  std::optional<LoopCall> readLoopCall(const clang::CallExpr *CE, ApiKind K,
                                       llvm::ArrayRef<const Expr *> Args, unsigned First);
  void emitLoopCall(const clang::CallExpr *CE, const Stmt *S, LoopCall &Call,
                    llvm::StringRef Label);
  LoopNest loopNest(LoopCall &Call);
  void emitLambda(const Stmt *S, const Body &B, const std::string &Head,
                  const std::string &Epilogue);
  void emitTeamFunctor(const clang::CallExpr *CE, const Stmt *S, const LoopCall &Call,
                       const std::string &League, const std::string &Head,
                       const std::string &Epilogue);
  void emitFunctorCall(const Stmt *S, const LoopCall &Call, llvm::ArrayRef<std::string> IndexNames,
                       const std::string &Head, const std::string &Epilogue);

  LoweringContext &C;
  FunctorInliner Inliner;
  bool Found = false;
};

} // namespace api
} // namespace hpp

#endif // HPP_FRONTEND_API_LOWERER_H
