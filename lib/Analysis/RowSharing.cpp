//===- RowSharing.cpp - Whether rows of collapsed loops share reads -------===//

#include "Analysis/RowSharing.h"
#include "Analysis/VariableUses.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallSet.h"
#include <limits>

using namespace clang;

namespace hpp {

namespace {

using VarSet = llvm::DenseSet<const VarDecl *>;

bool namesAny(const Stmt *S, const VarSet &Vars) {
  bool Found = false;
  forEachVarRef(S, [&](const DeclRefExpr *R) {
    if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
      Found |= Vars.contains(V->getCanonicalDecl());
  });
  return Found;
}

/// The variables of the body whose values depend on the seeds (the outer
/// indices: the row; the innermost index: the column): the seeds, and
/// every variable initialised or assigned from one of them. Two passes
/// cover a variable assigned before the statement that makes its source
/// dependent (in a loop of the body).
class Dependence : public RecursiveASTVisitor<Dependence> {
public:
  explicit Dependence(VarSet &Vars) : Vars(Vars) {}

  bool VisitVarDecl(VarDecl *V) {
    if (const Expr *Init = V->getInit(); Init && namesAny(Init, Vars))
      Vars.insert(V->getCanonicalDecl());
    return true;
  }
  // Compound assignments too: CompoundAssignOperator is a BinaryOperator.
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      taintTarget(B->getLHS(), B->getRHS());
    return true;
  }

private:
  void taintTarget(const Expr *LHS, const Expr *RHS) {
    const auto *Ref = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
    if (!Ref || !namesAny(RHS, Vars))
      return;
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      Vars.insert(V->getCanonicalDecl());
  }

  VarSet &Vars;
};

VarSet dependentOn(Stmt *Body, VarSet Seeds) {
  Dependence D(Seeds);
  for (int Pass = 0; Pass < 2; ++Pass)
    D.TraverseStmt(Body);
  return Seeds;
}

/// The targets of plain assignments (`a[k] = ...`): writes, not reads.
class AssignmentTargets : public RecursiveASTVisitor<AssignmentTargets> {
public:
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      Targets.insert(B->getLHS()->IgnoreParenImpCasts());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (E->getOperator() == OO_Equal && E->getNumArgs() == 2)
      Targets.insert(E->getArg(0)->IgnoreParenImpCasts());
    return true;
  }
  llvm::DenseSet<const Expr *> Targets;
};

/// Finds a read whose address varies within a row but not across rows.
class SharedReadFinder : public RecursiveASTVisitor<SharedReadFinder> {
public:
  SharedReadFinder(const VarSet &Row, const VarSet &Column,
                   const llvm::DenseSet<const Expr *> &Writes)
      : Row(Row), Column(Column), Writes(Writes) {}

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    if (Writes.contains(E))
      return true;
    return !(Found = shared({E->getBase(), E->getIdx()}));
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    OverloadedOperatorKind Op = E->getOperator();
    if ((Op != OO_Subscript && Op != OO_Call) || E->getNumArgs() < 2 || Writes.contains(E))
      return true;
    llvm::SmallVector<const Stmt *, 4> Parts(E->arg_begin(), E->arg_end());
    return !(Found = shared(Parts));
  }

  bool Found = false;

private:
  bool shared(llvm::ArrayRef<const Stmt *> Parts) const {
    bool Varies = false;
    for (const Stmt *P : Parts) {
      if (namesAny(P, Row))
        return false;
      Varies |= namesAny(P, Column);
    }
    return Varies;
  }

  const VarSet &Row;
  const VarSet &Column;
  const llvm::DenseSet<const Expr *> &Writes;
};

