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

/// The shared objects an address may point into: some of them, or (when
/// hppc cannot tell) any of them.
struct Targets {
  SmallPtrSet<const VarDecl *, 2> Vars;
  bool Any = false;

  bool empty() const { return !Any && Vars.empty(); }
  /// Adds \p O; returns whether anything was new.
  bool add(const Targets &O) {
    bool Changed = O.Any && !Any;
    Any |= O.Any;
    for (const VarDecl *V : O.Vars)
      Changed |= Vars.insert(V).second;
    return Changed;
  }
};

bool isLocalPointerOrReference(const VarDecl *V) {
  return V && V->hasLocalStorage() &&
         (V->getType()->isPointerType() || V->getType()->isReferenceType());
}

/// A local hpp::View (a scratch view is one over a scratch array): a handle
/// that points into memory as a pointer does.
bool isLocalView(const VarDecl *V) {
  return V && V->hasLocalStorage() && !V->getType()->isReferenceType() &&
         isHppView(V->getType());
}

/// The view whose memory a call of one of its members reaches (`v(i)`,
/// `v[i]`, `v.access(i)`, `v.data()`, `v = w`); null for other calls.
const Expr *viewObjectOf(const CallExpr *Call) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    return isHppView(MC->getObjectType()) ? MC->getImplicitObjectArgument() : nullptr;
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
  if (OC && OC->getNumArgs() > 0 && isa_and_nonnull<CXXMethodDecl>(OC->getDirectCallee()) &&
      isHppView(OC->getArg(0)->getType()))
    return OC->getArg(0);
  return nullptr;
}

/// Which local pointers and references in a team body point into shared
/// scratch (`double *p = tile;`, `double (*B)[Q] = (double (*)[Q])tile;`,
/// `double &r = tile[k];`, `q = p + 8;`), flow-insensitively: a pointer
/// that ever holds an address of an array counts as pointing into it
/// everywhere. Where an address cannot be followed (a pointer whose own
/// address is taken, a pointer returned by a call that received scratch,
/// a pointer loaded from memory that may hold a scratch address) the
/// pointer may point into any shared object: an extra barrier costs time,
/// a missing one a race.
class AliasAnalysis {
public:
  AliasAnalysis(const Stmt *Body, const SmallPtrSetImpl<const VarDecl *> &Shared)
      : Shared(Shared) {
    collect(Body);
    // Each round only adds targets, so this ends.
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const auto &[V, E] : Defs)
        Changed |= Aliases[V].add(roots(E, &AddressOnly));
      for (const Expr *E : Stored)
        if (!AnyEscaped && !roots(E, &AddressOnly).empty())
          Changed = AnyEscaped = true;
    }
  }

  /// What the value of \p E may point into (or, for an lvalue, what memory
  /// it lies in). With \p Mark, the references to variables that \p E only
  /// takes the address of (no memory read) are added to it.
  Targets roots(const Expr *E, SmallPtrSetImpl<const DeclRefExpr *> *Mark = nullptr) const {
    Targets T;
    E = E->IgnoreParens();
    if (const auto *FE = dyn_cast<FullExpr>(E))
      return roots(FE->getSubExpr(), Mark);
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      return roots(MT->getSubExpr(), Mark);
    if (const auto *IL = dyn_cast<InitListExpr>(E)) {
      for (const Expr *Init : IL->inits())
        T.add(roots(Init, Mark));
      return T;
    }
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      if (CE->getCastKind() != CK_LValueToRValue)
        return roots(CE->getSubExpr(), Mark);
      const Expr *Sub = CE->getSubExpr()->IgnoreParens();
      // A value read from memory: the memory is what a call receives.
      if (!E->getType()->isPointerType())
        return roots(Sub, nullptr);
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub))
        return roots(DRE, Mark);
      // A pointer loaded from memory may hold any address stored there.
      if (AnyEscaped || !roots(Sub, nullptr).empty())
        T.Any = true;
      return T;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V)
        return T;
      if (Shared.count(V))
        T.Vars.insert(V);
      // Naming an array, or a local pointer's value, reads no shared
      // memory; a broadcast variable's value is a read of it.
      if (Mark && (!Shared.count(V) || V->getType()->isArrayType()))
        Mark->insert(DRE);
      if (const Targets *A = aliasOf(V))
        T.add(*A);
      return T;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      return roots(AS->getBase(), Mark);
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return roots(ME->getBase(), Mark);
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Deref ||
          UO->isIncrementDecrementOp())
        return roots(UO->getSubExpr(), Mark);
      return T;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_Comma || BO->isAssignmentOp())
        return roots(BO->getRHS(), Mark);
      if (BO->isAdditiveOp() && E->getType()->isPointerType()) {
        for (const Expr *Op : {BO->getLHS(), BO->getRHS()})
          if (Op->getType()->isPointerType() || Op->getType()->isArrayType())
            T.add(roots(Op, Mark));
      }
      return T;
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
      T.add(roots(CO->getTrueExpr(), Mark));
      T.add(roots(CO->getFalseExpr(), Mark));
      return T;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const Expr *View = viewObjectOf(Call)) {
        // An element of a view, or its data(): memory the view points into.
        if (Call->getType()->isPointerType() || Call->isGLValue())
          return roots(View, Mark);
        return T;
      }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      // A view built over a pointer, or copied, points where that does.
      if (isHppView(CE->getType()) && CE->getNumArgs() > 0)
        return roots(CE->getArg(0), Mark);
      return T;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      // `std::data(tile)`, `f(p) + k`: the result may point into anything
      // the call received.
      QualType R = Call->getType();
      if (R->isPointerType() || Call->isGLValue())
        for (const Expr *Arg : Call->arguments())
          if (!roots(Arg).empty())
            T.Any = true;
      return T;
    }
    return T;
  }

  /// The targets of a local pointer or reference, if it has any.
  const Targets *aliasOf(const VarDecl *V) const {
    auto It = Aliases.find(V);
    return It == Aliases.end() || It->second.empty() ? nullptr : &It->second;
  }

  /// References that only take an address (`tile` in `double *p = tile;`,
  /// `p` in `p = p + 1;`): not an access of the memory.
  bool isAddressOnly(const DeclRefExpr *DRE) const { return AddressOnly.count(DRE); }

