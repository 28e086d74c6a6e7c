//===- VariableUses.cpp - Where variables are read and written ------------===//

#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// The variable whose own storage \p E designates: `x`, `x.field`,
/// `(x)`. Element and pointee writes (`a[i]`, `*p`, `p->f`) are not writes
/// to the variable.
const VarDecl *getStorageVar(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase();
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

bool isAssignmentOperator(OverloadedOperatorKind K) {
  switch (K) {
  case OO_Equal:
  case OO_PlusEqual:
  case OO_MinusEqual:
  case OO_StarEqual:
  case OO_SlashEqual:
  case OO_PercentEqual:
  case OO_AmpEqual:
  case OO_PipeEqual:
  case OO_CaretEqual:
  case OO_LessLessEqual:
  case OO_GreaterGreaterEqual:
  case OO_PlusPlus:
  case OO_MinusMinus:
    return true;
  default:
    return false;
  }
}

bool isNonConstRef(QualType T) {
  if (const auto *R = T->getAs<ReferenceType>())
    return !R->getPointeeType().isConstQualified();
  return false;
}

/// The value of an `if` condition known before the program runs: `false`,
/// or a const bool initialised with a constant (the `final` flag of a
/// lowered parallel_scan body).
std::optional<bool> constantCondition(const Expr *Cond) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(Cond))
    return B->getValue();
  const auto *DRE = dyn_cast<DeclRefExpr>(Cond);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->getType().isConstQualified() || !V->getInit() ||
      V->getInit()->isValueDependent())
    return std::nullopt;
  bool Value;
  if (V->getInit()->EvaluateAsBooleanCondition(Value, V->getASTContext()))
    return Value;
  return std::nullopt;
}

/// Traverses only the branch of an `if` that can run.
template <class Derived>
bool traverseLiveBranches(RecursiveASTVisitor<Derived> &V, IfStmt *S) {
  std::optional<bool> Known = S->getCond() ? constantCondition(S->getCond()) : std::nullopt;
  if (!Known)
    return V.RecursiveASTVisitor<Derived>::TraverseIfStmt(S);
  Stmt *Live = *Known ? S->getThen() : S->getElse();
  return !Live || V.TraverseStmt(Live);
}

/// A const member of hpp::View: it only reads the handle. Element accesses
/// (`v(i, j)`, `v[i]`, `v.access(i)`) return a reference, through which a
/// write is a write to memory (designatesMemory).
bool isViewRead(const FunctionDecl *FD) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
  return MD && MD->isConst() && isHppView(QualType(MD->getParent()->getTypeForDecl(), 0));
}

/// Whether an lvalue designates memory other threads may see: an element
/// (of an array or a View), a pointee, a member of either, and with
/// \p Globals a global variable.
bool designatesMemory(const Expr *E, bool Globals) {
  E = E->IgnoreParenImpCasts();
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return CE->isLValue() && isViewRead(CE->getDirectCallee());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() || designatesMemory(ME->getBase(), Globals);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && Globals)
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return V->hasGlobalStorage();
  return false;
}

class WriteFinder : public RecursiveASTVisitor<WriteFinder> {
public:
  explicit WriteFinder(SmallVectorImpl<VarWrite> &Out) : Out(Out) {}
  bool TraverseIfStmt(IfStmt *S) { return traverseLiveBranches(*this, S); }

  bool shouldVisitLambdaBody() const { return true; }

