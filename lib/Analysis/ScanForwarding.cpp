//===- ScanForwarding.cpp - Reads a scan's second pass takes from its first ===//

#include "Analysis/ScanForwarding.h"
#include "Analysis/ItemElements.h"
#include "Analysis/ScanAnalysis.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/FoldingSet.h"

using namespace clang;
using namespace llvm;

namespace hpp {

namespace {

/// Whether \p S may leave the iteration early: what follows it is not run
/// for every item.
bool mayJump(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ContinueStmt, BreakStmt, ReturnStmt, GotoStmt, IndirectGotoStmt, CXXThrowExpr>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (mayJump(Child))
      return true;
  return false;
}

/// The element \p S reads, when it is an lvalue-to-rvalue conversion of a
/// built-in subscript (`x[i]`) or of a View's `operator()` (`v(i)`).
const Expr *elementRead(const Stmt *S) {
  const auto *IC = dyn_cast<ImplicitCastExpr>(S);
  if (!IC || IC->getCastKind() != CK_LValueToRValue)
    return nullptr;
  const Expr *E = IC->getSubExpr()->IgnoreParens();
  return ItemElements::isElementAccess(E) ? E : nullptr;
}

/// Calls \p F for each element read that running \p S evaluates whatever
/// its conditions say: not in the branches of an `if`, a `?:` or a loop
/// (their conditions are evaluated), not in the right side of `&&` or
/// `||`, not in unevaluated operands or code of its own (lambdas).
void forEachUnconditionalRead(const Stmt *S,
                              function_ref<void(const Expr *)> F) {
  if (!S)
    return;
  if (const Expr *A = elementRead(S))
    F(A);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(S))
    return forEachUnconditionalRead(CO->getCond(), F);
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isLogicalOp())
    return forEachUnconditionalRead(BO->getLHS(), F);
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    forEachUnconditionalRead(If->getInit(), F);
    forEachUnconditionalRead(If->getConditionVariableDeclStmt(), F);
    return forEachUnconditionalRead(If->getCond(), F);
  }
  if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
    forEachUnconditionalRead(Sw->getInit(), F);
    forEachUnconditionalRead(Sw->getConditionVariableDeclStmt(), F);
    return forEachUnconditionalRead(Sw->getCond(), F);
  }
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    forEachUnconditionalRead(For->getInit(), F);
    return forEachUnconditionalRead(For->getCond(), F);
  }
  if (const auto *While = dyn_cast<WhileStmt>(S))
    return forEachUnconditionalRead(While->getCond(), F);
  if (isa<DoStmt, CXXForRangeStmt, LambdaExpr, StmtExpr, UnaryExprOrTypeTraitExpr,
          CXXTypeidExpr, CXXNoexceptExpr, GenericSelectionExpr>(S))
    return;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : CS->body()) {
      if (mayJump(Child))
        return;
      forEachUnconditionalRead(Child, F);
    }
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        forEachUnconditionalRead(V->getInit(), F);
    return;
  }
  for (const Stmt *Child : S->children())
    forEachUnconditionalRead(Child, F);
}

/// Calls \p F for every element read in \p S, lambda bodies excepted.
void forEachElementRead(const Stmt *S, function_ref<void(const Expr *)> F) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (const Expr *A = elementRead(S))
    F(A);
  for (const Stmt *Child : S->children())
    forEachElementRead(Child, F);
}

class Forwarder {
public:
  Forwarder(Construct &L, ASTContext &Ctx)
      : L(L), Ctx(Ctx), Body(L.ScanBody), Elements(Body, L.Dims.front().Index, Ctx) {
    SmallVector<MemoryAccess, 8> BodyReads;
    collectMemoryAccesses(Body, BodyReads, BodyWrites);
    if (!L.ScanSeparator->Inclusive)
      if (const VarDecl *Copy = apiScanPhaseCopy(L.scanPhase()))
        forEachUpdate(Body, [&](const Expr *Target, const Expr *Value) {
          if (getReferencedVar(Target) == Copy)
            DiscardedValues.push_back(Value);
        });
  }

