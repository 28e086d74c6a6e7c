//===- RowSharing.cpp - Whether rows of collapsed loops share reads -------===//

#include "Analysis/RowSharing.h"
#include "Analysis/VariableUses.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

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
  return Finder.Found;
}

} // namespace hpp
