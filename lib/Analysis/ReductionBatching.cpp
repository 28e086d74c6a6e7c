//===- ReductionBatching.cpp - Reduction loops whose terms may run ahead --===//

#include "Analysis/ReductionBatching.h"
#include "Basic/ASTUtils.h"
#include "Basic/Kinds.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <optional>

using namespace clang;

namespace hpp {

namespace {

/// The standard math functions a term may call: pure apart from errno,
/// which device code does not have and whose writes keep their order
/// among the terms anyway.
bool isStdMath(const FunctionDecl *FD) {
  if (!FD->isInStdNamespace() || !FD->getIdentifier())
    return false;
  static const llvm::StringSet<> Names = {
      "abs", "fabs", "sqrt",  "cbrt",  "exp",  "exp2", "log",   "log2",  "log10", "pow",
      "sin", "cos",  "tan",   "fma",   "fmin", "fmax", "min",   "max",   "floor", "ceil",
      "trunc", "round", "hypot"};
  return Names.contains(FD->getName());
}

bool isPureCallee(const FunctionDecl *FD, ASTContext &Ctx) {
  if (!FD)
    return false; // an unresolved or indirect call
  if (FD->hasAttr<ConstAttr>() || FD->hasAttr<PureAttr>())
    return true;
  if (unsigned ID = FD->getBuiltinID())
    return Ctx.BuiltinInfo.isConst(ID) || Ctx.BuiltinInfo.isConstWithoutErrnoAndExceptions(ID);
  // View access, extents and data(); not every const method of hpp's
  // (UniqueToken::acquire() is one).
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    return MD->isConst() && isHppView(Ctx.getRecordType(MD->getParent()));
  return isStdMath(FD);
}

/// Finds what keeps a term from being evaluated ahead of the updates
/// before it: a call to anything but a pure function, a volatile read, a
/// construction, a lambda or statement expression (code of its own), a
/// read of one of the loop's reductions; and records whether the loop's
/// index is read.
class TermChecker : public RecursiveASTVisitor<TermChecker> {
public:
  TermChecker(const Construct &L, ASTContext &Ctx) : L(L), Ctx(Ctx) {}

  bool VisitCallExpr(CallExpr *C) {
    Pure &= isPureCallee(C->getDirectCallee(), Ctx);
    return Pure;
  }
  /// HasSideEffects without possible effects lets volatile reads through.
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue &&
        C->getSubExpr()->getType().isVolatileQualified())
      Pure = false;
    return Pure;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *) { return Pure = false; }
  bool VisitLambdaExpr(LambdaExpr *) { return Pure = false; }
  bool VisitStmtExpr(StmtExpr *) { return Pure = false; }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (!V)
      return true;
    if (V == L.Dims.front().Index)
      ReadsIndex = true;
    for (const ReductionVar &RV : L.Reductions)
      if (V == RV.Var)
        Pure = false;
    return Pure;
  }

  bool Pure = true;
  bool ReadsIndex = false;

private:
  const Construct &L;
  ASTContext &Ctx;
};

/// The reduction \p U updates, when \p U is `r op= term` with r one of
/// \p L's plain reductions and both sides arithmetic.
const ReductionVar *updatedReduction(const Construct &L, const CompoundAssignOperator *U) {
  const VarDecl *V = getReferencedVar(U->getLHS());
  if (!V || !U->getLHS()->getType()->isArithmeticType())
    return nullptr;
  for (const ReductionVar &RV : L.Reductions)
    if (RV.Var == V)
      return &RV;
  return nullptr;
}

bool isPureTerm(const Construct &L, const Expr *Term, ASTContext &Ctx) {
  if (Term->isInstantiationDependent() || !Term->getType()->isArithmeticType())
    return false;
  // The emitter copies the term's text: a macro invocation as a whole is
  // text of the file, a term that is part of one is not.
  if (getExprFileRange(Term, Ctx).isInvalid())
    return false;
  if (Term->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
    return false;
  TermChecker Check(L, Ctx);
  Check.TraverseStmt(const_cast<Expr *>(Term));
  return Check.Pure && Check.ReadsIndex;
}

bool isBatchableLoop(const Construct &L) {
  if (!L.isLoop() || L.Dims.size() != 1 || L.ScanSeparator ||
      L.Reductions.empty() || !L.Children.empty())
    return false;
  // Team-vector loops only: they share the whole team's work, so a thread
  // runs many iterations (a 16384-long row: 64 per thread). A vector loop
  // in a thread loop gets lanes sized for a few iterations each
  // (vector_for_trips; 4 when this was measured, 8 since 2026-11-30), so a
  // batch of 4 overlaps little and its registers
  // push a bounded kernel into spills: on the H200 the suite's yax3 (M =
  // 128) went 0.89 -> 0.78 of hand and a View yAx3 0.58 -> 0.76 ms, the
  // contraction 0.99 -> 0.97, while yAx3 with M = 1024 gained 0.97 -> 1.00.
  if (L.Level != LoopLevel::TeamVector)
    return false;
  return llvm::none_of(L.Reductions, [](const ReductionVar &RV) {
    return isLocReduction(RV.Op) || RV.InScan || !RV.UserJoin.empty() ||
           !RV.UserReducer.empty();
  });
}

/// The narrowest and widest teams a team-vector loop can be spread over:
/// a warp; a block of the largest size CUDA and HIP allow.
constexpr long long kMinTeam = 32, kMaxTeam = 1024;

/// Whether some thread may run a whole batch of \p L's iterations: not
/// when the loop has fewer than a batch per thread of the narrowest team,
/// nor when its region's AUTO teams are as wide as their constant loops
/// (Region::TeamWidth), which leaves each thread a batch only past a
/// batch's iterations per thread of such a team.
bool mayFillBatch(const Construct &L, unsigned TeamWidth) {
  const std::optional<long long> Trips = L.Dims.front().ConstTripCount;
  if (!Trips)
    return true;
  const long long Team = TeamWidth ? std::min<long long>(TeamWidth, kMaxTeam) : kMinTeam;
  return *Trips >= kBatchedIterations * std::max(Team, kMinTeam);
}

void markLoop(Construct &L, unsigned TeamWidth, ASTContext &Ctx) {
  if (!isBatchableLoop(L) || !mayFillBatch(L, TeamWidth))
    return;
  const Stmt *Body = L.Dims.front().Loop->getBody();
  SmallVector<const Stmt *, 4> Stmts;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Stmts.append(CS->body_begin(), CS->body_end());
  else
    Stmts.push_back(Body);
  if (Stmts.empty())
    return;
  SmallVector<const CompoundAssignOperator *, 2> Updates;
  for (const Stmt *S : Stmts) {
    const auto *U = dyn_cast<CompoundAssignOperator>(S);
    // The update itself is emitted as written here: not from a macro.
    if (!U || U->getOperatorLoc().isMacroID() || U->getLHS()->getBeginLoc().isMacroID() ||
        !updatedReduction(L, U) || !isPureTerm(L, U->getRHS(), Ctx))
      return;
    Updates.push_back(U);
  }
  L.BatchedUpdates = std::move(Updates);
}

void markTree(Construct &C, unsigned TeamWidth, ASTContext &Ctx) {
  markLoop(C, TeamWidth, Ctx);
  for (auto &Child : C.Children)
    markTree(*Child, TeamWidth, Ctx);
}

} // namespace

void markBatchedReductions(Region &R, ASTContext &Ctx) {
  markTree(*R.Root, R.TeamWidth, Ctx);
}

} // namespace hpp
