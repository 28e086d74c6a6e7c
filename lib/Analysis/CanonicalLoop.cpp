//===- CanonicalLoop.cpp - Prove a for loop canonical ---------------------===//

#include "Analysis/CanonicalLoop.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "Analysis/VariableUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

struct Comparison {
  LoopCmp Cmp;
  const Expr *LHS;
  const Expr *RHS;
  SourceLocation OpLoc;
};

std::optional<LoopCmp> toLoopCmp(BinaryOperatorKind K) {
  switch (K) {
  case BO_LT:
    return LoopCmp::Lt;
  case BO_LE:
    return LoopCmp::Le;
  case BO_GT:
    return LoopCmp::Gt;
  case BO_GE:
    return LoopCmp::Ge;
  case BO_NE:
    return LoopCmp::Ne;
  default:
    return std::nullopt;
  }
}

std::optional<LoopCmp> toLoopCmp(OverloadedOperatorKind K) {
  switch (K) {
  case OO_Less:
    return LoopCmp::Lt;
  case OO_LessEqual:
    return LoopCmp::Le;
  case OO_Greater:
    return LoopCmp::Gt;
  case OO_GreaterEqual:
    return LoopCmp::Ge;
  case OO_ExclaimEqual:
    return LoopCmp::Ne;
  default:
    return std::nullopt;
  }
}

/// `a CMP b` as a BinaryOperator, or as an operator call in templates.
std::optional<Comparison> getComparison(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (auto C = toLoopCmp(BO->getOpcode()))
      return Comparison{*C, BO->getLHS(), BO->getRHS(), BO->getOperatorLoc()};
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    if (OC->getNumArgs() == 2)
      if (auto C = toLoopCmp(OC->getOperator()))
        return Comparison{*C, OC->getArg(0), OC->getArg(1),
                          OC->getOperatorLoc()};
  return std::nullopt;
}

LoopCmp mirror(LoopCmp C) {
  switch (C) {
  case LoopCmp::Lt:
    return LoopCmp::Gt;
  case LoopCmp::Le:
    return LoopCmp::Ge;
  case LoopCmp::Gt:
    return LoopCmp::Lt;
  case LoopCmp::Ge:
    return LoopCmp::Le;
  case LoopCmp::Ne:
    return LoopCmp::Ne;
  }
  return C;
}

StringRef cmpSpelling(LoopCmp C) {
  switch (C) {
  case LoopCmp::Lt:
    return "<";
  case LoopCmp::Le:
    return "<=";
  case LoopCmp::Gt:
    return ">";
  case LoopCmp::Ge:
    return ">=";
  case LoopCmp::Ne:
    return "!=";
  }
  return "";
}

std::optional<long long> evaluateConstant(const Expr *E, ASTContext &Ctx) {
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getSExtValue();
}

/// The iterations of `i = Lower; i CMP Bound; i += Step` when both bounds
/// are constants (the direction was checked: Step moves towards Bound).
/// Only bounds of either signedness within +-2^62 are counted (so that no
/// arithmetic below overflows, and an unsigned bound above 2^63 is not
/// read as negative); others give no count.
std::optional<long long> constantTripCount(const Expr *Lower, const Expr *Bound, LoopCmp Cmp,
                                           long long Step, ASTContext &Ctx) {
  auto Value = [&](const Expr *E) -> std::optional<long long> {
    if (E->isValueDependent() || E->isTypeDependent())
      return std::nullopt;
    Expr::EvalResult R;
    if (!E->EvaluateAsInt(R, Ctx))
      return std::nullopt;
    const llvm::APSInt &V = R.Val.getInt();
    if (V.isUnsigned() ? V.getActiveBits() > 62 : V.getSignificantBits() > 62)
      return std::nullopt;
    return V.getExtValue();
  };
  std::optional<long long> L = Value(Lower), U = Value(Bound);
  if (!L || !U || Step > (1LL << 62) || Step < -(1LL << 62))
    return std::nullopt;
  // The distance to cover, exclusive of the bound: Le and Ge include it.
  long long Span = *U - *L + (Cmp == LoopCmp::Le ? 1 : Cmp == LoopCmp::Ge ? -1 : 0);
  if (Step < 0) {
    Span = -Span;
    Step = -Step;
  }
  return Span <= 0 ? 0 : (Span + Step - 1) / Step;
}

