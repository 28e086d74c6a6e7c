//===- ItemElements.cpp - Elements a loop's iteration indexes by itself ---===//

#include "Analysis/ItemElements.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace llvm;

namespace hpp {

bool ItemElements::isElementAccess(const Expr *E) {
  if (isa<ArraySubscriptExpr>(E))
    return true;
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
  return OC && OC->getOperator() == OO_Call && OC->getNumArgs() > 1 &&
         isHppView(OC->getArg(0)->getType());
}

/// What element access \p A indexes: a subscript's base, a View call's
/// object; parentheses and implicit conversions aside.
static const Expr *baseExpr(const Expr *A) {
  const Expr *Base = isa<ArraySubscriptExpr>(A) ? cast<ArraySubscriptExpr>(A)->getBase()
                                                : cast<CXXOperatorCallExpr>(A)->getArg(0);
  return Base->IgnoreParenImpCasts();
}

const VarDecl *ItemElements::base(const Expr *A) {
  return isElementAccess(A) ? getReferencedVar(baseExpr(A)) : nullptr;
}

bool ItemElements::isInvariant(const VarDecl *V) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return V->isLocalVarDeclOrParm() && !V->isStaticLocal() && !V->getType()->isReferenceType() &&
         !V->getType().isVolatileQualified() &&
         !rangeContains(Body->getSourceRange(), V->getLocation(), SM) && !isWrittenIn(V, Body);
}

bool ItemElements::isItemIndex(const Expr *E) const {
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
    return (IC->getCastKind() == CK_LValueToRValue || IC->getCastKind() == CK_IntegralCast ||
            IC->getCastKind() == CK_NoOp) &&
           isItemIndex(IC->getSubExpr());
  if (const auto *EC = dyn_cast<ExplicitCastExpr>(E))
    return EC->getType()->isIntegralOrEnumerationType() &&
           EC->getSubExpr()->getType()->isIntegralOrEnumerationType() &&
           isItemIndex(EC->getSubExpr());
  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr>(E))
    return true;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DR->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(DR->getDecl());
    return V && V->getType()->isIntegralOrEnumerationType() &&
           (V == LoopIndex || isInvariant(V) || V->isUsableInConstantExpressions(Ctx));
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Plus || UO->getOpcode() == UO_Minus ||
            UO->getOpcode() == UO_Not || UO->getOpcode() == UO_LNot) &&
           isItemIndex(UO->getSubExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && !BO->isCommaOp() && isItemIndex(BO->getLHS()) &&
           isItemIndex(BO->getRHS());
  return false;
}

/// The indices of element access \p A (base() is not null for it).
static SmallVector<const Expr *, 4> indicesOf(const Expr *A) {
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(A))
    return {AS->getIdx()};
  const auto *OC = cast<CXXOperatorCallExpr>(A);
  return SmallVector<const Expr *, 4>(OC->arg_begin() + 1, OC->arg_end());
}

/// Whether \p T is the type of a pointer, array or View.
static bool isContainer(QualType T) {
  T = T.getNonReferenceType();
  return T->isPointerType() || T->isConstantArrayType() || isHppView(T);
}

bool ItemElements::isItemElement(const Expr *A, bool ThroughMembers) const {
  if (!isElementAccess(A))
    return false;
  // The variable that must not change: the pointer, array or View itself,
  // or the object holding it as a data member.
  const VarDecl *V = base(A);
  if (V && !isContainer(V->getType()))
    return false;
  if (const auto *ME = dyn_cast<MemberExpr>(baseExpr(A));
      !V && ThroughMembers && ME && !ME->isArrow() && isa<FieldDecl>(ME->getMemberDecl()) &&
      !cast<FieldDecl>(ME->getMemberDecl())->isMutable() &&
      isContainer(ME->getMemberDecl()->getType())) {
    // The member of an object the loop does not change (a functor's copy
    // declared before the loop): a const object's members cannot change.
    V = getReferencedVar(ME->getBase());
    if (V && !V->getType().isConstQualified())
      return false;
  }
  if (!V || !isInvariant(V))
    return false;
  return llvm::all_of(indicesOf(A), [&](const Expr *E) { return isItemIndex(E); });
}

/// Whether \p E names variable \p V.
static bool names(const Expr *E, const VarDecl *V) {
  bool Found = false;
  forEachVarRef(E, [&](const DeclRefExpr *R) { Found |= R->getDecl() == V; });
  return Found;
}

bool ItemElements::isOneToOne(const Expr *A) const {
  if (!isItemElement(A, /*ThroughMembers=*/true))
    return false;
  // Conversions that keep every value (an int index widened to the
  // subscript's type) keep distinct indices distinct; a narrowing one may
  // not, so it is not looked through.
  auto Strip = [&](const Expr *E) {
    while (true) {
      E = E->IgnoreParens();
      const auto *IC = dyn_cast<ImplicitCastExpr>(E);
      if (!IC ||
          !(IC->getCastKind() == CK_LValueToRValue || IC->getCastKind() == CK_NoOp ||
            (IC->getCastKind() == CK_IntegralCast &&
             Ctx.getIntWidth(IC->getType()) >= Ctx.getIntWidth(IC->getSubExpr()->getType()))))
        return E;
      E = IC->getSubExpr();
    }
  };
  auto IsIndex = [&](const Expr *E) {
    const auto *DR = dyn_cast<DeclRefExpr>(Strip(E));
    return DR && DR->getDecl() == LoopIndex;
  };
  return llvm::any_of(indicesOf(A), [&](const Expr *E) {
    if (IsIndex(E))
      return true;
    const auto *BO = dyn_cast<BinaryOperator>(Strip(E));
    if (!BO || !BO->isAdditiveOp())
      return false;
    if (IsIndex(BO->getLHS()))
      return !names(BO->getRHS(), LoopIndex);
    return BO->getOpcode() == BO_Add && IsIndex(BO->getRHS()) && !names(BO->getLHS(), LoopIndex);
  });
}

} // namespace hpp