private:
  void collect(const Stmt *Body) {
    struct Finder : RecursiveASTVisitor<Finder> {
      AliasAnalysis &A;
      explicit Finder(AliasAnalysis &A) : A(A) {}
      bool shouldVisitLambdaBody() const { return true; }

      /// A local pointer named by \p E, or a view declared in the body
      /// (one declared outside cannot hold a scratch address: the body
      /// cannot assign it).
      const DeclRefExpr *localPointer(const Expr *E) const {
        const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
        const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        if (!V || !V->hasLocalStorage())
          return nullptr;
        if (V->getType()->isPointerType())
          return E->IgnoreParens() == DRE ? DRE : nullptr;
        return Views.count(V) ? DRE : nullptr;
      }
      SmallPtrSet<const VarDecl *, 4> Views;
      /// `&p`, `double *&r = p`, `f(p)` with a reference parameter: the
      /// pointer may be changed where hppc does not look.
      void escape(const DeclRefExpr *DRE) {
        A.Aliases[cast<VarDecl>(DRE->getDecl())].Any = true;
      }
      bool VisitVarDecl(VarDecl *V) {
        if (!V->getInit())
          return true;
        if (isLocalPointerOrReference(V)) {
          const DeclRefExpr *Bound = localPointer(V->getInit());
          if (V->getType()->isReferenceType() && Bound &&
              !V->getType().getNonReferenceType().isConstQualified()) {
            escape(Bound);
            A.Aliases[V].Any = true;
          } else {
            A.Defs.push_back({V, V->getInit()});
          }
        } else if (isLocalView(V)) {
          Views.insert(V);
          A.Defs.push_back({V, V->getInit()});
        } else if (V->getInit()->getType()->isPointerType() || V->getType()->isRecordType()) {
          A.Stored.push_back(V->getInit());
        }
        return true;
      }
      bool VisitBinaryOperator(BinaryOperator *BO) {
        if (!BO->isAssignmentOp())
          return true;
        if (const DeclRefExpr *P = localPointer(BO->getLHS())) {
          // Assigning the pointer is no access of what it points to.
          A.AddressOnly.insert(P);
          if (BO->getOpcode() == BO_Assign)
            A.Defs.push_back({cast<VarDecl>(P->getDecl()), BO->getRHS()});
        } else if (BO->getRHS()->getType()->isPointerType()) {
          A.Stored.push_back(BO->getRHS());
        }
        return true;
      }
      bool VisitUnaryOperator(UnaryOperator *UO) {
        if (const DeclRefExpr *P = localPointer(UO->getSubExpr())) {
          if (UO->isIncrementDecrementOp())
            A.AddressOnly.insert(P);
          else if (UO->getOpcode() == UO_AddrOf)
            escape(P);
        }
        return true;
      }
      bool VisitCallExpr(CallExpr *CE) {
        ArrayRef<const Expr *> Args(CE->getArgs(), CE->getNumArgs());
        if (isa<CXXOperatorCallExpr>(CE) && viewObjectOf(CE)) {
          const auto *OC = cast<CXXOperatorCallExpr>(CE);
          // `v = w`: the view now points where w does.
          if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
            if (const DeclRefExpr *P = localPointer(OC->getArg(0))) {
              A.AddressOnly.insert(P);
              A.Defs.push_back({cast<VarDecl>(P->getDecl()), OC->getArg(1)});
              return true;
            }
          }
          // A view's own operators keep no address and change no handle.
          Args = Args.drop_front();
        }
        for (const Expr *Arg : Args) {
          // Bound to a reference parameter: no lvalue-to-rvalue conversion.
          if (const DeclRefExpr *P = localPointer(Arg))
            escape(P);
          // The callee may keep the address anywhere.
          if (Arg->getType()->isPointerType() || isHppView(Arg->getType()))
            A.Stored.push_back(Arg);
        }
        return true;
      }
    } F(*this);
    F.TraverseStmt(const_cast<Stmt *>(Body));
  }

  const SmallPtrSetImpl<const VarDecl *> &Shared;
  SmallVector<std::pair<const VarDecl *, const Expr *>, 8> Defs;
  /// Pointer values stored in memory or handed to a call.
  SmallVector<const Expr *, 8> Stored;
  bool AnyEscaped = false;
  DenseMap<const VarDecl *, Targets> Aliases;
  SmallPtrSet<const DeclRefExpr *, 16> AddressOnly;
};

