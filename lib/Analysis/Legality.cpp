//===- Legality.cpp - Rules every region must keep ------------------------===//

#include "Analysis/Legality.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;
using namespace llvm;

namespace hpp {

namespace {

/// Finds `break`, `return`, `goto` and `throw` that leave a loop body.
class BranchOutFinder : public RecursiveASTVisitor<BranchOutFinder> {
public:
  BranchOutFinder(const SourceManager &SM, Span Body) : SM(SM), Body(Body) {}

  bool shouldVisitLambdaBody() const { return false; }

  const Stmt *Found = nullptr;
  StringRef What;

  bool TraverseForStmt(ForStmt *S) { return nested([&] { return RecursiveASTVisitor::TraverseForStmt(S); }); }
  bool TraverseWhileStmt(WhileStmt *S) { return nested([&] { return RecursiveASTVisitor::TraverseWhileStmt(S); }); }
  bool TraverseDoStmt(DoStmt *S) { return nested([&] { return RecursiveASTVisitor::TraverseDoStmt(S); }); }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) { return nested([&] { return RecursiveASTVisitor::TraverseCXXForRangeStmt(S); }); }
  bool TraverseSwitchStmt(SwitchStmt *S) { return nested([&] { return RecursiveASTVisitor::TraverseSwitchStmt(S); }); }
  /// A lambda's own return, break and throw stay inside the lambda.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  /// A throw in a try block is caught there when a handler of that try
  /// catches everything or the thrown type; a throw in a handler leaves it.
  bool TraverseCXXTryStmt(CXXTryStmt *S) {
    Tries.push_back(S);
    bool R = TraverseStmt(S->getTryBlock());
    Tries.pop_back();
    for (unsigned I = 0; R && I < S->getNumHandlers(); ++I)
      R = TraverseStmt(S->getHandler(I)->getHandlerBlock());
    return R;
  }
  bool VisitBreakStmt(BreakStmt *S) { return Depth ? true : found(S, "break"); }
  bool VisitReturnStmt(ReturnStmt *S) { return found(S, "return"); }
  bool VisitCXXThrowExpr(CXXThrowExpr *S) {
    return isCaught(S) ? true : found(S, "throw");
  }
  bool VisitGotoStmt(GotoStmt *S) {
    SourceLocation L = S->getLabel()->getStmt()
                           ? S->getLabel()->getStmt()->getBeginLoc()
                           : S->getLabel()->getLocation();
    return Body.contains(SM.getFileOffset(SM.getExpansionLoc(L))) ? true
                                                                  : found(S, "goto");
  }

private:
  template <class Fn> bool nested(Fn F) {
    ++Depth;
    bool R = F();
    --Depth;
    return R;
  }
  bool found(const Stmt *S, StringRef W) {
    Found = S;
    What = W;
    return false;
  }
  bool isCaught(const CXXThrowExpr *Throw) const {
    return llvm::any_of(Tries, [&](const CXXTryStmt *Try) { return catchesThrow(*Try, *Throw); });
  }

  const SourceManager &SM;
  Span Body;
  unsigned Depth = 0;
  SmallVector<const CXXTryStmt *, 2> Tries;
};

} // namespace

bool LegalityChecker::checkNesting(Construct &C, const Construct &Root) {
  const Construct *Loop = C.enclosingLoop();
  StringRef Name = getDirectiveSpelling(dir(C).Kind);
  // Enclosing loops are named as the user wrote them.
  StringRef Outer = Loop ? getDirectiveSpelling(dir(*Loop).Kind) : "";
  auto Fail = [&](Diag D) {
    auto B = Diags.report(dir(C).KindLoc, D);
    B << Name;
    if (D != Diag::err_needs_enclosing_team)
      B << Outer;
    B.~DiagnosticBuilder();
    if (Loop && D != Diag::err_needs_enclosing_team)
      notePragma(*Loop);
    return false;
  };
  bool TeamRegion = Root.Level == LoopLevel::Team;
  bool AtTeamLevel = TeamRegion && Loop == &Root;
  switch (C.Kind) {
  case ConstructKind::Loop:
    if (!Loop)
      return true;
    if (C.Level == LoopLevel::Team || C.Level == LoopLevel::Flat ||
        Loop->Level == LoopLevel::Flat || Loop->Level == LoopLevel::Vector ||
        Loop->Level == LoopLevel::TeamVector ||
        ((C.Level == LoopLevel::Thread || C.Level == LoopLevel::TeamVector) &&
         Loop->Level != LoopLevel::Team))
      return Fail(Diag::err_nesting);
    for (const Construct *P = C.Parent; P; P = P->Parent)
      if (P->Kind == ConstructKind::Single) {
        Diags.report(dir(C).KindLoc, Diag::err_loop_in_single) << Name;
        return false;
      }
    // Clauses that size the launch belong to the outermost loop.
    for (ClauseKind K : {ClauseKind::League, ClauseKind::TeamSize,
                         ClauseKind::VectorLength, ClauseKind::Stream,
                         ClauseKind::Nowait})
      if (const Clause *Cl = dir(C).findClause(K)) {
        Diags.report(Cl->Loc, Diag::err_clause_level) << getClauseSpelling(K);
        return false;
      }
    return true;
  case ConstructKind::Scratch:
  case ConstructKind::Barrier:
    if (!TeamRegion)
      return Fail(Diag::err_needs_enclosing_team);
    if (!AtTeamLevel)
      return Fail(Diag::err_not_at_team_level);
    return checkStandalonePosition(C);
  case ConstructKind::Single:
    if (!TeamRegion)
      return Fail(Diag::err_needs_enclosing_team);
    if (!AtTeamLevel && !(C.PerThread && Loop->Level == LoopLevel::Thread))
      return Fail(Diag::err_not_at_team_level);
    return true;
  case ConstructKind::Scan:
    return checkStandalonePosition(C);
  case ConstructKind::Atomic:
    return true;
  case ConstructKind::Data:
  case ConstructKind::EnterData:
  case ConstructKind::ExitData:
  case ConstructKind::Update:
    // Never in a region's tree: RegionBuilder refuses them inside one
    // (err_data_in_region) and attaches the others at file level.
    return true;
  }
  return true;
}