  void add(const Expr *Target, const Expr *At) {
    if (const VarDecl *V = getStorageVar(Target))
      Out.push_back({V, At});
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      add(BO->getLHS(), BO);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      add(UO->getSubExpr(), UO);
    else if (UO->getOpcode() == UO_AddrOf &&
             !UO->getType()->getPointeeType().isConstQualified())
      add(UO->getSubExpr(), UO);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *CE) {
    if (isAssignmentOperator(CE->getOperator()) && CE->getNumArgs() > 0)
      add(CE->getArg(0), CE);
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *CE) {
    if (const auto *MD = CE->getMethodDecl())
      if (!MD->isConst() && !MD->isStatic())
        add(CE->getImplicitObjectArgument(), CE);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return true;
    unsigned Offset = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(FD) ? 1 : 0;
    for (unsigned I = Offset; I < CE->getNumArgs(); ++I) {
      unsigned P = I - Offset;
      if (P < FD->getNumParams() && isNonConstRef(FD->getParamDecl(P)->getType()))
        add(CE->getArg(I), CE);
    }
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit() && isNonConstRef(VD->getType()))
      add(VD->getInit(), VD->getInit());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    // A by-reference capture lets the lambda write the variable later.
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
          if (isWrittenIn(V, LE->getBody()))
            Out.push_back({V, LE});
    return true;
  }

private:
  SmallVectorImpl<VarWrite> &Out;
};

class RefFinder : public RecursiveASTVisitor<RefFinder> {
public:
  explicit RefFinder(function_ref<void(const DeclRefExpr *)> F) : F(F) {}
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    F(E);
    return true;
  }

private:
  function_ref<void(const DeclRefExpr *)> F;
};

class MemoryWriteFinder : public RecursiveASTVisitor<MemoryWriteFinder> {
public:
  const Expr *Found = nullptr;
  bool TraverseIfStmt(IfStmt *S) { return traverseLiveBranches(*this, S); }
  static bool isMemory(const Expr *E) { return designatesMemory(E, /*Globals=*/false); }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp() && isMemory(BO->getLHS()) && !Found)
      Found = BO;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() && isMemory(UO->getSubExpr()) && !Found)
      Found = UO;
    return true;
  }
};

/// What a memory access is reached through (MemoryAccess::Root).
const ValueDecl *memoryRoot(const Expr *E) {
  for (unsigned Depth = 0; E && Depth < 32; ++Depth) {
    E = E->IgnoreParenCasts();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      E = AS->getBase();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() != UO_Deref && UO->getOpcode() != UO_AddrOf)
        return nullptr;
      E = UO->getSubExpr();
    } else if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (!BO->isAdditiveOp())
        return nullptr;
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
    } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      // Memory reached through a member that is a pointer, an array or a
      // View (`f.off[i]`, `s.v(i)`), or any member through `this`, is that
      // member's; a plain member (`p->count`) is part of its object's.
      QualType T = ME->getMemberDecl()->getType().getNonReferenceType();
      if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) || T->isPointerType() ||
          T->isArrayType() || isHppView(T))
        return ME->getMemberDecl();
      E = ME->getBase();
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      E = MC->getImplicitObjectArgument();
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
      if (OC->getNumArgs() == 0)
        return nullptr;
      E = OC->getArg(0);
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      // A local pointer initialised from another pointer stands for it; one
      // initialised otherwise (`hpp::alloc(n)`) is a root of its own.
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (V && V->isLocalVarDecl() && V->getType()->isPointerType() && V->getInit())
        if (const ValueDecl *From = memoryRoot(V->getInit()))
          return From;
      return DRE->getDecl();
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

class MemoryAccessFinder : public RecursiveASTVisitor<MemoryAccessFinder> {
public:
  MemoryAccessFinder(SmallVectorImpl<MemoryAccess> &Reads, SmallVectorImpl<MemoryAccess> &Writes)
      : Reads(Reads), Writes(Writes) {}
  bool TraverseIfStmt(IfStmt *S) { return traverseLiveBranches(*this, S); }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      write(BO->getLHS(), BO);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      write(UO->getSubExpr(), UO);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *CE) {
    if (isAssignmentOperator(CE->getOperator()) && CE->getNumArgs() > 0)
      write(CE->getArg(0), CE);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (isa<CXXOperatorCallExpr>(CE))
      return true;
    const FunctionDecl *FD = CE->getDirectCallee();
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      const Expr *A = CE->getArg(I);
      QualType T = FD && I < FD->getNumParams() ? FD->getParamDecl(I)->getType() : A->getType();
      bool Through = (T->isPointerType() && !T->getPointeeType().isConstQualified()) ||
                     isNonConstRef(T);
      if (Through && (designatesMemory(A, false) || A->getType()->isPointerType()))
        Writes.push_back({memoryRoot(A), CE});
    }
    return true;
  }
  bool VisitExpr(Expr *E) {
    if (!isa<CallExpr>(E) || cast<CallExpr>(E)->isLValue())
      if (designatesMemory(E, /*Globals=*/false))
        Reads.push_back({memoryRoot(E), E});
    return true;
  }

