//===- ReductionResolver.cpp - Reduction clauses to variables -------------===//

#include "Analysis/ReductionResolver.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace llvm;

namespace hpp {

ReductionResolver::ReductionResolver(AnalysisContext &AC)
    : AnalysisUnit(AC), UserResolver(AC.S, AC.Diags) {}

bool ReductionResolver::resolve(Construct &Loop) {
  const Stmt *Body = Loop.Dims.back().Loop->getBody();
  Span LoopSpan = spanOf(Loop);
  auto Find = [&](const ClauseArg &A) -> const VarDecl * {
    const VarDecl *Found = nullptr;
    bool Local = false;
    forEachVarRef(Body, [&](const DeclRefExpr *R) {
      const auto *V = dyn_cast<VarDecl>(R->getDecl());
      if (!V || V->getName() != A.Text || Found)
        return;
      if (LoopSpan.contains(offset(V->getLocation())))
        Local = true;
      else
        Found = V;
    });
    if (!Found)
      Diags.report(A.Loc, Local ? Diag::err_reduction_var_local
                                : Diag::err_reduction_var_unknown)
          << A.Text;
    return Found;
  };
  bool Ok = true;
  SmallPtrSet<const VarDecl *, 4> Seen;
  for (const Clause *Cl : dir(Loop).findClauses(ClauseKind::Reduction)) {
    SmallVector<const VarDecl *, 2> Vars;
    for (const ClauseArg &A : Cl->Args) {
      const VarDecl *V = Find(A);
      if (!V) {
        Ok = false;
        continue;
      }
      QualType T = V->getType().getNonReferenceType();
      bool Bitwise = Cl->Op == ReductionOp::BitAnd || Cl->Op == ReductionOp::BitOr ||
                     Cl->Op == ReductionOp::BitXor;
      bool IsLocIndex = isLocReduction(Cl->Op) && !Vars.empty();
      // User reductions check their own types (UserReduction.cpp).
      bool User = Cl->Op == ReductionOp::User;
      if (!User && !T->isDependentType() && !T->isArithmeticType()) {
        Diags.report(A.Loc, Diag::err_reduction_var_type)
            << A.Text << getReductionOpSpelling(Cl->Op);
        Ok = false;
        continue;
      }
      if (!T->isDependentType() && (Bitwise || IsLocIndex) && !T->isIntegerType()) {
        Diags.report(A.Loc, Diag::err_reduction_var_integer)
            << A.Text << getReductionOpSpelling(Cl->Op) << IsLocIndex;
        Ok = false;
        continue;
      }
      if (!Seen.insert(V).second) {
        Diags.report(A.Loc, Diag::err_reduction_duplicate) << A.Text;
        Ok = false;
        continue;
      }
      Vars.push_back(V);
    }
    if (!Ok)
      continue;
    if (isLocReduction(Cl->Op)) {
      if (llvm::any_of(Loop.Dims, [](const LoopDim &D) { return D.Step < 0; }))
        Diags.report(Cl->Loc, Diag::warn_loc_downward) << getReductionOpSpelling(Cl->Op);
      ReductionVar RV;
      RV.Op = Cl->Op;
      RV.Var = Vars[0];
      RV.IndexVar = Vars[1];
      RV.Name = Cl->Args[0].Text;
      RV.IndexName = Cl->Args[1].Text;
      RV.TypeName = getTypeName(Vars[0]->getType(), Ctx);
      RV.InScan = Cl->InScan;
      RV.Loc = Cl->Loc;
      Loop.Reductions.push_back(RV);
      continue;
    }
    for (unsigned I = 0; I < Vars.size(); ++I) {
      ReductionVar RV;
      RV.Op = Cl->Op;
      RV.Var = Vars[I];
      RV.Name = Cl->Args[I].Text;
      RV.TypeName = getTypeName(Vars[I]->getType(), Ctx);
      RV.InScan = Cl->InScan;
      RV.Loc = Cl->Args[I].Loc;
      if (RV.Op == ReductionOp::User) {
        const LocatedStmt *LS = AC.Located.lookup(&Loop);
        ArrayRef<const Stmt *> Instances;
        if (LS)
          Instances = LS->Instances;
        if (!UserResolver.resolve(*Cl, Loop.S, Instances, RV, UserReductionCalls)) {
          notePragma(Loop);
          Ok = false;
          continue;
        }
      }
      Loop.Reductions.push_back(RV);
    }
  }
  return Ok;
}

} // namespace hpp