bool LegalityChecker::checkStandalonePosition(const Construct &C) {
  if (C.Kind != ConstructKind::Barrier && C.Kind != ConstructKind::Scan)
    return true;
  // The directive must sit between the statements of a block, not be the
  // body of an if or a loop without braces (it would be conditional).
  unsigned Index = 0;
  const CompoundStmt *CS = AC.Locator.findEnclosingCompound(C.Loc, Index);
  if (CS && Index > 0) {
    const Stmt *Before = CS->body_begin()[Index - 1];
    if (offset(getEndOfStmt(Before, Ctx)) <= offset(C.Loc))
      return true;
  } else if (CS) {
    return true;
  }
  Diags.report(dir(C).KindLoc, Diag::err_standalone_position)
      << getDirectiveSpelling(dir(C).Kind);
  return false;
}

bool LegalityChecker::checkBranches(const Construct &Loop) {
  const Stmt *Body = Loop.Dims.back().Loop->getBody();
  Span BodySpan{offset(Body->getBeginLoc()), offset(getEndOfStmt(Body, Ctx))};
  BranchOutFinder F(SM, BodySpan);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  if (!F.Found)
    return true;
  Diags.report(F.Found->getBeginLoc(), Diag::err_branch_out) << F.What;
  notePragma(Loop);
  return false;
}

/// An atomic update of a user reduction's variable (or of one of its
/// members) inside the loop that reduces it: each thread updates a private
/// copy that the reduction's join combines, so an atomic means nothing there
/// and cannot be generated for a class type.
bool LegalityChecker::checkUserReductionAtomics(const Region &R) {
  bool Ok = true;
  R.forEachConstruct([&](const Construct &A) {
    if (A.Kind != ConstructKind::Atomic)
      return;
    for (const Construct *L = A.enclosingLoop(); L; L = L->enclosingLoop())
      for (const ReductionVar &RV : L->Reductions)
        if (RV.Op == ReductionOp::User && isWrittenIn(RV.Var, A.S)) {
          Diags.report(A.S->getBeginLoc(), Diag::err_user_reduction_atomic) << RV.Name;
          notePragma(*L);
          Ok = false;
          return;
        }
  });
  return Ok;
}

bool LegalityChecker::checkRaces(const Region &R) {
  bool Ok = true;
  SmallVector<const Construct *, 4> Atomics;
  R.forEachConstruct([&](const Construct &C) {
    if (C.Kind == ConstructKind::Atomic)
      Atomics.push_back(&C);
  });
  R.forEachConstruct([&](const Construct &Loop) {
    if (!Loop.isLoop())
      return;
    Span LoopSpan = spanOf(Loop);
    SmallVector<VarWrite, 16> Writes;
    collectWrites(Loop.Dims.back().Loop->getBody(), Writes);
    for (const VarWrite &W : Writes) {
      const VarDecl *V = W.Var;
      if (LoopSpan.contains(offset(V->getLocation())) && !V->hasGlobalStorage())
        continue;
      if (V->getType()->isReferenceType() && !V->hasGlobalStorage() &&
          LoopSpan.contains(offset(V->getLocation())))
        continue;
      bool Reduced = llvm::any_of(Loop.Reductions, [&](const ReductionVar &RV) {
        return RV.Var == V || RV.IndexVar == V;
      });
      if (Reduced)
        continue;
      bool InAtomic = llvm::any_of(Atomics, [&](const Construct *A) {
        return inside(*A, W.At->getExprLoc()) && inside(Loop, A->Loc);
      });
      if (InAtomic)
        continue;
      if (!ReportedWrites.insert(W.At).second)
        continue;
      Diags.report(W.At->getExprLoc(), Diag::err_race) << V->getName();
      notePragma(Loop);
      Ok = false;
    }
  });
  return Ok;
}

} // namespace hpp