class AccessFinder : public RecursiveASTVisitor<AccessFinder> {
public:
  AccessFinder(const SmallPtrSetImpl<const VarDecl *> &Shared, const AliasAnalysis &Aliases,
               const SourceManager &SM, AccessMap &Out)
      : Shared(Shared), Aliases(Aliases), SM(SM), Out(Out) {}

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
  void record(const Targets &T, SourceLocation L, bool Write) {
    if (T.Any) {
      for (const VarDecl *V : Shared)
        record(V, L, Write);
      return;
    }
    for (const VarDecl *V : T.Vars)
      record(V, L, Write);
  }
  /// What an assignment to \p LHS writes: assigning a local pointer writes
  /// none of what it points to; assigning through a reference does.
  void recordWrite(const Expr *LHS, SourceLocation L) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParens()))
      if (Aliases.isAddressOnly(DRE))
        return;
    record(Aliases.roots(LHS), L, true);
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      recordWrite(BO->getLHS(), BO->getExprLoc());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      recordWrite(UO->getSubExpr(), UO->getExprLoc());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    // A shared array passed to a function may be written by it. A view's
    // own operators (`v(i)`) write nothing: the assignment around them does;
    // assigning a view (`v = w`) copies a handle.
    ArrayRef<const Expr *> Args(CE->getArgs(), CE->getNumArgs());
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE); OC && viewObjectOf(CE))
      Args = OC->getOperator() == OO_Equal ? ArrayRef<const Expr *>() : Args.drop_front();
    for (const Expr *Arg : Args)
      record(Aliases.roots(Arg), Arg->getExprLoc(), true);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || Aliases.isAddressOnly(DRE))
      return true;
    record(V, DRE->getLocation(), false);
    if (const Targets *T = Aliases.aliasOf(V))
      record(*T, DRE->getLocation(), false);
    return true;
  }

private:
  const SmallPtrSetImpl<const VarDecl *> &Shared;
  const AliasAnalysis &Aliases;
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
    // Pointers into a shared array (`double *p = tile + k;`) reach it.
    Aliases.emplace(R.Root->Dims.back().Loop->getBody(), Shared);
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

  AccessMap accesses(const Stmt *S) {
    AccessMap M;
    AccessFinder(Shared, *Aliases, SM, M).TraverseStmt(const_cast<Stmt *>(S));
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
  std::optional<AliasAnalysis> Aliases;
  SmallVector<unsigned, 4> ExplicitBarriers;
  DenseMap<const Stmt *, const Construct *> Annotated;
};

} // namespace

void insertTeamBarriers(Region &R, ASTContext &Ctx) {
  if (R.isTeamRegion())
    BarrierPlanner(R, Ctx).run();
}

} // namespace hpp