private:
  void write(const Expr *Target, const Expr *At) {
    if (designatesMemory(Target, /*Globals=*/false))
      Writes.push_back({memoryRoot(Target), At});
  }
  SmallVectorImpl<MemoryAccess> &Reads;
  SmallVectorImpl<MemoryAccess> &Writes;
};

class ThisFinder : public RecursiveASTVisitor<ThisFinder> {
public:
  bool Found = false;
  bool VisitCXXThisExpr(CXXThisExpr *) {
    Found = true;
    return false;
  }
};

class ThisFieldFinder : public RecursiveASTVisitor<ThisFieldFinder> {
public:
  unsigned ThisUses = 0;
  SmallVector<const MemberExpr *, 4> Reads;
  bool VisitCXXThisExpr(CXXThisExpr *) {
    ++ThisUses;
    return true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    const auto *This = dyn_cast<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts());
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!This || !This->isImplicit() || !FD || FD->isMutable() || FD->isBitField())
      return true;
    QualType T = FD->getType();
    if ((T->isPointerType() && T->getPointeeType()->isObjectType()) ||
        T->isArithmeticType() || T->isEnumeralType())
      Reads.push_back(ME);
    return true;
  }
};

class ThisPointerFinder : public RecursiveASTVisitor<ThisPointerFinder> {
public:
  SmallVector<const FieldDecl *, 4> Fields;
  bool VisitMemberExpr(MemberExpr *ME) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (FD && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) &&
        FD->getType()->isPointerType() && !llvm::is_contained(Fields, FD))
      Fields.push_back(FD);
    return true;
  }
};

class ImpureCallFinder : public RecursiveASTVisitor<ImpureCallFinder> {
public:
  const CallExpr *Found = nullptr;
  bool TraverseIfStmt(IfStmt *S) { return traverseLiveBranches(*this, S); }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    bool Pure = FD && (FD->isConstexpr() || FD->hasAttr<ConstAttr>() ||
                       FD->hasAttr<PureAttr>() || FD->getBuiltinID() || isViewRead(FD));
    if (!Pure && !Found)
      Found = CE;
    return !Found;
  }
};

/// Library builtins that do I/O or manage memory: never pure.
bool isEffectfulBuiltin(const FunctionDecl *FD) {
  const IdentifierInfo *II = FD->getIdentifier();
  if (!II)
    return true;
  StringRef N = II->getName();
  return N.contains("printf") || N.contains("put") || N.contains("alloc") ||
         N == "free" || N.starts_with("mem") || N.starts_with("str") ||
         N == "abort" || N == "exit";
}

/// hpp::View's constructors over a pointer, its copies and its default
/// constructor only set the handle (pointer, extents; a copy's reference
/// count is the host's and does nothing in device code). The allocating
/// constructors are not among them.
bool isViewHandleConstructor(const CXXConstructorDecl *Ctor) {
  if (!isHppView(Ctor->getThisType()->getPointeeType()))
    return false;
  if (Ctor->getNumParams() == 0 || Ctor->isCopyOrMoveConstructor())
    return true;
  QualType First = Ctor->getParamDecl(0)->getType().getNonReferenceType();
  return First->isPointerType() || isHppView(First);
}

class SideEffectFinder : public RecursiveASTVisitor<SideEffectFinder> {
public:
  explicit SideEffectFinder(DenseMap<const FunctionDecl *, bool> &Memo) : Memo(Memo) {}
  bool Found = false;

  bool shouldVisitLambdaBody() const { return true; }

