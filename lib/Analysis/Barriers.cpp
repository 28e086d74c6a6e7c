//===- Barriers.cpp - Team barriers a team region needs -------------------===//

#include "Analysis/Barriers.h"
#include "Basic/ASTUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// Where a shared object was last touched, for the reason text.
struct Access {
  unsigned Line = 0;
  bool Write = false;
};
using AccessMap = DenseMap<const VarDecl *, Access>;

/// The variable at the root of `a[i][j]`, `a.f`, `(a)`.
const VarDecl *baseVar(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && UO->getOpcode() == UO_Deref)
      E = UO->getSubExpr();
    else
      break;
  }
  return getReferencedVar(E);
}

class AccessFinder : public RecursiveASTVisitor<AccessFinder> {
public:
  AccessFinder(const SmallPtrSetImpl<const VarDecl *> &Shared,
               const SourceManager &SM, AccessMap &Out)
      : Shared(Shared), SM(SM), Out(Out) {}

  bool shouldVisitLambdaBody() const { return true; }

  void record(const VarDecl *V, SourceLocation L, bool Write) {
    if (!V || !Shared.count(V))
      return;
    Access &A = Out[V];
    if (Write && !A.Write)
      A = {getLine(L, SM), true};
    else if (!A.Line)
      A = {getLine(L, SM), Write};
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      record(baseVar(BO->getLHS()), BO->getExprLoc(), true);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      record(baseVar(UO->getSubExpr()), UO->getExprLoc(), true);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    // A shared array passed to a function may be written by it.
    for (const Expr *Arg : CE->arguments())
      record(baseVar(Arg), Arg->getExprLoc(), true);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    record(dyn_cast<VarDecl>(DRE->getDecl()), DRE->getLocation(), false);
    return true;
  }

private:
  const SmallPtrSetImpl<const VarDecl *> &Shared;
  const SourceManager &SM;
  AccessMap &Out;
};

class BarrierPlanner {
public:
  BarrierPlanner(Region &R, ASTContext &Ctx) : R(R), Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  void run() {
    for (const ScratchArray &A : R.Scratch)
      if (!A.PerThread)
        Shared.insert(A.Var);
    // Pointers into a shared array (`double *p = tile + k;`) share it.
    addAliases(R.Root->Dims.back().Loop->getBody());
    R.forEachConstruct([&](const Construct &C) {
      if (C.Kind == ConstructKind::Single)
        for (const VarDecl *V : C.Broadcast)
          Shared.insert(V);
      if (C.Kind == ConstructKind::Barrier && !C.Inserted)
        ExplicitBarriers.push_back(offset(C.Loc));
      if (C.S)
        Annotated[C.S] = &C;
    });
    if (Shared.empty())
      return;
    // The league loop is itself sequential for a team that runs several
    // iterations (a grid smaller than the league): its next iteration must
    // not overwrite what slower threads still read.
    const Stmt *Body = R.Root->Dims.back().Loop->getBody();
    AccessMap First = accesses(Body);
    AccessMap Pending;
    process(Body, Pending);
    if (endsWithBarrier(Body))
      return;
    if (auto Why = conflict(Pending, First))
      if (const auto *CS = dyn_cast<CompoundStmt>(Body))
        insertBarrier(CS->getRBracLoc(), *Why + " by the team's next iteration");
  }

private:
  unsigned offset(SourceLocation L) const {
    return SM.getFileOffset(SM.getExpansionLoc(L));
  }

  /// Adds the pointer variables initialised from a shared array to the
  /// tracked set, so that accesses through them count as accesses to it.
  void addAliases(const Stmt *Body) {
    struct Finder : RecursiveASTVisitor<Finder> {
      SmallPtrSetImpl<const VarDecl *> &Shared;
      explicit Finder(SmallPtrSetImpl<const VarDecl *> &Shared) : Shared(Shared) {}
      bool VisitVarDecl(VarDecl *V) {
        if (V->getType()->isPointerType() && V->getInit())
          if (const VarDecl *Base = baseVar(V->getInit()))
            if (Shared.count(Base))
              Shared.insert(V);
        return true;
      }
    } F(Shared);
    F.TraverseStmt(const_cast<Stmt *>(Body));
  }

  AccessMap accesses(const Stmt *S) {
    AccessMap M;
    AccessFinder(Shared, SM, M).TraverseStmt(const_cast<Stmt *>(S));
    return M;
  }