  void run() {
    unsigned Bytes = 0;
    SmallVector<FoldingSetNodeID, 2> Seen;
    for (const Stmt *S : passOneStatements()) {
      if (mayJump(S))
        break;
      forEachUnconditionalRead(S, [&](const Expr *A) {
        FoldingSetNodeID ID;
        A->Profile(ID, Ctx, /*Canonical=*/true);
        if (llvm::is_contained(Seen, ID) || !isFileText(A) || !isKeepable(A))
          return;
        Seen.push_back(ID);
        unsigned Size = Ctx.getTypeSizeInChars(A->getType()).getQuantity();
        if (Bytes + Size > kScanForwardBytes)
          return;
        ForwardedRead Read;
        Read.Value = A;
        Read.Text = getSourceText(A->getSourceRange(), Ctx);
        Read.Base = ItemElements::base(A);
        Read.ThroughView = isa<CXXOperatorCallExpr>(A);
        forEachElementRead(Body, [&](const Expr *Use) {
          FoldingSetNodeID UseID;
          Use->Profile(UseID, Ctx, /*Canonical=*/true);
          if (UseID == ID && isFileText(Use) && !inNestedConstruct(Use) && !feedsDiscarded(Use))
            Read.Uses.push_back(Use);
        });
        // Kept only for a use in the scan phase: one in the input phase
        // alone gains nothing where pass 2 drops that phase, and would take
        // the bytes from a read that does.
        if (llvm::none_of(Read.Uses, [&](const Expr *Use) { return inScanPhase(Use); }))
          return;
        Bytes += Size;
        L.ScanForwards.push_back(std::move(Read));
      });
    }
  }

private:
  /// Whether \p Use is part of the value of an update of the
  /// parallel_scan body's discarded copy of the scan variable
  /// (`partial += in[i];` where `final` is true): such a read is dead, the
  /// compiler drops it, and keeping it would only cost registers (the
  /// suite's API scan: 0.87 of CUB with in[i] kept).
  bool feedsDiscarded(const Expr *Use) const {
    return llvm::any_of(DiscardedValues, [&](const Expr *Value) { return isPartOf(Use, Value); });
  }

  /// Calls \p F with the target and value of every assignment and
  /// compound assignment in \p S.
  static void forEachUpdate(const Stmt *S,
                            function_ref<void(const Expr *, const Expr *)> F) {
    if (!S)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
      F(BO->getLHS(), BO->getRHS());
    for (const Stmt *Child : S->children())
      forEachUpdate(Child, F);
  }

  /// Whether \p Use lies in a statement of the scan phase.
  bool inScanPhase(const Expr *Use) const {
    return llvm::any_of(L.scanPhase(), [&](const Stmt *S) { return isPartOf(Use, S); });
  }

  /// What pass 1 runs for each item: the input phase, after an exclusive
  /// scan's declarations it repeats (none for an inclusive scan).
  SmallVector<const Stmt *, 8> passOneStatements() const {
    SmallVector<const Stmt *, 8> Out(L.ScanInputDecls.begin(), L.ScanInputDecls.end());
    Out.append(L.scanInputPhase().begin(), L.scanInputPhase().end());
    return Out;
  }

  /// Text of the file, which the emitter copies (pass 1) or replaces
  /// (pass 2): no part of a macro's expansion.
  static bool isFileText(const Expr *E) {
    return E->getBeginLoc().isFileID() && E->getEndLoc().isFileID();
  }

  bool inNestedConstruct(const Expr *E) const {
    const SourceManager &SM = Ctx.getSourceManager();
    return llvm::any_of(L.Children, [&](const std::unique_ptr<Construct> &C) {
      return C->S && rangeContains(C->Range, E->getBeginLoc(), SM);
    });
  }

  /// Whether the element's value may be kept from pass 1 to pass 2.
  bool isKeepable(const Expr *A) const {
    QualType T = A->getType();
    if (A->isInstantiationDependent() || !T->isScalarType() || T.isVolatileQualified())
      return false;
    if (!Elements.isItemElement(A))
      return false;
    // No write in the body may reach it (an input phase writes no memory,
    // so these are the scan phase's).
    SmallVector<MemoryAccess, 2> Reads, Writes;
    collectMemoryAccesses(A, Reads, Writes);
    for (const MemoryAccess &W : BodyWrites)
      for (const MemoryAccess &R : Reads)
        if (mayOverlap(W, R))
          return false;
    return !Reads.empty();
  }

  Construct &L;
  ASTContext &Ctx;
  const CompoundStmt *Body;
  ItemElements Elements;
  SmallVector<MemoryAccess, 8> BodyWrites;
  /// The values of the updates of a lowered parallel_scan's discarded
  /// copy of the scan variable (feedsDiscarded()).
  SmallVector<const Expr *, 2> DiscardedValues;
};

} // namespace

void markScanForwards(Region &R, ASTContext &Ctx) {
  Construct &L = *R.Root;
  // Device-wide scans only: a scan at another level runs in order on one
  // thread, in one pass.
  if (!L.isLoop() || !L.ScanSeparator || !L.ScanBody || L.Dims.size() != 1 ||
      L.Level != LoopLevel::Flat || !L.Dims.front().Index)
    return;
  Forwarder(L, Ctx).run();
}

} // namespace hpp
