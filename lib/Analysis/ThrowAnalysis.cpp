//===- ThrowAnalysis.cpp - Can an exception leave a statement? ------------===//

#include "Analysis/ThrowAnalysis.h"
#include "Basic/ASTUtils.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/Type.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// What the type of a callee says, when nothing better is known.
bool typeMayThrow(QualType T) {
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  else if (const auto *RT = T->getAs<ReferenceType>())
    T = RT->getPointeeType();
  else if (const auto *MPT = T->getAs<MemberPointerType>())
    T = MPT->getPointeeType();
  if (const auto *FPT = T->getAs<FunctionProtoType>())
    return !FPT->isNothrow();
  return true;
}

bool declaredNotToThrow(const FunctionDecl *FD) {
  // C functions cannot throw C++ exceptions; the C library's are also
  // declared `noexcept` by glibc's headers, but not every C library does.
  if (FD->isExternC() || FD->getBuiltinID() || FD->hasAttr<NoThrowAttr>())
    return true;
  const auto *FPT = FD->getType()->getAs<FunctionProtoType>();
  // Destructors and deallocation functions are implicitly noexcept; an
  // unevaluated specification belongs to an implicit member whose body
  // is followed instead.
  if (isa<CXXDestructorDecl>(FD))
    return !FPT || FPT->getExceptionSpecType() == EST_Unevaluated || FPT->isNothrow();
  return FPT && FPT->isNothrow();
}

} // namespace

bool ThrowAnalysis::functionMayThrow(const FunctionDecl *FD) {
  if (declaredNotToThrow(FD))
    return false;
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->hasBody())
    // Implicit members of templates may have no body yet; they throw only
    // through what they call, which the type says.
    return !(FD->isImplicit() || FD->isDefaulted()) || typeMayThrow(FD->getType());
  auto [It, Inserted] = Functions.try_emplace(Def, false);
  if (!Inserted)
    return It->second;
  // The caller's handlers do not see into the callee's throw expressions
  // (its calls that may throw count whatever the handlers).
  SmallVector<const CXXTryStmt *, 2> CallerTries;
  std::swap(CallerTries, Tries);
  bool Result = mayThrow(Def->getBody());
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      Result = Result || mayThrow(Init->getInit());
  std::swap(CallerTries, Tries);
  Functions[Def] = Result;
  return Result;
}

bool ThrowAnalysis::mayThrow(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S))
    if (E->isTypeDependent() || E->isValueDependent())
      return false;
  if (const auto *Throw = dyn_cast<CXXThrowExpr>(S))
    return mayThrow(Throw->getSubExpr()) ||
           !llvm::any_of(Tries, [&](const CXXTryStmt *Try) { return catchesThrow(*Try, *Throw); });
  if (const auto *Try = dyn_cast<CXXTryStmt>(S)) {
    bool CatchesAll = false;
    for (unsigned I = 0; I < Try->getNumHandlers(); ++I) {
      const CXXCatchStmt *Handler = Try->getHandler(I);
      if (!Handler->getExceptionDecl())
        CatchesAll = true;
      if (mayThrow(Handler->getHandlerBlock()))
        return true;
    }
    if (CatchesAll)
      return false;
    Tries.push_back(Try);
    bool Result = mayThrow(Try->getTryBlock());
    Tries.pop_back();
    return Result;
  }
  if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
    // Creating a lambda runs its captures' initialisers, not its body.
    for (const Expr *Init : Lambda->capture_inits())
      if (mayThrow(Init))
        return true;
    return false;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    if (const FunctionDecl *FD = Call->getDirectCallee()) {
      // A virtual call dispatches unless it is qualified, and an override
      // elsewhere may throw.
      const auto *Member = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts());
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      bool Dispatches = MD && MD->isVirtual() && !(Member && Member->hasQualifier());
      if (Dispatches ? !declaredNotToThrow(FD) : functionMayThrow(FD))
        return true;
    } else if (typeMayThrow(Call->getCallee()->getType())) {
      return true;
    }
  } else if (const auto *Construct = dyn_cast<CXXConstructExpr>(S)) {
    if (!Construct->getConstructor()->isTrivial() &&
        functionMayThrow(Construct->getConstructor()))
      return true;
  } else if (const auto *New = dyn_cast<CXXNewExpr>(S)) {
    const FunctionDecl *Alloc = New->getOperatorNew();
    if (Alloc && !declaredNotToThrow(Alloc))
      return true;
  } else if (const auto *Cast = dyn_cast<CXXDynamicCastExpr>(S)) {
    if (Cast->getType()->isReferenceType() || Cast->isLValue())
      return true;
  } else if (const auto *Typeid = dyn_cast<CXXTypeidExpr>(S)) {
    if (Typeid->isPotentiallyEvaluated())
      return true;
  } else if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(S)) {
    return mayThrow(Default->getExpr());
  } else if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(S)) {
    return mayThrow(Default->getExpr());
  }
  for (const Stmt *Child : S->children())
    if (mayThrow(Child))
      return true;
  return false;
}

} // namespace hpp
