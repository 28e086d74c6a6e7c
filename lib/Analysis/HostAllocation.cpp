//===- HostAllocation.cpp - Pointers a GPU cannot reach, at translation ---===//

#include "Analysis/HostAllocation.h"

#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/Builtins.h"

using namespace clang;

namespace hpp {
namespace {

/// The host allocation \p Init is, through casts: `new` with the
/// replaceable global operator (not placement, not a class's own), or a
/// call of the C allocation functions. False for anything else, which
/// may be device memory or memory someone made reachable.
bool isHostAllocation(const Expr *Init, HostAllocatedPointer &Out, ASTContext &Ctx) {
  const Expr *E = Init->IgnoreParenCasts();
  if (const auto *New = dyn_cast<CXXNewExpr>(E)) {
    const FunctionDecl *Op = New->getOperatorNew();
    if (!Op || New->getNumPlacementArgs() != 0 ||
        !Op->isReplaceableGlobalAllocationFunction())
      return false;
    Out.Allocation = New;
    Out.AllocatorName = New->isArray() ? "new[]" : "new";
    if (New->isArray())
      if (std::optional<const Expr *> Size = New->getArraySize(); Size && *Size)
        Out.CountText = getSourceText((*Size)->getSourceRange(), Ctx);
    return true;
  }
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier())
    return false;
  const DeclContext *DC = Callee->getDeclContext()->getRedeclContext();
  if (!DC->isTranslationUnit() && !DC->isStdNamespace())
    return false;
  StringRef Name = Callee->getName();
  if (Name != "malloc" && Name != "calloc" && Name != "realloc" && Name != "aligned_alloc")
    return false;
  Out.Allocation = Call;
  Out.AllocatorName = Name.str();
  return true;
}

/// Whether every use of \p V in \p Body only reads the pointer's value to
/// reach elements (`p[i]`, `*p`, `p->m`), compares it, or frees it: then
/// nothing but its initialiser decides what it points to, and nothing else
/// (an `enter data` in another function, cudaHostRegister) sees it.
bool onlyDereferenced(const VarDecl *V, const Stmt *Body, ASTContext &Ctx) {
  bool Ok = true;
  forEachVarRef(Body, [&](const DeclRefExpr *Ref) {
    if (!Ok || Ref->getDecl() != V)
      return;
    DynTypedNodeList Parents = Ctx.getParents(*Ref);
    const auto *Load = Parents.size() == 1 ? Parents[0].get<ImplicitCastExpr>() : nullptr;
    if (!Load || Load->getCastKind() != CK_LValueToRValue) {
      Ok = false; // written, its address taken or bound to a reference
      return;
    }
    // Conversions of the value (to void * for free, to const T *) are
    // looked through: what matters is where the value goes.
    const Expr *Value = Load;
    DynTypedNodeList Users = Ctx.getParents(*Value);
    while (Users.size() == 1) {
      const auto *Conv = Users[0].get<ImplicitCastExpr>();
      if (!Conv || (Conv->getCastKind() != CK_BitCast && Conv->getCastKind() != CK_NoOp))
        break;
      Value = Conv;
      Users = Ctx.getParents(*Value);
    }
    if (Users.size() != 1) {
      Ok = false;
      return;
    }
    if (const auto *Sub = Users[0].get<ArraySubscriptExpr>()) {
      Ok = Sub->getBase()->IgnoreParenImpCasts() == Ref;
      return;
    }
    if (const auto *Un = Users[0].get<UnaryOperator>()) {
      Ok = Un->getOpcode() == UO_Deref;
      return;
    }
    if (const auto *Member = Users[0].get<MemberExpr>()) {
      Ok = Member->isArrow();
      return;
    }
    if (const auto *Bin = Users[0].get<BinaryOperator>()) {
      Ok = Bin->isComparisonOp();
      return;
    }
    if (Users[0].get<CXXDeleteExpr>())
      return;
    if (const auto *Cast = Users[0].get<ImplicitCastExpr>()) {
      Ok = Cast->getCastKind() == CK_PointerToBoolean;
      return;
    }
    if (const auto *Call = Users[0].get<CallExpr>()) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      Ok = Callee && Callee->getIdentifier() && Callee->getName() == "free";
      return;
    }
    Ok = false;
  });
  return Ok;
}

bool isMapped(const VarDecl *V, const Region &R, const TranslationModel &Model) {
  auto Names = [&](const Construct &C) {
    return llvm::any_of(C.Maps, [&](const MapEntry &M) { return M.Var == V; });
  };
  if (Names(*R.Root))
    return true;
  return llvm::any_of(Model.DataConstructs,
                      [&](const std::unique_ptr<Construct> &C) { return Names(*C); });
}

} // namespace

std::optional<HostAllocatedPointer>
findHostAllocatedPointer(const Region &R, const TranslationModel &Model, ASTContext &Ctx) {
  for (const Capture &C : R.Captures) {
    const VarDecl *V = C.Var;
    if (!C.IsPointer || !V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit())
      continue;
    // Every use in the function that declares it, lambdas included.
    const auto *Owner = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    const Stmt *Body = Owner ? Owner->getBody() : nullptr;
    if (!Body)
      continue;
    HostAllocatedPointer Found;
    if (!isHostAllocation(V->getInit(), Found, Ctx) || isMapped(V, R, Model) ||
        !onlyDereferenced(V, Body, Ctx))
      continue;
    Found.Pointer = &C;
    return Found;
  }
  return std::nullopt;
}

} // namespace hpp