bool refersTo(const Expr *E, const VarDecl *V) {
  return getReferencedVar(E) == V;
}

/// The step of the increment expression, or nullopt if it is not one.
std::optional<long long> getStep(const Expr *Inc, const VarDecl *Index,
                                 ASTContext &Ctx) {
  Inc = Inc->IgnoreParens();
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc)) {
    if (!refersTo(UO->getSubExpr(), Index))
      return std::nullopt;
    if (UO->isIncrementOp())
      return 1;
    if (UO->isDecrementOp())
      return -1;
    return std::nullopt;
  }
  const Expr *Target = nullptr, *Value = nullptr;
  int Sign = 1;
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc)) {
    Target = CA->getLHS();
    Value = CA->getRHS();
    if (CA->getOpcode() == BO_SubAssign)
      Sign = -1;
    else if (CA->getOpcode() != BO_AddAssign)
      return std::nullopt;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Inc)) {
    if (BO->getOpcode() != BO_Assign)
      return std::nullopt;
    Target = BO->getLHS();
    const auto *Sum = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    if (!Sum || (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub))
      return std::nullopt;
    if (refersTo(Sum->getLHS(), Index)) {
      Value = Sum->getRHS();
      Sign = Sum->getOpcode() == BO_Sub ? -1 : 1;
    } else if (Sum->getOpcode() == BO_Add && refersTo(Sum->getRHS(), Index)) {
      Value = Sum->getLHS();
    } else {
      return std::nullopt;
    }
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Inc)) {
    // Dependent increments in templates: ++i, i++, i += c, i -= c.
    if (OC->getNumArgs() < 1 || !refersTo(OC->getArg(0), Index))
      return std::nullopt;
    switch (OC->getOperator()) {
    case OO_PlusPlus:
      return 1;
    case OO_MinusMinus:
      return -1;
    case OO_PlusEqual:
    case OO_MinusEqual:
      if (OC->getNumArgs() != 2)
        return std::nullopt;
      Target = OC->getArg(0);
      Value = OC->getArg(1);
      Sign = OC->getOperator() == OO_MinusEqual ? -1 : 1;
      break;
    default:
      return std::nullopt;
    }
  } else {
    return std::nullopt;
  }
  if (!refersTo(Target, Index))
    return std::nullopt;
  std::optional<long long> V = evaluateConstant(Value, Ctx);
  if (!V)
    return std::nullopt;
  return Sign * *V;
}

} // namespace

