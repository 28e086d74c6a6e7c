//===- TeamWidth.cpp - How wide a team's parallel loops are ---------------===//

#include "Analysis/TeamWidth.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

#include <algorithm>

using namespace clang;

namespace hpp {

namespace {

/// Whether the host can evaluate \p E before \p R's launch and get what
/// every team's loop gets: see sizedVectorLoops.
bool hostEvaluable(const Expr *E, const Region &R, ASTContext &Ctx) {
  if (!E)
    return false;
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr>(E))
    return true;
  if (const auto *T = dyn_cast<UnaryExprOrTypeTraitExpr>(E))
    return T->getKind() == UETT_SizeOf || T->getKind() == UETT_AlignOf;
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
    return C->getType()->isIntegralOrEnumerationType() &&
           hostEvaluable(C->getSubExpr(), R, Ctx);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Plus:
    case UO_Minus:
    case UO_Not:
    case UO_LNot:
      return hostEvaluable(U->getSubExpr(), R, Ctx);
    default:
      return false;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp() || B->getOpcode() == BO_Comma)
      return false;
    // The host evaluates the bound even where no team would (an empty
    // league, an empty thread loop): a divisor must be a non-zero
    // constant, so that evaluating it early cannot trap.
    if (B->getOpcode() == BO_Div || B->getOpcode() == BO_Rem) {
      std::optional<llvm::APSInt> D = B->getRHS()->getIntegerConstantExpr(Ctx);
      if (!D || D->isZero())
        return false;
    }
    return hostEvaluable(B->getLHS(), R, Ctx) && hostEvaluable(B->getRHS(), R, Ctx);
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return hostEvaluable(C->getCond(), R, Ctx) && hostEvaluable(C->getTrueExpr(), R, Ctx) &&
           hostEvaluable(C->getFalseExpr(), R, Ctx);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || !V->getType()->isIntegralOrEnumerationType() ||
        V->getType().isVolatileQualified())
      return false;
    if (V->getType()->isReferenceType() || !V->hasLocalStorage())
      return V->isConstexpr();
    // Declared outside the region (a team's own variables differ per
    // team) and not written inside it.
    return !rangeContains(R.Root->S->getSourceRange(), V->getLocation(),
                          Ctx.getSourceManager()) &&
           !isWrittenIn(V, R.Root->S);
  }
  return false;
}

} // namespace

unsigned teamWidth(const Region &R) {
  const Construct &Root = *R.Root;
  if (!R.isTeamRegion() || !Root.TeamSizeText.empty() || !Root.VectorLengthText.empty())
    return 0;
  bool Known = true;
  long long Width = 0;
  R.forEachConstruct([&](const Construct &C) {
    if (!C.isLoop() || &C == &Root)
      return;
    if (C.Level == LoopLevel::Vector) {
      Known = false;
      return;
    }
    if (C.Level != LoopLevel::Thread && C.Level != LoopLevel::TeamVector)
      return;
    long long Trips = 1;
    for (const LoopDim &D : C.Dims) {
      // Wider than any block (checked before multiplying): no cap to give.
      if (!D.ConstTripCount || *D.ConstTripCount > (1 << 20)) {
        Known = false;
        return;
      }
      Trips *= *D.ConstTripCount;
      if (Trips > (1 << 20)) {
        Known = false;
        return;
      }
    }
    Width = std::max(Width, Trips);
  });
  return Known ? static_cast<unsigned>(Width) : 0;
}

SmallVector<const Construct *, 2> sizedVectorLoops(const Region &R, ASTContext &Ctx) {
  SmallVector<const Construct *, 2> Loops;
  const Construct &Root = *R.Root;
  if (!R.isTeamRegion() || !Root.VectorLengthText.empty())
    return Loops;
  bool All = true;
  R.forEachConstruct([&](const Construct &C) {
    if (!C.isLoop() || C.Level != LoopLevel::Vector)
      return;
    for (const LoopDim &D : C.Dims)
      if (!hostEvaluable(D.LowerExpr, R, Ctx) || !hostEvaluable(D.UpperExpr, R, Ctx))
        All = false;
    Loops.push_back(&C);
  });
  // One loop the host cannot size could be the widest: no hint then.
  if (!All)
    Loops.clear();
  return Loops;
}

} // namespace hpp
