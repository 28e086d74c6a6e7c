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

/// How a minloc/maxloc body treats a candidate equal to the current value.
enum class TieKeep {
  Unknown,
  First,  ///< `if (x < v)`: keeps the first of equal values it meets
  Last,   ///< `if (x <= v)`: keeps the last
  Lowest, ///< `x < v || (x == v && k < i)`: keeps the lowest index
  Highest ///< `... && k > i`: keeps the highest
};

/// Recognises `if (x < v) { v = x; i = k; }` (First), `if (x <= v)` (Last)
/// and `if (x < v || (x == v && k < i))` (Lowest; `k > i` Highest), either
/// operand order, `>`/`>=` for maxloc, where the index is assigned the loop
/// index once and nowhere else. Anything else (an index computed from k,
/// several assignments) is Unknown.
class TieKeepFinder : public RecursiveASTVisitor<TieKeepFinder> {
public:
  TieKeepFinder(const ASTContext &Ctx, const VarDecl *Val, const VarDecl *Idx,
                const VarDecl *LoopIndex, bool Max)
      : Ctx(Ctx), Val(Val), Idx(Idx), LoopIndex(LoopIndex), Max(Max) {}

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
    FromLoopIndex = isVar(RHS, LoopIndex);
  }

  static bool isVar(const Expr *E, const VarDecl *V) {
    return E && isa<DeclRefExpr>(E->IgnoreParenImpCasts()) && getReferencedVar(E) == V;
  }

  /// \p E as `Other OP V` (the comparison reversed when V is on the left),
  /// or BO_Comma when \p E is not a comparison with V on exactly one side.
  static BinaryOperatorKind normalise(const Expr *E, const VarDecl *V, const Expr *&Other) {
    const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!BO || !(BO->isRelationalOp() || BO->isEqualityOp()))
      return BO_Comma;
    bool Left = isVar(BO->getLHS(), V), Right = isVar(BO->getRHS(), V);
    if (Left == Right)
      return BO_Comma;
    Other = Left ? BO->getRHS() : BO->getLHS();
    return Left ? BinaryOperator::reverseComparisonOp(BO->getOpcode()) : BO->getOpcode();
  }

  TieKeep classify(const Expr *Cond) const {
    const auto *Or = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
    if (Or && Or->getOpcode() == BO_LOr)
      return classifyIndexTie(Or);
    const Expr *Candidate = nullptr;
    BinaryOperatorKind Op = normalise(Cond, Val, Candidate);
    if (Op == (Max ? BO_GT : BO_LT))
      return TieKeep::First;
    if (Op == (Max ? BO_GE : BO_LE))
      return TieKeep::Last;
    return TieKeep::Unknown;
  }

  /// Whether \p A and \p B are the same side-effect-free expression.
  bool sameValue(const Expr *A, const Expr *B) const {
    return !A->HasSideEffects(Ctx) && isSameExpr(A, B, Ctx);
  }

  /// `x < v || (x == v && k < i)`, the two conjuncts in either order, the
  /// same x on both sides of `||`.
  TieKeep classifyIndexTie(const BinaryOperator *Or) const {
    const Expr *Candidate = nullptr, *EqCandidate = nullptr, *Index = nullptr;
    if (normalise(Or->getLHS(), Val, Candidate) != (Max ? BO_GT : BO_LT))
      return TieKeep::Unknown;
    const auto *And = dyn_cast<BinaryOperator>(Or->getRHS()->IgnoreParenImpCasts());
    if (!And || And->getOpcode() != BO_LAnd)
      return TieKeep::Unknown;
    for (auto [Eq, Cmp] : {std::pair(And->getLHS(), And->getRHS()),
                           std::pair(And->getRHS(), And->getLHS())}) {
      if (normalise(Eq, Val, EqCandidate) != BO_EQ || !sameValue(Candidate, EqCandidate))
        continue;
      BinaryOperatorKind Op = normalise(Cmp, Idx, Index);
      if (!isVar(Index, LoopIndex))
        return TieKeep::Unknown;
      if (Op == BO_LT)
        return TieKeep::Lowest;
      if (Op == BO_GT)
        return TieKeep::Highest;
      return TieKeep::Unknown;
    }
    return TieKeep::Unknown;
  }

  const ASTContext &Ctx;
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
      // downward one (the reverse for a body keeping the last; a body that
      // compares indices says which itself). The initial value is the
      // first candidate the serial loop meets: the body decides whether a
      // tied element replaces it.
      bool Down = llvm::any_of(Loop.Dims, [](const LoopDim &D) { return D.Step < 0; });
      TieKeep Keep = Loop.Dims.size() == 1
                         ? TieKeepFinder(Ctx, Vars[0], Vars[1], Loop.Dims[0].Index,
                                         Cl->Op == ReductionOp::MaxLoc)
                               .run(Body)
                         : TieKeep::Unknown;
      if (Keep == TieKeep::Unknown && Down)
        Diags.report(Cl->Loc, Diag::warn_loc_downward) << getReductionOpSpelling(Cl->Op);
      ReductionVar RV;
      switch (Keep) {
      case TieKeep::Unknown:
        break;
      case TieKeep::First:
        RV.HighestIndexOnTies = Down;
        break;
      case TieKeep::Last:
        RV.HighestIndexOnTies = !Down;
        RV.InitialTie = LocInitialTie::Replaced;
        break;
      case TieKeep::Lowest:
      case TieKeep::Highest:
        RV.HighestIndexOnTies = Keep == TieKeep::Highest;
        RV.InitialTie = LocInitialTie::ByIndex;
        break;
      }
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
