//===- Captures.cpp - How a region uses outside variables -----------------===//

#include "Analysis/Captures.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"

using namespace clang;
using namespace llvm;

namespace hpp {

void CaptureClassifier::classify(Region &R) {
  Span RegionSpan = spanOf(*R.Root);
  DenseMap<const VarDecl *, unsigned> Index;
  SmallVector<VarWrite, 16> Writes;
  collectWrites(R.Root->S, Writes);
  forEachVarRef(R.Root->S, [&](const DeclRefExpr *Ref) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || RegionSpan.contains(offset(V->getLocation())))
      return;
    if (!V->isLocalVarDeclOrParm() || V->isStaticLocal()) {
      if (!V->isConstexpr() && !V->isUsableInConstantExpressions(Ctx) &&
          !llvm::is_contained(R.Globals, V))
        R.Globals.push_back(V);
      return;
    }
    if (Index.count(V))
      return;
    Capture C;
    C.Var = V;
    C.Name = V->getName().str();
    C.TypeName = getTypeName(V->getType(), Ctx);
    C.IsPointer = V->getType()->isPointerType();
    C.IsView = isHppView(V->getType());
    C.FirstUse = Ref->getLocation();
    bool Reduced = llvm::any_of(R.Root->Reductions, [&](const ReductionVar &RV) {
      return RV.Var == V || RV.IndexVar == V;
    });
    bool Written = llvm::any_of(Writes, [&](const VarWrite &W) { return W.Var == V; });
    C.Kind = Reduced ? CaptureKind::Reduction
                     : Written ? CaptureKind::Atomic : CaptureKind::ReadOnly;
    Index[V] = R.Captures.size();
    R.Captures.push_back(std::move(C));
  });
  // Reducer objects from outside the region are read-only captures even
  // when the body does not name them: the region copies them.
  R.forEachConstruct([&](const Construct &L) {
    for (const ReductionVar &RV : L.Reductions) {
      const VarDecl *V = RV.Reducer;
      if (!V || Index.count(V) || RegionSpan.contains(offset(V->getLocation())) ||
          !V->isLocalVarDeclOrParm() || V->isStaticLocal())
        continue;
      Capture C;
      C.Var = V;
      C.Name = V->getName().str();
      C.TypeName = getTypeName(V->getType(), Ctx);
      C.FirstUse = RV.Loc;
      Index[V] = R.Captures.size();
      R.Captures.push_back(std::move(C));
    }
  });
  R.CapturesThis = usesThis(R.Root->S);
  if (R.CapturesThis)
    captureThisFields(R);
  // What the region writes through each capture, for the report: memory
  // told apart as the scan rules tell it (a local pointer copied from a
  // capture writes through that capture).
  SmallVector<MemoryAccess, 16> MemoryReads, MemoryWrites;
  collectMemoryAccesses(R.Root->S, MemoryReads, MemoryWrites);
  for (Capture &C : R.Captures) {
    const ValueDecl *D = C.Var ? static_cast<const ValueDecl *>(C.Var) : C.Field;
    C.WritesThrough = llvm::any_of(MemoryWrites, [&](const MemoryAccess &W) {
      return W.Root && W.Root->getCanonicalDecl() == D->getCanonicalDecl();
    });
  }
}

void CaptureClassifier::findPointerMembersOfThis(Region &R) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(R.Function);
  if (!R.CapturesThis || !MD)
    return;
  auto Add = [&R](const Stmt *S) {
    for (const FieldDecl *FD : pointerMembersThroughThis(S))
      if (!llvm::is_contained(R.PointerMembersOfThis, FD->getName()))
        R.PointerMembersOfThis.push_back(FD->getName().str());
  };
  Add(R.Root->S);
  // Member functions of the class called on the same object see it too.
  for (const CalledFunction &F : R.Calls) {
    const auto *Callee = dyn_cast_or_null<CXXMethodDecl>(F.Fn);
    if (Callee && !Callee->isStatic() && Callee->getParent() == MD->getParent() &&
        Callee->hasBody())
      Add(Callee->getBody());
  }
}

/// A GPU region that reads only plain members through the implicit `this`
/// captures those members by name rather than a copy of the object: the
/// object may own memory (a destructor: no device copy) and its pointer
/// members, captured by name, are checked and replaced by their present
/// device addresses like local pointers (a copy of *this would take the
/// host addresses to the device).
void CaptureClassifier::captureThisFields(Region &R) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(R.Function);
  if (!MD || MD->getParent()->isDependentContext())
    return;
  SmallVector<const MemberExpr *, 4> Reads = implicitThisFieldReads(R.Root->S);
  if (Reads.empty())
    return;
  std::vector<Capture> Fields;
  for (const MemberExpr *ME : Reads) {
    const auto *FD = cast<FieldDecl>(ME->getMemberDecl());
    if (llvm::any_of(Fields, [&](const Capture &C) { return C.Field == FD; }))
      continue;
    // The member's name must name only it inside the device lambda.
    if (llvm::any_of(R.Captures, [&](const Capture &C) { return C.Name == FD->getName(); }))
      return;
    Capture C;
    C.Field = FD;
    C.Name = FD->getName().str();
    C.TypeName = getTypeName(FD->getType(), Ctx);
    C.IsPointer = FD->getType()->isPointerType();
    C.FirstUse = ME->getMemberLoc();
    Fields.push_back(std::move(C));
  }
  for (Capture &C : Fields)
    R.Captures.push_back(std::move(C));
  R.CapturesThis = false;
}


void CaptureClassifier::findBroadcasts(const Region &R, Construct &C) {
  Span RegionSpan = spanOf(*R.Root);
  Span SingleSpan = spanOf(C);
  SmallVector<VarWrite, 8> Writes;
  collectWrites(C.S, Writes);
  for (const VarWrite &W : Writes) {
    unsigned DeclOffset = offset(W.Var->getLocation());
    if (RegionSpan.contains(DeclOffset) && !SingleSpan.contains(DeclOffset) &&
        !llvm::is_contained(C.Broadcast, W.Var))
      C.Broadcast.push_back(W.Var);
  }
}

} // namespace hpp