/// The variable an access reads from: the root of `A[r][c]`'s subscripts,
/// or an overloaded `[]` / `()`'s object, where that is a variable.
const VarDecl *accessedVariable(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
    E = S->getBase()->IgnoreParenImpCasts();
  if (const auto *R = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(R->getDecl());
  return nullptr;
}

/// The constant offsets at which \p E names \p Index: 0 for `i`, c for
/// `i + c`, `c + i` and -c for `i - c`, with c an integer constant
/// expression.
void indexOffsets(const Expr *E, const VarDecl *Index, llvm::SmallVectorImpl<long long> &Out) {
  E = E->IgnoreParenImpCasts();
  const auto isIndex = [&](const Expr *X) {
    const auto *R = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    return R && R->getDecl()->getCanonicalDecl() == Index;
  };
  const ASTContext &Ctx = Index->getASTContext();
  // A constant offset; in a template's pattern a dependent one is not
  // (Clang evaluates only non-dependent expressions).
  const auto constant = [&](const Expr *X, Expr::EvalResult &C) {
    return !X->isValueDependent() && !X->isTypeDependent() && X->EvaluateAsInt(C, Ctx) &&
           C.Val.getInt().getSignificantBits() <= 64;
  };
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub)) {
    Expr::EvalResult C;
    if (isIndex(B->getLHS()) && constant(B->getRHS(), C)) {
      const long long V = C.Val.getInt().getExtValue();
      // -V of the most negative value would overflow: no such row anyway.
      if (B->getOpcode() == BO_Add || V != std::numeric_limits<long long>::min()) {
        Out.push_back(B->getOpcode() == BO_Add ? V : -V);
        return;
      }
    }
    if (B->getOpcode() == BO_Add && isIndex(B->getRHS()) && constant(B->getLHS(), C)) {
      Out.push_back(C.Val.getInt().getExtValue());
      return;
    }
  }
  if (isIndex(E)) {
    Out.push_back(0);
    return;
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      indexOffsets(CE, Index, Out);
}

/// Finds a variable read at two rows apart: `in[(i + 1) * n + j]` and
/// `in[i * n + j]` (or `a(i - 1, j)` and `a(i, j)`), each address naming
/// the outer index once, at a constant offset, and the column.
class NeighbourRowFinder : public RecursiveASTVisitor<NeighbourRowFinder> {
public:
  NeighbourRowFinder(const VarDecl *Outer, const VarSet &Column,
                     const llvm::DenseSet<const Expr *> &Writes)
      : Outer(Outer), Column(Column), Writes(Writes) {}

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    if (Writes.contains(E) || !namesAny(E, Column))
      return true;
    return !(Found = record(accessedVariable(E), {E}));
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    OverloadedOperatorKind Op = E->getOperator();
    if ((Op != OO_Subscript && Op != OO_Call) || E->getNumArgs() < 2 || Writes.contains(E))
      return true;
    llvm::SmallVector<const Expr *, 4> Args(E->arg_begin() + 1, E->arg_end());
    if (llvm::none_of(Args, [&](const Expr *A) { return namesAny(A, Column); }))
      return true;
    return !(Found = record(accessedVariable(E->getArg(0)), Args));
  }

  bool Found = false;

private:
  /// Notes the row offset of one access; true once its variable has been
  /// read at two.
  bool record(const VarDecl *V, llvm::ArrayRef<const Expr *> Address) {
    if (!V)
      return false;
    llvm::SmallVector<long long, 2> Offsets;
    for (const Expr *A : Address)
      indexOffsets(A, Outer, Offsets);
    if (Offsets.size() != 1)
      return false;
    auto &Seen = Rows[V->getCanonicalDecl()];
    Seen.insert(Offsets.front());
    return Seen.size() > 1;
  }

  const VarDecl *Outer;
  const VarSet &Column;
  const llvm::DenseSet<const Expr *> &Writes;
  llvm::DenseMap<const VarDecl *, llvm::SmallSet<long long, 4>> Rows;
};

} // namespace

bool rowsShareReads(const Construct &L) {
  if (L.Dims.size() < 2 || !L.Dims.back().Loop)
    return false;
  Stmt *Body = const_cast<Stmt *>(L.Dims.back().Loop->getBody());
  if (!Body)
    return false;
  VarSet Outer, Inner;
  for (const LoopDim &D : llvm::ArrayRef(L.Dims).drop_back())
    if (D.Index)
      Outer.insert(D.Index->getCanonicalDecl());
  if (const VarDecl *Index = L.Dims.back().Index)
    Inner.insert(Index->getCanonicalDecl());
  const VarSet Row = dependentOn(Body, Outer);
  const VarSet Column = dependentOn(Body, Inner);
  AssignmentTargets Writes;
  Writes.TraverseStmt(Body);
  SharedReadFinder Finder(Row, Column, Writes.Targets);
  Finder.TraverseStmt(Body);
  if (Finder.Found || L.Dims.size() != 2 || !L.Dims.front().Index)
    return Finder.Found;
  NeighbourRowFinder Neighbours(L.Dims.front().Index->getCanonicalDecl(), Column,
                                Writes.Targets);
  Neighbours.TraverseStmt(Body);
  return Neighbours.Found;
}

} // namespace hpp