std::optional<LoopDim> analyzeCanonicalLoop(const ForStmt *For,
                                            const Directive &Dir,
                                            ASTContext &Ctx, Diagnoser &Diags) {
  StringRef DirName = getDirectiveSpelling(Dir.Kind);
  auto Fail = [&](SourceLocation Loc, hpp::Diag D) {
    auto B = Diags.report(Loc, D);
    return B;
  };
  auto Note = [&] {
    Diags.report(Dir.KindLoc, Diag::note_loop_pragma) << DirName;
    return std::nullopt;
  };

  LoopDim Dim;
  Dim.Loop = For;
  Dim.HeaderRange = SourceRange(For->getBeginLoc(), For->getRParenLoc());

  // Init: `T i = lb` with an integer T.
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  const VarDecl *Index =
      Init && Init->isSingleDecl() ? dyn_cast<VarDecl>(Init->getSingleDecl()) : nullptr;
  if (!Index || !Index->getInit() || Index->getType()->isReferenceType()) {
    Fail(For->getInit() ? For->getInit()->getBeginLoc() : For->getLParenLoc(),
         Diag::err_loop_init);
    return Note();
  }
  QualType IndexType = Index->getType();
  if (!IndexType->isDependentType() && !IndexType->isIntegerType()) {
    Fail(Index->getLocation(), Diag::err_loop_index_type) << Index->getName();
    return Note();
  }
  Dim.Index = Index;
  Dim.IndexName = Index->getName().str();
  forEachVarRef(For->getBody(), [&](const DeclRefExpr *Ref) {
    if (Ref->getDecl() == Index)
      Dim.IndexUsedInBody = true;
  });
  Dim.IndexTypeText = getSourceText(
      Index->getTypeSourceInfo()->getTypeLoc().getSourceRange(), Ctx);
  Dim.LowerText = getSourceText(Index->getInit()->getSourceRange(), Ctx);
  Dim.LowerExpr = Index->getInit();

  // Condition: `i CMP ub` or `ub CMP i`.
  std::optional<Comparison> Cond =
      For->getCond() ? getComparison(For->getCond()) : std::nullopt;
  const Expr *Bound = nullptr;
  if (Cond) {
    if (refersTo(Cond->LHS, Index)) {
      Bound = Cond->RHS;
    } else if (refersTo(Cond->RHS, Index)) {
      Bound = Cond->LHS;
      Cond->Cmp = mirror(Cond->Cmp);
    }
  }
  if (!Cond || !Bound) {
    Fail(For->getCond() ? For->getCond()->getBeginLoc() : For->getLParenLoc(),
         Diag::err_loop_cond)
        << Dim.IndexName;
    return Note();
  }
  Dim.Cmp = Cond->Cmp;
  Dim.UpperText = getSourceText(Bound->getSourceRange(), Ctx);
  Dim.UpperExpr = Bound;
  // The bound is evaluated once, before the loop, where the index does not
  // exist yet: `i < n - i` is not a loop-invariant bound.
  const DeclRefExpr *IndexInBound = nullptr;
  forEachVarRef(Bound, [&](const DeclRefExpr *Ref) {
    if (!IndexInBound && Ref->getDecl() == Index)
      IndexInBound = Ref;
  });
  if (IndexInBound) {
    Fail(IndexInBound->getLocation(), Diag::err_loop_bound_modified) << Dim.IndexName;
    return Note();
  }

  // Increment: a non-zero constant step towards the bound.
  std::optional<long long> Step =
      For->getInc() ? getStep(For->getInc(), Index, Ctx) : std::nullopt;
  if (!Step) {
    Fail(For->getInc() ? For->getInc()->getBeginLoc() : For->getRParenLoc(),
         Diag::err_loop_incr)
        << Dim.IndexName;
    return Note();
  }
  if (*Step == 0) {
    Fail(For->getInc()->getBeginLoc(), Diag::err_loop_step_zero);
    return Note();
  }
  bool Up = *Step > 0;
  if (((Dim.Cmp == LoopCmp::Lt || Dim.Cmp == LoopCmp::Le) && !Up) ||
      ((Dim.Cmp == LoopCmp::Gt || Dim.Cmp == LoopCmp::Ge) && Up)) {
    Fail(For->getInc()->getBeginLoc(), Diag::err_loop_step_direction)
        << std::to_string(*Step) << cmpSpelling(Dim.Cmp);
    return Note();
  }
  if (Dim.Cmp == LoopCmp::Ne && *Step != 1 && *Step != -1) {
    Fail(For->getInc()->getBeginLoc(), Diag::err_loop_ne_step);
    return Note();
  }
  Dim.Step = *Step;

  // The index and the bound's variables stay unmodified in the body.
  SmallVector<VarWrite, 8> Writes;
  collectWrites(For->getBody(), Writes);
  for (const VarWrite &W : Writes) {
    if (W.Var == Index) {
      Fail(W.At->getExprLoc(), Diag::err_loop_index_modified) << Dim.IndexName;
      return Note();
    }
  }
  bool Ok = true;
  forEachVarRef(Bound, [&](const DeclRefExpr *Ref) {
    for (const VarWrite &W : Writes)
      if (Ok && W.Var == Ref->getDecl()) {
        Fail(W.At->getExprLoc(), Diag::err_loop_bound_modified)
            << W.Var->getName();
        Ok = false;
      }
  });
  if (!Ok)
    return Note();
  Dim.ConstTripCount = constantTripCount(Index->getInit(), Bound, Dim.Cmp, Dim.Step, Ctx);
  return Dim;
}

} // namespace hpp
