//===- ReductionResolver.cpp - Reduction clauses to variables -------------===//

#include "Analysis/ReductionResolver.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// Which of equal values a minloc/maxloc body keeps when it meets them.
enum class TieKeep { Unknown, First, Last };

/// Recognises `if (x < v) { v = x; i = k; }` (First) and `if (x <= v)`
/// (Last), either operand order, `>`/`>=` for maxloc, where the index is
/// assigned the loop index once and nowhere else. Anything else (a body
/// that breaks ties by index itself, an index computed from k, several
/// assignments) is Unknown.
class TieKeepFinder : public RecursiveASTVisitor<TieKeepFinder> {
public:
  TieKeepFinder(const VarDecl *Val, const VarDecl *Idx, const VarDecl *LoopIndex, bool Max)
      : Val(Val), Idx(Idx), LoopIndex(LoopIndex), Max(Max) {}

  TieKeep run(const Stmt *Body) {
    TraverseStmt(const_cast<Stmt *>(Body));
    if (Assignments != 1 || !Guard || !FromLoopIndex)
      return TieKeep::Unknown;
    return classify(Guard);
  }

  bool shouldVisitLambdaBody() const { return true; }
  bool TraverseIfStmt(IfStmt *If) {
    if (!TraverseStmt(If->getCond()))
      return false;
    Guards.push_back(If->getCond());
    bool Ok = TraverseStmt(If->getThen());
    Guards.back() = nullptr;
    Ok = Ok && TraverseStmt(If->getElse());
    Guards.pop_back();
    return Ok;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp() && getReferencedVar(BO->getLHS()) == Idx)
      noteAssignment(BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() && getReferencedVar(UO->getSubExpr()) == Idx)
      noteAssignment(nullptr);
    return true;
  }

private:
  void noteAssignment(const Expr *RHS) {
    ++Assignments;
    Guard = Guards.empty() ? nullptr : Guards.back();
    FromLoopIndex = RHS && isa<DeclRefExpr>(RHS->IgnoreParenImpCasts()) &&
                    getReferencedVar(RHS) == LoopIndex;
  }

  TieKeep classify(const Expr *Cond) const {
    const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
    if (!BO || !BO->isRelationalOp())
      return TieKeep::Unknown;
    bool ValLeft = getReferencedVar(BO->getLHS()) == Val &&
                   isa<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
    bool ValRight = getReferencedVar(BO->getRHS()) == Val &&
                    isa<DeclRefExpr>(BO->getRHS()->IgnoreParenImpCasts());
    if (ValLeft == ValRight)
      return TieKeep::Unknown;
    // Normalise to `candidate OP v`.
    BinaryOperatorKind Op = ValLeft ? BinaryOperator::reverseComparisonOp(BO->getOpcode())
                                    : BO->getOpcode();
    BinaryOperatorKind Strict = Max ? BO_GT : BO_LT, Loose = Max ? BO_GE : BO_LE;
    if (Op == Strict)
      return TieKeep::First;
    if (Op == Loose)
      return TieKeep::Last;
    return TieKeep::Unknown;
  }

  const VarDecl *Val, *Idx, *LoopIndex;
  bool Max;
  SmallVector<const Expr *, 4> Guards;
  unsigned Assignments = 0;
  const Expr *Guard = nullptr;
  bool FromLoopIndex = false;
};

} // namespace

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
      // Partials are combined by index, so each must be the candidate the
      // serial loop keeps among ties: the lowest index of an upward loop
      // whose body keeps the first of equal values, the highest of a
      // downward one (the reverse for a body keeping the last).
      bool Down = llvm::any_of(Loop.Dims, [](const LoopDim &D) { return D.Step < 0; });
      TieKeep Keep = Loop.Dims.size() == 1
                         ? TieKeepFinder(Vars[0], Vars[1], Loop.Dims[0].Index,
                                         Cl->Op == ReductionOp::MaxLoc)
                               .run(Body)
                         : TieKeep::Unknown;
      if (Keep == TieKeep::Unknown && Down)
        Diags.report(Cl->Loc, Diag::warn_loc_downward) << getReductionOpSpelling(Cl->Op);
      ReductionVar RV;
      RV.HighestIndexOnTies = Keep != TieKeep::Unknown && Down == (Keep == TieKeep::First);
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
