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

/// The variables of the body whose values depend on the row: the outer
/// indices, and every variable initialised or assigned from one of them.
/// Two passes cover a variable assigned before the statement that makes
/// its source row-dependent (in a loop of the body).
class RowDependence : public RecursiveASTVisitor<RowDependence> {
public:
  explicit RowDependence(VarSet &Row) : Row(Row) {}

  bool VisitVarDecl(VarDecl *V) {
    if (const Expr *Init = V->getInit(); Init && namesAny(Init, Row))
      Row.insert(V->getCanonicalDecl());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      taintTarget(B->getLHS(), B->getRHS());
    return true;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator *B) {
    taintTarget(B->getLHS(), B->getRHS());
    return true;
  }

private:
  void taintTarget(const Expr *LHS, const Expr *RHS) {
    const auto *Ref = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
    if (!Ref || !namesAny(RHS, Row))
      return;
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      Row.insert(V->getCanonicalDecl());
  }

  VarSet &Row;
};

/// Finds a read whose address varies within a row but not across rows.
class SharedReadFinder : public RecursiveASTVisitor<SharedReadFinder> {
public:
  SharedReadFinder(const VarSet &Row, const VarSet &Varying) : Row(Row), Varying(Varying) {}

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    return !(Found = shared({E->getBase(), E->getIdx()}));
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    OverloadedOperatorKind Op = E->getOperator();
    if ((Op != OO_Subscript && Op != OO_Call) || E->getNumArgs() < 2)
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
      Varies |= namesAny(P, Varying);
    }
    return Varies;
  }

  const VarSet &Row;
  const VarSet &Varying;
};

/// The innermost index and every variable the body declares.
class BodyVariables : public RecursiveASTVisitor<BodyVariables> {
public:
  explicit BodyVariables(VarSet &Out) : Out(Out) {}
  bool VisitVarDecl(VarDecl *V) {
    Out.insert(V->getCanonicalDecl());
    return true;
  }

private:
  VarSet &Out;
};

} // namespace

bool rowsShareReads(const Construct &L) {
  if (L.Dims.size() < 2 || !L.Dims.back().Loop)
    return false;
  Stmt *Body = const_cast<Stmt *>(L.Dims.back().Loop->getBody());
  if (!Body)
    return false;
  VarSet Row;
  for (const LoopDim &D : llvm::ArrayRef(L.Dims).drop_back())
    if (D.Index)
      Row.insert(D.Index->getCanonicalDecl());
  RowDependence Dependence(Row);
  for (int Pass = 0; Pass < 2; ++Pass)
    Dependence.TraverseStmt(Body);
  VarSet Varying;
  if (const VarDecl *Inner = L.Dims.back().Index)
    Varying.insert(Inner->getCanonicalDecl());
  BodyVariables(Varying).TraverseStmt(Body);
  SharedReadFinder Finder(Row, Varying);
  Finder.TraverseStmt(Body);
  return Finder.Found;
}

} // namespace hpp