  bool VisitCXXNewExpr(CXXNewExpr *) { return !(Found = true); }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *) { return !(Found = true); }
  bool VisitCXXThrowExpr(CXXThrowExpr *) { return !(Found = true); }
  bool VisitStmt(Stmt *S) {
    if (findMemoryWriteIn(S))
      Found = true;
    return !Found;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD) {
      Found = !CE->isTypeDependent();
      return !Found;
    }
    Found = !isPure(FD);
    return !Found;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    if (!CE->getConstructor()->isTrivial() && !isViewHandleConstructor(CE->getConstructor()))
      Found = !isPure(CE->getConstructor());
    return !Found;
  }

private:
  /// A direct (non-nested) write to memory by this statement itself.
  static bool findMemoryWriteIn(const Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      return BO->isAssignmentOp() && isMemoryOrGlobal(BO->getLHS());
    if (const auto *UO = dyn_cast<UnaryOperator>(S))
      return UO->isIncrementDecrementOp() && isMemoryOrGlobal(UO->getSubExpr());
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S))
      return OC->getNumArgs() > 0 && isAssignmentOperator(OC->getOperator()) &&
             isMemoryOrGlobal(OC->getArg(0));
    return false;
  }
  static bool isMemoryOrGlobal(const Expr *E) {
    return designatesMemory(E, /*Globals=*/true);
  }
  bool isPure(const FunctionDecl *FD) {
    if (FD->isConstexpr() || FD->hasAttr<ConstAttr>() || FD->hasAttr<PureAttr>())
      return true;
    if (FD->getBuiltinID())
      return !isEffectfulBuiltin(FD);
    const FunctionDecl *Def = FD->getDefinition();
    if (!Def || !Def->hasBody())
      return false;
    auto It = Memo.find(Def);
    if (It != Memo.end())
      return It->second;
    Memo[Def] = true; // Recursion: assume pure until shown otherwise.
    SideEffectFinder Inner(Memo);
    Inner.TraverseStmt(Def->getBody());
    Memo[Def] = !Inner.Found;
    return !Inner.Found;
  }

  DenseMap<const FunctionDecl *, bool> &Memo;
};

} // namespace

bool hasSideEffects(const Stmt *S) {
  DenseMap<const FunctionDecl *, bool> Memo;
  SideEffectFinder F(Memo);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

bool usesThis(const Stmt *S) {
  ThisFinder F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

SmallVector<const MemberExpr *, 4> implicitThisFieldReads(const Stmt *S) {
  ThisFieldFinder F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  // Each eligible read holds one `this`; any other `this` is another use.
  if (F.ThisUses != F.Reads.size())
    return {};
  return F.Reads;
}

SmallVector<const FieldDecl *, 4> pointerMembersThroughThis(const Stmt *S) {
  ThisPointerFinder F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Fields;
}

const CallExpr *findImpureCall(const Stmt *S) {
  ImpureCallFinder F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

void collectWrites(const Stmt *S, SmallVectorImpl<VarWrite> &Out) {
  if (S)
    WriteFinder(Out).TraverseStmt(const_cast<Stmt *>(S));
}

bool isWrittenIn(const VarDecl *V, const Stmt *S) {
  SmallVector<VarWrite, 8> Writes;
  collectWrites(S, Writes);
  for (const VarWrite &W : Writes)
    if (W.Var == V)
      return true;
  return false;
}

void forEachVarRef(const Stmt *S, function_ref<void(const DeclRefExpr *)> F) {
  if (S)
    RefFinder(F).TraverseStmt(const_cast<Stmt *>(S));
}

void collectMemoryAccesses(const Stmt *S, SmallVectorImpl<MemoryAccess> &Reads,
                           SmallVectorImpl<MemoryAccess> &Writes) {
  if (S)
    MemoryAccessFinder(Reads, Writes).TraverseStmt(const_cast<Stmt *>(S));
}

bool mayOverlap(const MemoryAccess &A, const MemoryAccess &B) {
  return !A.Root || !B.Root || A.Root->getCanonicalDecl() == B.Root->getCanonicalDecl();
}

const Expr *findMemoryWrite(const Stmt *S) {
  MemoryWriteFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(S));
  return Finder.Found;
}

} // namespace hpp