  /// A conflict between what is pending since the last barrier and \p Next:
  /// read-after-write, write-after-read or write-after-write.
  std::optional<std::string> conflict(const AccessMap &Pending, const AccessMap &Next) {
    // The earliest conflicting access (then the name) gives the reason, so
    // that the report does not depend on the map's pointer order.
    const VarDecl *Best = nullptr;
    for (const auto &[V, A] : Next) {
      auto It = Pending.find(V);
      if (It == Pending.end() || (!It->second.Write && !A.Write))
        continue;
      if (!Best || std::make_pair(A.Line, V->getName()) <
                       std::make_pair(Next.lookup(Best).Line, Best->getName()))
        Best = V;
    }
    if (!Best)
      return std::nullopt;
    const Access &Before = Pending.lookup(Best), &After = Next.lookup(Best);
    return "'" + Best->getName().str() + "' " + (Before.Write ? "written" : "read") +
           " at line " + std::to_string(Before.Line) + " is " +
           (After.Write ? "written" : "read") + " at line " + std::to_string(After.Line);
  }

  void merge(AccessMap &Into, const AccessMap &From) {
    for (const auto &[V, A] : From) {
      Access &Old = Into[V];
      if (!Old.Line || (A.Write && !Old.Write))
        Old = A;
    }
  }

  void insertBarrier(SourceLocation Loc, std::string Reason) {
    auto B = std::make_unique<Construct>();
    B->Kind = ConstructKind::Barrier;
    B->Inserted = true;
    B->Loc = Loc;
    B->InsertLoc = Loc;
    B->Range = SourceRange(Loc, Loc);
    B->Reason = std::move(Reason);
    B->Parent = R.Root.get();
    R.Root->Children.push_back(std::move(B));
  }

  bool explicitBarrierBetween(unsigned From, unsigned To) const {
    for (unsigned B : ExplicitBarriers)
      if (From <= B && B < To)
        return true;
    return false;
  }

  /// Whether an explicit barrier follows the last statement of \p Body: it
  /// separates one iteration from the next. (What follows the loop is not
  /// separated by it: the loop may run no iteration.)
  bool endsWithBarrier(const Stmt *Body) const {
    const auto *CS = dyn_cast<CompoundStmt>(Body);
    if (!CS)
      return false;
    unsigned LastEnd = CS->body_empty() ? offset(CS->getLBracLoc())
                                        : offset(getEndOfStmt(CS->body_back(), Ctx));
    return explicitBarrierBetween(LastEnd, offset(CS->getRBracLoc()));
  }

  bool isSequentialLoop(const Stmt *S) const {
    return (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
            isa<CXXForRangeStmt>(S)) &&
           !Annotated.count(S);
  }

  static const Stmt *loopBody(const Stmt *S) {
    if (const auto *F = dyn_cast<ForStmt>(S))
      return F->getBody();
    if (const auto *W = dyn_cast<WhileStmt>(S))
      return W->getBody();
    if (const auto *D = dyn_cast<DoStmt>(S))
      return D->getBody();
    return cast<CXXForRangeStmt>(S)->getBody();
  }

  /// Walks team-level statements in order, carrying what was accessed
  /// since the last barrier.
  void process(const Stmt *S, AccessMap &Pending) {
    SmallVector<const Stmt *, 8> Children;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      Children.append(CS->body_begin(), CS->body_end());
    else
      Children.push_back(S);
    unsigned PrevEnd = offset(S->getBeginLoc());
    for (const Stmt *Child : Children) {
      const Construct *C = Annotated.lookup(Child);
      SourceLocation Start = C ? C->Loc : Child->getBeginLoc();
      if (explicitBarrierBetween(PrevEnd, offset(Start)))
        Pending.clear();
      PrevEnd = offset(getEndOfStmt(Child, Ctx));
      // A construct (a single, a nested loop) is one unit: one thread runs a
      // single, so a barrier inside it would never be met by the others.
      if (isa<CompoundStmt>(Child) && !C) {
        process(Child, Pending);
        continue;
      }
      if (isSequentialLoop(Child)) {
        const Stmt *Body = loopBody(Child);
        AccessMap First = accesses(Body);
        process(Body, Pending);
        // The next trip's first statements meet this trip's last ones.
        if (endsWithBarrier(Body))
          continue;
        if (auto Why = conflict(Pending, First)) {
          if (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
            insertBarrier(CS->getRBracLoc(), *Why + " in the next iteration");
            Pending = First;
          }
        }
        continue;
      }
      AccessMap Here = accesses(Child);
      if (auto Why = conflict(Pending, Here)) {
        insertBarrier(Start, *Why);
        Pending.clear();
      }
      merge(Pending, Here);
    }
  }

  Region &R;
  ASTContext &Ctx;
  const SourceManager &SM;
  SmallPtrSet<const VarDecl *, 8> Shared;
  SmallVector<unsigned, 4> ExplicitBarriers;
  DenseMap<const Stmt *, const Construct *> Annotated;
};

} // namespace

void insertTeamBarriers(Region &R, ASTContext &Ctx) {
  if (R.isTeamRegion())
    BarrierPlanner(R, Ctx).run();
}

} // namespace hpp
