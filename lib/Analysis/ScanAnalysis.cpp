//===- ScanAnalysis.cpp - Scan separators and their loops -----------------===//

#include "Analysis/ScanAnalysis.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/AST/ASTContext.h"

using namespace clang;
using namespace llvm;

namespace hpp {

bool ScanAnalyzer::analyzeSeparator(Construct &Sep) {
  const Construct *LoopC = Sep.enclosingLoop();
  auto Placement = [&] {
    Diags.report(dir(Sep).KindLoc, Diag::err_scan_placement);
    return false;
  };
  if (!LoopC)
    return Placement();
  auto &Loop = const_cast<Construct &>(*LoopC);
  for (const std::string &Name : Sep.ScanVars) {
    bool Found = llvm::any_of(Loop.Reductions, [&](const ReductionVar &RV) {
      return RV.InScan && RV.Name == Name;
    });
    if (!Found) {
      Diags.report(dir(Sep).KindLoc, Diag::err_scan_var_not_inscan) << Name;
      return false;
    }
  }
  for (const ReductionVar &RV : Loop.Reductions)
    if (RV.InScan && !llvm::is_contained(Sep.ScanVars, RV.Name)) {
      Diags.report(dir(Sep).KindLoc, Diag::err_inscan_mixed);
      return false;
    }
  unsigned Index = 0;
  const CompoundStmt *CS = AC.Locator.findEnclosingCompound(Sep.Loc, Index);
  if (!CS || CS != Loop.Dims.back().Loop->getBody())
    return Placement();
  if (Loop.ScanSeparator)
    return Placement();
  if (Loop.Level == LoopLevel::Team) {
    Diags.report(dir(Sep).KindLoc, Diag::err_scan_level);
    return false;
  }
  Loop.ScanSeparator = &Sep;
  Loop.ScanBody = CS;
  Loop.ScanSplit = Index;
  // The input phase may run twice (once to reduce, once to scan): it may
  // only update the scan variables.
  auto Body = CS->body();
  SmallVector<const Stmt *, 8> Children(Body.begin(), Body.end());
  unsigned Begin = Sep.Inclusive ? 0 : Index;
  unsigned End = Sep.Inclusive ? Index : Children.size();
  for (unsigned I = Begin; I < End; ++I) {
    const Stmt *S = Children[I];
    Span Phase{offset(S->getBeginLoc()), offset(getEndOfStmt(S, Ctx))};
    SmallVector<VarWrite, 8> Writes;
    collectWrites(S, Writes);
    for (const VarWrite &W : Writes) {
      bool IsScanVar = llvm::is_contained(Sep.ScanVars, W.Var->getName().str());
      if (!IsScanVar && !Phase.contains(offset(W.Var->getLocation()))) {
        Diags.report(W.At->getExprLoc(), Diag::err_scan_input_phase)
            << W.Var->getName();
        return false;
      }
    }
    if (const Expr *M = findMemoryWrite(S)) {
      const Expr *Target = M;
      if (const auto *BO = dyn_cast<BinaryOperator>(M))
        Target = BO->getLHS();
      else if (const auto *UO = dyn_cast<UnaryOperator>(M))
        Target = UO->getSubExpr();
      Diags.report(M->getExprLoc(), Diag::err_scan_input_phase)
          << getSourceText(Target->getSourceRange(), Ctx);
      return false;
    }
    if (const CallExpr *CE = findImpureCall(S)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      Diags.report(CE->getBeginLoc(), Diag::err_scan_input_call)
          << (FD ? FD->getQualifiedNameAsString() : "a function pointer");
      return false;
    }
  }
  return true;
}

bool ScanAnalyzer::checkScanLoops(const Region &R) {
  bool Ok = true;
  R.forEachConstruct([&](const Construct &C) {
    if (!C.isLoop() || C.ScanSeparator)
      return;
    for (const ReductionVar &RV : C.Reductions)
      if (RV.InScan) {
        Diags.report(RV.Loc, Diag::err_scan_missing);
        Ok = false;
        return;
      }
  });
  return Ok;
}

} // namespace hpp
