//===- NowaitResults.cpp - Do nowait results have a fence to reach? -------===//

#include "Analysis/NowaitResults.h"
#include "Analysis/ResultUses.h"
#include "Basic/Diagnostics.h"
#include "IR/Region.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace llvm;

namespace hpp {

namespace {

/// Finds a call of a function named `fence` or `status` (hpp::fence,
/// Stream::fence, Stream::status, or the user's own wrapper of that name)
/// that begins after a given offset.
class FenceFinder : public RecursiveASTVisitor<FenceFinder> {
public:
  FenceFinder(const SourceManager &SM, unsigned After) : SM(SM), After(After) {}
  bool Found = false;

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier())
      return true;
    StringRef Name = Callee->getName();
    if (Name != "fence" && Name != "status")
      return true;
    if (SM.getFileOffset(SM.getExpansionLoc(Call->getBeginLoc())) > After)
      Found = true;
    return !Found;
  }

private:
  const SourceManager &SM;
  unsigned After;
};

} // namespace

void checkNowaitResults(const Region &R, ASTContext &Ctx, Diagnoser &Diags) {
  if (!R.Root->Nowait)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned RegionEnd = SM.getFileOffset(SM.getExpansionLoc(R.Root->S->getEndLoc()));
  for (const ReductionVar &RV : R.Root->Reductions) {
    if (!RV.ReadAfter)
      continue;
    for (const VarDecl *V : {RV.Var, RV.IndexVar}) {
      // Globals live as long as the program; a reference's object is the
      // caller's, whose fences hppc cannot see.
      if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType())
        continue;
      const Stmt *Scope = lifetimeScope(V, Ctx);
      if (!Scope)
        continue;
      FenceFinder Finder(SM, RegionEnd);
      Finder.TraverseStmt(const_cast<Stmt *>(Scope));
      if (Finder.Found)
        continue;
      Diags.report(RV.Loc, Diag::warn_nowait_result_scope)
          << V->getName()
          << SM.getExpansionLineNumber(Scope->getEndLoc());
    }
  }
}

} // namespace hpp
