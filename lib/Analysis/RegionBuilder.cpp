//===- RegionBuilder.cpp - From directives to the region model ------------===//

#include "Analysis/RegionBuilder.h"
#include "Basic/ASTUtils.h"
#include "Analysis/Barriers.h"
#include "Analysis/CallGraph.h"
#include "Analysis/CanonicalLoop.h"
#include "Basic/Diagnostics.h"
#include "Analysis/StmtLocator.h"
#include "Analysis/UserReduction.h"
#include "Analysis/VariableUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// Offsets in the main file, for containment tests between constructs.
struct Span {
  unsigned Begin = 0, End = 0;
  bool contains(unsigned Offset) const { return Begin <= Offset && Offset < End; }
};

/// Finds `break`, `return`, `goto` and `throw` that leave a loop body.
class BranchOutFinder : public RecursiveASTVisitor<BranchOutFinder> {
public:
  BranchOutFinder(const SourceManager &SM, Span Body) : SM(SM), Body(Body) {}

  bool shouldVisitLambdaBody() const { return false; }

  const Stmt *Found = nullptr;
  StringRef What;

  bool TraverseForStmt(ForStmt *S) { return nested([&] { return RecursiveASTVisitor::TraverseForStmt(S); }); }
  bool TraverseWhileStmt(WhileStmt *S) { return nested([&] { return RecursiveASTVisitor::TraverseWhileStmt(S); }); }
  bool TraverseDoStmt(DoStmt *S) { return nested([&] { return RecursiveASTVisitor::TraverseDoStmt(S); }); }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) { return nested([&] { return RecursiveASTVisitor::TraverseCXXForRangeStmt(S); }); }
  bool TraverseSwitchStmt(SwitchStmt *S) { return nested([&] { return RecursiveASTVisitor::TraverseSwitchStmt(S); }); }
  /// A lambda's own return, break and throw stay inside the lambda.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  /// A throw in a try block is caught there when a handler of that try
  /// catches everything or the thrown type; a throw in a handler leaves it.
  bool TraverseCXXTryStmt(CXXTryStmt *S) {
    Tries.push_back(S);
    bool R = TraverseStmt(S->getTryBlock());
    Tries.pop_back();
    for (unsigned I = 0; R && I < S->getNumHandlers(); ++I)
      R = TraverseStmt(S->getHandler(I)->getHandlerBlock());
    return R;
  }
  bool VisitBreakStmt(BreakStmt *S) { return Depth ? true : found(S, "break"); }
  bool VisitReturnStmt(ReturnStmt *S) { return found(S, "return"); }
  bool VisitCXXThrowExpr(CXXThrowExpr *S) {
    return isCaught(S) ? true : found(S, "throw");
  }
  bool VisitGotoStmt(GotoStmt *S) {
    SourceLocation L = S->getLabel()->getStmt()
                           ? S->getLabel()->getStmt()->getBeginLoc()
                           : S->getLabel()->getLocation();
    return Body.contains(SM.getFileOffset(SM.getExpansionLoc(L))) ? true
                                                                  : found(S, "goto");
  }

private:
  template <class Fn> bool nested(Fn F) {
    ++Depth;
    bool R = F();
    --Depth;
    return R;
  }
  bool found(const Stmt *S, StringRef W) {
    Found = S;
    What = W;
    return false;
  }
  bool isCaught(const CXXThrowExpr *Throw) const {
    const Expr *E = Throw->getSubExpr();
    QualType Thrown = E ? E->getType().getUnqualifiedType() : QualType();
    for (const CXXTryStmt *Try : Tries)
      for (unsigned I = 0; I < Try->getNumHandlers(); ++I) {
        QualType Caught = Try->getHandler(I)->getCaughtType();
        if (Caught.isNull())
          return true; // catch (...)
        Caught = Caught.getNonReferenceType().getUnqualifiedType();
        if (Thrown.isNull())
          continue;
        if (Caught.getCanonicalType() == Thrown.getCanonicalType())
          return true;
        const auto *From = Thrown->getAsCXXRecordDecl();
        const auto *To = Caught->getAsCXXRecordDecl();
        if (From && To && From->hasDefinition() && From->isDerivedFrom(To))
          return true;
      }
    return false;
  }

  const SourceManager &SM;
  Span Body;
  unsigned Depth = 0;
  SmallVector<const CXXTryStmt *, 2> Tries;
};

/// Finds `sizeof(V)` or `alignof(V)` of a variable.
class SizeofFinder : public RecursiveASTVisitor<SizeofFinder> {
public:
  explicit SizeofFinder(const VarDecl *V) : V(V) {}
  const UnaryExprOrTypeTraitExpr *Found = nullptr;
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (!E->isArgumentType() && getReferencedVar(E->getArgumentExpr()) == V && !Found)
      Found = E;
    return true;
  }

private:
  const VarDecl *V;
};

class Builder {
public:
  Builder(Sema &S, std::vector<Directive> &Directives, Diagnoser &Diags)
      : Ctx(S.getASTContext()), SM(Ctx.getSourceManager()), Directives(Directives),
        Diags(Diags), Locator(Ctx), UserResolver(S, Diags) {}

  TranslationModel run();

private:
  unsigned offset(SourceLocation L) const {
    return SM.getFileOffset(SM.getExpansionLoc(L));
  }
  Span spanOf(const Construct &C) const {
    return {offset(C.Range.getBegin()), offset(C.Range.getEnd())};
  }
  bool inside(const Construct &C, SourceLocation L) const {
    return spanOf(C).contains(offset(L));
  }
  /// Records that \p D was refused, with the first error reported since
  /// the log held \p LogIndex entries as the reason.
  void refuse(const Directive &D, size_t LogIndex) {
    RefusedDirective R;
    R.Loc = D.PragmaLoc;
    R.Line = getLine(D.PragmaLoc, SM);
    R.Kind = getDirectiveSpelling(D.Kind).str();
    if (LogIndex < Diags.errorCount())
      R.Reason = Diags.errorMessage(LogIndex);
    Model.Refused.push_back(R);
  }
  void notePragma(const Construct &C) {
    if (C.Pragma.isValid())
      Diags.report(C.Pragma.KindLoc, Diag::note_loop_pragma) << C.Pragma.Spelling;
  }
  /// The directive \p C was attached from (the model keeps only its
  /// pragma's range); not for inserted barriers.
  const Directive &dir(const Construct &C) const {
    const Directive *D = DirectiveOf.lookup(&C);
    assert(D && "construct without a directive");
    return *D;
  }

  std::unique_ptr<Construct> attach(Directive &D);
  bool attachLoop(Construct &C, const Stmt *S);
  bool attachScratch(Construct &C, const Stmt *S);
  bool attachAtomic(Construct &C, const Stmt *S);
  void buildRegion(std::unique_ptr<Construct> Root, const LocatedStmt *LS);

  bool checkNesting(Construct &C, const Construct &Root);
  bool checkStandalonePosition(const Construct &C);
  bool checkBranches(const Construct &Loop);
  bool resolveReductions(Construct &Loop);
  bool checkUserReductionAtomics(const Region &R);
  bool checkRaces(const Region &R);
  bool analyzeScratch(Region &R, Construct &C);
  bool analyzeSingle(const Region &R, Construct &C);
  bool analyzeScan(Construct &Sep);
  bool checkScanLoops(const Region &R);
  void collectCaptures(Region &R);

  ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<Directive> &Directives;
  Diagnoser &Diags;
  StmtLocator Locator;
  UserReductionResolver UserResolver;
  /// The calls the current region's user reductions make (join and init
  /// functions, reducer members), for the call graph.
  SmallVector<const Expr *, 8> UserReductionCalls;
  TranslationModel Model;
  /// The directive of each construct built from one, for its clauses.
  DenseMap<const Construct *, const Directive *> DirectiveOf;
  /// Statements each construct was attached to, for template instances.
  DenseMap<const Construct *, const LocatedStmt *> Located;
  SmallPtrSet<const Expr *, 8> ReportedWrites;
  /// Directives that could not be attached: the region around one is
  /// refused without further errors about the same code.
  SmallVector<unsigned, 4> FailedDirectives;
};

/// Loop statement of a collapsed level: the body itself, or the only
/// statement of a compound body.
const ForStmt *nestedLoop(const Stmt *Body) {
  if (const auto *F = dyn_cast<ForStmt>(Body))
    return F;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    if (CS->size() == 1)
      return dyn_cast<ForStmt>(CS->body_front());
  return nullptr;
}

LoopLevel toLevel(DirectiveKind K) {
  switch (K) {
  case DirectiveKind::Team:
    return LoopLevel::Team;
  case DirectiveKind::Thread:
    return LoopLevel::Thread;
  case DirectiveKind::Vector:
    return LoopLevel::Vector;
  case DirectiveKind::TeamVector:
    return LoopLevel::TeamVector;
  default:
    return LoopLevel::Flat;
  }
}

bool Builder::attachLoop(Construct &C, const Stmt *S) {
  const Directive &D = dir(C);
  const auto *For = dyn_cast<ForStmt>(S);
  if (!For) {
    Diags.report(S->getBeginLoc(), Diag::err_expected_for)
        << getDirectiveSpelling(D.Kind);
    return false;
  }
  C.Kind = ConstructKind::Loop;
  C.Level = toLevel(D.Kind);
  C.Simd = C.Level == LoopLevel::Vector || C.Level == LoopLevel::TeamVector ||
           (C.Level == LoopLevel::Flat && D.FlatIncludesVector);
  unsigned Collapse = 1;
  if (const Clause *CC = D.findClause(ClauseKind::Collapse))
    StringRef(CC->Args[0].Text).getAsInteger(0, Collapse);
  const ForStmt *Current = For;
  for (unsigned Level = 0; Level < Collapse; ++Level) {
    if (!Current) {
      Diags.report(D.findClause(ClauseKind::Collapse)->Loc,
                   Diag::err_collapse_not_nested)
          << Collapse;
      Diags.report(D.KindLoc, Diag::note_loop_pragma) << getDirectiveSpelling(D.Kind);
      return false;
    }
    std::optional<LoopDim> Dim = analyzeCanonicalLoop(Current, D, Ctx, Diags);
    if (!Dim)
      return false;
    // Rectangular: inner bounds may not use outer collapsed indices.
    for (const LoopDim &Outer : C.Dims) {
      bool Uses = false;
      auto Check = [&](const Expr *E) {
        forEachVarRef(E, [&](const DeclRefExpr *R) {
          Uses |= R->getDecl() == Outer.Index;
        });
      };
      Check(Current->getCond());
      Check(cast<VarDecl>(cast<DeclStmt>(Current->getInit())->getSingleDecl())->getInit());
      if (Uses) {
        Diags.report(Current->getBeginLoc(), Diag::err_collapse_nonrectangular)
            << Outer.IndexName;
        Diags.report(D.KindLoc, Diag::note_loop_pragma) << getDirectiveSpelling(D.Kind);
        return false;
      }
    }
    C.Dims.push_back(std::move(*Dim));
    if (Level + 1 < Collapse)
      Current = nestedLoop(Current->getBody());
  }
  auto TextOf = [&](ClauseKind K) -> std::string {
    if (const Clause *Cl = D.findClause(K))
      if (Cl->Args.size() == 1 && Cl->Args[0].Text != "auto")
        return Cl->Args[0].Text;
    return "";
  };
  C.LeagueText = TextOf(ClauseKind::League);
  C.TeamSizeText = TextOf(ClauseKind::TeamSize);
  C.VectorLengthText = TextOf(ClauseKind::VectorLength);
  C.StreamText = TextOf(ClauseKind::Stream);
  if (const Clause *Tile = D.findClause(ClauseKind::Tile))
    for (const ClauseArg &A : Tile->Args)
      C.Tile.push_back(A.Text);
  C.Nowait = D.findClause(ClauseKind::Nowait) != nullptr;
  return true;
}

bool Builder::attachScratch(Construct &C, const Stmt *S) {
  const auto *DS = dyn_cast<DeclStmt>(S);
  const VarDecl *V = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  if (!V || !V->getType()->isArrayType() || !V->isLocalVarDecl()) {
    Diags.report(S->getBeginLoc(), Diag::err_expected_array_decl);
    return false;
  }
  if (!V->hasLocalStorage()) {
    Diags.report(V->getLocation(), Diag::err_scratch_not_automatic) << V->getName();
    return false;
  }
  if (const Expr *Init = V->getInit()) {
    // Arrays of class type get an implicit default construction; scratch
    // memory is not constructed, so only trivial construction is allowed.
    const auto *CE = dyn_cast<CXXConstructExpr>(Init);
    bool ImplicitDefault = CE && CE->getNumArgs() == 0 &&
                           !CE->isListInitialization() &&
                           CE->getParenOrBraceRange().isInvalid();
    if (!ImplicitDefault) {
      Diags.report(Init->getBeginLoc(), Diag::err_scratch_initializer)
          << V->getName();
      return false;
    }
    if (!CE->getConstructor()->isTrivial()) {
      Diags.report(V->getLocation(), Diag::err_scratch_element_ctor) << V->getName();
      return false;
    }
  }
  C.Kind = ConstructKind::Scratch;
  return true;
}

StringRef calleeName(const Expr *Callee) {
  Callee = Callee->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    return DRE->getDecl()->getName();
  if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(Callee))
    return ULE->getName().getAsIdentifierInfo()
               ? ULE->getName().getAsIdentifierInfo()->getName()
               : "";
  return "";
}

bool Builder::attachAtomic(Construct &C, const Stmt *S) {
  C.Kind = ConstructKind::Atomic;
  const Expr *E = dyn_cast<Expr>(S);
  if (E)
    E = E->IgnoreImplicit()->IgnoreParens();
  auto Text = [&](const Expr *X) { return getSourceText(X->getSourceRange(), Ctx); };
  auto Fail = [&] {
    Diags.report(S->getBeginLoc(), Diag::err_atomic_form);
    return false;
  };
  if (!E)
    return Fail();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    C.AtomicVar = getReferencedVar(UO->getSubExpr());
  else if (const auto *BO = dyn_cast<BinaryOperator>(E))
    C.AtomicVar = getReferencedVar(BO->getLHS());
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (!UO->isIncrementDecrementOp())
      return Fail();
    C.Atomic = UO->isIncrementOp() ? AtomicOp::Inc : AtomicOp::Dec;
    C.AtomicTarget = Text(UO->getSubExpr());
    C.AtomicValue = "1";
    return true;
  }
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(E)) {
    static const std::pair<BinaryOperatorKind, AtomicOp> Ops[] = {
        {BO_AddAssign, AtomicOp::Add}, {BO_SubAssign, AtomicOp::Sub},
        {BO_MulAssign, AtomicOp::Mul}, {BO_DivAssign, AtomicOp::Div},
        {BO_AndAssign, AtomicOp::BitAnd}, {BO_OrAssign, AtomicOp::BitOr},
        {BO_XorAssign, AtomicOp::BitXor}, {BO_ShlAssign, AtomicOp::Shl},
        {BO_ShrAssign, AtomicOp::Shr}};
    for (auto [K, Op] : Ops)
      if (CA->getOpcode() == K) {
        C.Atomic = Op;
        C.AtomicTarget = Text(CA->getLHS());
        C.AtomicValue = Text(CA->getRHS());
        return true;
      }
    return Fail();
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || BO->getOpcode() != BO_Assign)
    return Fail();
  std::string Target = Text(BO->getLHS());
  const Expr *RHS = BO->getRHS()->IgnoreParenImpCasts();
  C.AtomicTarget = Target;
  if (const auto *Op = dyn_cast<BinaryOperator>(RHS)) {
    static const std::pair<BinaryOperatorKind, AtomicOp> Ops[] = {
        {BO_Add, AtomicOp::Add}, {BO_Sub, AtomicOp::Sub},
        {BO_Mul, AtomicOp::Mul}, {BO_Div, AtomicOp::Div},
        {BO_And, AtomicOp::BitAnd}, {BO_Or, AtomicOp::BitOr},
        {BO_Xor, AtomicOp::BitXor}};
    for (auto [K, AOp] : Ops) {
      if (Op->getOpcode() != K)
        continue;
      bool Commutes = K != BO_Sub && K != BO_Div;
      if (Text(Op->getLHS()) == Target) {
        C.Atomic = AOp;
        C.AtomicValue = Text(Op->getRHS());
        return true;
      }
      if (Commutes && Text(Op->getRHS()) == Target) {
        C.Atomic = AOp;
        C.AtomicValue = Text(Op->getLHS());
        return true;
      }
    }
    return Fail();
  }
  if (const auto *Call = dyn_cast<CallExpr>(RHS)) {
    StringRef Name = calleeName(Call->getCallee());
    bool IsMin = Name == "min" || Name == "fmin" || Name == "fminf";
    bool IsMax = Name == "max" || Name == "fmax" || Name == "fmaxf";
    if ((IsMin || IsMax) && Call->getNumArgs() == 2) {
      C.Atomic = IsMin ? AtomicOp::Min : AtomicOp::Max;
      C.AtomicFunction = Name.str();
      if (Text(Call->getArg(0)) == Target) {
        C.AtomicValue = Text(Call->getArg(1));
        return true;
      }
      if (Text(Call->getArg(1)) == Target) {
        C.AtomicValue = Text(Call->getArg(0));
        return true;
      }
    }
  }
  return Fail();
}

std::unique_ptr<Construct> Builder::attach(Directive &D) {
  auto C = std::make_unique<Construct>();
  C->Pragma = {D.PragmaLoc, D.KindLoc, D.EndLoc, getDirectiveSpelling(D.Kind)};
  C->Loc = D.PragmaLoc;
  DirectiveOf[C.get()] = &D;
  StringRef Name = getDirectiveSpelling(D.Kind);
  if (!Locator.isInFunctionBody(D.PragmaLoc)) {
    Diags.report(D.KindLoc, Diag::err_pragma_outside_function) << Name;
    return nullptr;
  }
  // Stand-alone directives occupy their own line.
  if (D.Kind == DirectiveKind::Barrier || D.Kind == DirectiveKind::Scan) {
    C->Kind = D.Kind == DirectiveKind::Barrier ? ConstructKind::Barrier
                                               : ConstructKind::Scan;
    C->Range = SourceRange(D.PragmaLoc, D.EndLoc);
    if (C->Kind == ConstructKind::Scan) {
      const Clause *Inc = D.findClause(ClauseKind::Inclusive);
      C->Inclusive = Inc != nullptr;
      const Clause *Which = Inc ? Inc : D.findClause(ClauseKind::Exclusive);
      for (const ClauseArg &A : Which->Args)
        C->ScanVars.push_back(A.Text);
    }
    return C;
  }
  const LocatedStmt *LS = Locator.findStmtAfter(D.EndLoc);
  if (!LS) {
    Diags.report(D.KindLoc, Diag::err_expected_statement) << Name;
    return nullptr;
  }
  const Stmt *S = LS->Written;
  C->S = S;
  C->Range = SourceRange(D.PragmaLoc, getEndOfStmt(S, Ctx));
  bool Ok = false;
  switch (D.Kind) {
  case DirectiveKind::Scratch:
    Ok = attachScratch(*C, S);
    break;
  case DirectiveKind::Single:
    C->Kind = ConstructKind::Single;
    if (isa<DeclStmt>(S)) {
      Diags.report(S->getBeginLoc(), Diag::err_single_declaration);
      return nullptr;
    }
    if (const Clause *P = D.findClause(ClauseKind::Per))
      C->PerThread = P->Args[0].Text == "thread";
    Ok = true;
    break;
  case DirectiveKind::Atomic:
    Ok = attachAtomic(*C, S);
    break;
  default:
    Ok = attachLoop(*C, S);
    break;
  }
  if (!Ok)
    return nullptr;
  Located[C.get()] = LS;
  return C;
}

bool Builder::checkNesting(Construct &C, const Construct &Root) {
  const Construct *Loop = C.enclosingLoop();
  StringRef Name = getDirectiveSpelling(dir(C).Kind);
  // Enclosing loops are named as the user wrote them.
  StringRef Outer = Loop ? getDirectiveSpelling(dir(*Loop).Kind) : "";
  auto Fail = [&](Diag D) {
    auto B = Diags.report(dir(C).KindLoc, D);
    B << Name;
    if (D != Diag::err_needs_enclosing_team)
      B << Outer;
    B.~DiagnosticBuilder();
    if (Loop && D != Diag::err_needs_enclosing_team)
      notePragma(*Loop);
    return false;
  };
  bool TeamRegion = Root.Level == LoopLevel::Team;
  bool AtTeamLevel = TeamRegion && Loop == &Root;
  switch (C.Kind) {
  case ConstructKind::Loop:
    if (!Loop)
      return true;
    if (C.Level == LoopLevel::Team || C.Level == LoopLevel::Flat ||
        Loop->Level == LoopLevel::Flat || Loop->Level == LoopLevel::Vector ||
        Loop->Level == LoopLevel::TeamVector ||
        ((C.Level == LoopLevel::Thread || C.Level == LoopLevel::TeamVector) &&
         Loop->Level != LoopLevel::Team))
      return Fail(Diag::err_nesting);
    for (const Construct *P = C.Parent; P; P = P->Parent)
      if (P->Kind == ConstructKind::Single) {
        Diags.report(dir(C).KindLoc, Diag::err_loop_in_single) << Name;
        return false;
      }
    // Clauses that size the launch belong to the outermost loop.
    for (ClauseKind K : {ClauseKind::League, ClauseKind::TeamSize,
                         ClauseKind::VectorLength, ClauseKind::Stream,
                         ClauseKind::Nowait})
      if (const Clause *Cl = dir(C).findClause(K)) {
        Diags.report(Cl->Loc, Diag::err_clause_level) << getClauseSpelling(K);
        return false;
      }
    return true;
  case ConstructKind::Scratch:
  case ConstructKind::Barrier:
    if (!TeamRegion)
      return Fail(Diag::err_needs_enclosing_team);
    if (!AtTeamLevel)
      return Fail(Diag::err_not_at_team_level);
    return checkStandalonePosition(C);
  case ConstructKind::Single:
    if (!TeamRegion)
      return Fail(Diag::err_needs_enclosing_team);
    if (!AtTeamLevel && !(C.PerThread && Loop->Level == LoopLevel::Thread))
      return Fail(Diag::err_not_at_team_level);
    return true;
  case ConstructKind::Scan:
    return checkStandalonePosition(C);
  case ConstructKind::Atomic:
    return true;
  }
  return true;
}

bool Builder::checkStandalonePosition(const Construct &C) {
  if (C.Kind != ConstructKind::Barrier && C.Kind != ConstructKind::Scan)
    return true;
  // The directive must sit between the statements of a block, not be the
  // body of an if or a loop without braces (it would be conditional).
  unsigned Index = 0;
  const CompoundStmt *CS = Locator.findEnclosingCompound(C.Loc, Index);
  if (CS && Index > 0) {
    const Stmt *Before = CS->body_begin()[Index - 1];
    if (offset(getEndOfStmt(Before, Ctx)) <= offset(C.Loc))
      return true;
  } else if (CS) {
    return true;
  }
  Diags.report(dir(C).KindLoc, Diag::err_standalone_position)
      << getDirectiveSpelling(dir(C).Kind);
  return false;
}

bool Builder::checkBranches(const Construct &Loop) {
  const Stmt *Body = Loop.Dims.back().Loop->getBody();
  Span BodySpan{offset(Body->getBeginLoc()), offset(getEndOfStmt(Body, Ctx))};
  BranchOutFinder F(SM, BodySpan);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  if (!F.Found)
    return true;
  Diags.report(F.Found->getBeginLoc(), Diag::err_branch_out) << F.What;
  notePragma(Loop);
  return false;
}

bool Builder::resolveReductions(Construct &Loop) {
  const Stmt *Body = Loop.Dims.back().Loop->getBody();
  Span LoopSpan = spanOf(Loop);
  auto Find = [&](const ClauseArg &A) -> const VarDecl * {
    const VarDecl *Found = nullptr;
    bool Local = false;
    forEachVarRef(Body, [&](const DeclRefExpr *R) {
      const auto *V = dyn_cast<VarDecl>(R->getDecl());
      if (!V || V->getName() != A.Text || Found)
        return;
      if (LoopSpan.contains(offset(V->getLocation())))
        Local = true;
      else
        Found = V;
    });
    if (!Found)
      Diags.report(A.Loc, Local ? Diag::err_reduction_var_local
                                : Diag::err_reduction_var_unknown)
          << A.Text;
    return Found;
  };
  bool Ok = true;
  SmallPtrSet<const VarDecl *, 4> Seen;
  for (const Clause *Cl : dir(Loop).findClauses(ClauseKind::Reduction)) {
    SmallVector<const VarDecl *, 2> Vars;
    for (const ClauseArg &A : Cl->Args) {
      const VarDecl *V = Find(A);
      if (!V) {
        Ok = false;
        continue;
      }
      QualType T = V->getType().getNonReferenceType();
      bool Bitwise = Cl->Op == ReductionOp::BitAnd || Cl->Op == ReductionOp::BitOr ||
                     Cl->Op == ReductionOp::BitXor;
      bool IsLocIndex = isLocReduction(Cl->Op) && !Vars.empty();
      // User reductions check their own types (UserReduction.cpp).
      bool User = Cl->Op == ReductionOp::User;
      if (!User && !T->isDependentType() && !T->isArithmeticType()) {
        Diags.report(A.Loc, Diag::err_reduction_var_type)
            << A.Text << getReductionOpSpelling(Cl->Op);
        Ok = false;
        continue;
      }
      if (!T->isDependentType() && (Bitwise || IsLocIndex) && !T->isIntegerType()) {
        Diags.report(A.Loc, Diag::err_reduction_var_integer)
            << A.Text << getReductionOpSpelling(Cl->Op) << IsLocIndex;
        Ok = false;
        continue;
      }
      if (!Seen.insert(V).second) {
        Diags.report(A.Loc, Diag::err_reduction_duplicate) << A.Text;
        Ok = false;
        continue;
      }
      Vars.push_back(V);
    }
    if (!Ok)
      continue;
    if (isLocReduction(Cl->Op)) {
      if (llvm::any_of(Loop.Dims, [](const LoopDim &D) { return D.Step < 0; }))
        Diags.report(Cl->Loc, Diag::warn_loc_downward) << getReductionOpSpelling(Cl->Op);
      ReductionVar RV;
      RV.Op = Cl->Op;
      RV.Var = Vars[0];
      RV.IndexVar = Vars[1];
      RV.Name = Cl->Args[0].Text;
      RV.IndexName = Cl->Args[1].Text;
      RV.TypeName = getTypeName(Vars[0]->getType(), Ctx);
      RV.InScan = Cl->InScan;
      RV.Loc = Cl->Loc;
      Loop.Reductions.push_back(RV);
      continue;
    }
    for (unsigned I = 0; I < Vars.size(); ++I) {
      ReductionVar RV;
      RV.Op = Cl->Op;
      RV.Var = Vars[I];
      RV.Name = Cl->Args[I].Text;
      RV.TypeName = getTypeName(Vars[I]->getType(), Ctx);
      RV.InScan = Cl->InScan;
      RV.Loc = Cl->Args[I].Loc;
      if (RV.Op == ReductionOp::User) {
        const LocatedStmt *LS = Located.lookup(&Loop);
        ArrayRef<const Stmt *> Instances;
        if (LS)
          Instances = LS->Instances;
        if (!UserResolver.resolve(*Cl, Loop.S, Instances, RV, UserReductionCalls)) {
          notePragma(Loop);
          Ok = false;
          continue;
        }
      }
      Loop.Reductions.push_back(RV);
    }
  }
  return Ok;
}

/// An atomic update of a user reduction's variable (or of one of its
/// members) inside the loop that reduces it: each thread updates a private
/// copy that the reduction's join combines, so an atomic means nothing there
/// and cannot be generated for a class type.
bool Builder::checkUserReductionAtomics(const Region &R) {
  bool Ok = true;
  R.forEachConstruct([&](const Construct &A) {
    if (A.Kind != ConstructKind::Atomic)
      return;
    for (const Construct *L = A.enclosingLoop(); L; L = L->enclosingLoop())
      for (const ReductionVar &RV : L->Reductions)
        if (RV.Op == ReductionOp::User && isWrittenIn(RV.Var, A.S)) {
          Diags.report(A.S->getBeginLoc(), Diag::err_user_reduction_atomic) << RV.Name;
          notePragma(*L);
          Ok = false;
          return;
        }
  });
  return Ok;
}

bool Builder::checkRaces(const Region &R) {
  bool Ok = true;
  SmallVector<const Construct *, 4> Atomics;
  R.forEachConstruct([&](const Construct &C) {
    if (C.Kind == ConstructKind::Atomic)
      Atomics.push_back(&C);
  });
  R.forEachConstruct([&](const Construct &Loop) {
    if (!Loop.isLoop())
      return;
    Span LoopSpan = spanOf(Loop);
    SmallVector<VarWrite, 16> Writes;
    collectWrites(Loop.Dims.back().Loop->getBody(), Writes);
    for (const VarWrite &W : Writes) {
      const VarDecl *V = W.Var;
      if (LoopSpan.contains(offset(V->getLocation())) && !V->hasGlobalStorage())
        continue;
      if (V->getType()->isReferenceType() && !V->hasGlobalStorage() &&
          LoopSpan.contains(offset(V->getLocation())))
        continue;
      bool Reduced = llvm::any_of(Loop.Reductions, [&](const ReductionVar &RV) {
        return RV.Var == V || RV.IndexVar == V;
      });
      if (Reduced)
        continue;
      bool InAtomic = llvm::any_of(Atomics, [&](const Construct *A) {
        return inside(*A, W.At->getExprLoc()) && inside(Loop, A->Loc);
      });
      if (InAtomic)
        continue;
      if (!ReportedWrites.insert(W.At).second)
        continue;
      Diags.report(W.At->getExprLoc(), Diag::err_race) << V->getName();
      notePragma(Loop);
      Ok = false;
    }
  });
  return Ok;
}

bool Builder::analyzeScratch(Region &R, Construct &C) {
  const auto *V = cast<VarDecl>(cast<DeclStmt>(C.S)->getSingleDecl());
  ScratchArray A;
  A.Var = V;
  A.Decl = cast<DeclStmt>(C.S);
  A.Name = V->getName().str();
  if (const Clause *L = dir(C).findClause(ClauseKind::Level))
    StringRef(L->Args[0].Text).getAsInteger(0, A.Level);
  if (const Clause *P = dir(C).findClause(ClauseKind::Per))
    A.PerThread = P->Args[0].Text == "thread";
  QualType T = V->getType();
  A.IsConstantSize = true;
  bool First = true;
  Span RegionSpan = spanOf(*R.Root);
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    std::string Extent;
    const Expr *SizeExpr = nullptr;
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
      Extent = std::to_string(CAT->getSize().getZExtValue());
    else if (const auto *VAT = dyn_cast<VariableArrayType>(AT))
      SizeExpr = VAT->getSizeExpr();
    else if (const auto *DAT = dyn_cast<DependentSizedArrayType>(AT))
      SizeExpr = DAT->getSizeExpr();
    if (SizeExpr) {
      A.IsConstantSize = false;
      if (!First) {
        Diags.report(SizeExpr->getBeginLoc(), Diag::err_scratch_vla_inner) << A.Name;
        return false;
      }
      Extent = getSourceText(SizeExpr->getSourceRange(), Ctx);
      bool Ok = true;
      forEachVarRef(SizeExpr, [&](const DeclRefExpr *Ref) {
        if (Ok && RegionSpan.contains(offset(Ref->getDecl()->getLocation()))) {
          Diags.report(Ref->getLocation(), Diag::err_scratch_extent_not_invariant)
              << A.Name << Ref->getDecl()->getName();
          notePragma(*R.Root);
          Ok = false;
        }
      });
      if (!Ok)
        return false;
    }
    A.Extents.push_back(Extent);
    T = AT->getElementType();
    First = false;
  }
  // In translated code the array becomes a pointer, so sizeof would change
  // meaning silently.
  SizeofFinder Sizeof(V);
  Sizeof.TraverseStmt(const_cast<Stmt *>(R.Root->S));
  bool SizeofOk = !Sizeof.Found;
  if (Sizeof.Found)
    Diags.report(Sizeof.Found->getBeginLoc(), Diag::err_scratch_sizeof) << A.Name;
  if (!SizeofOk)
    return false;
  A.ElementType = getTypeName(T, Ctx);
  if (A.IsConstantSize && !V->getType()->isDependentType())
    A.ConstantBytes = Ctx.getTypeSizeInChars(V->getType()).getQuantity();
  A.BytesExpr = "sizeof(" + A.ElementType + ")";
  for (const std::string &E : A.Extents)
    A.BytesExpr += " * (" + E + ")";
  C.ScratchIndex = R.Scratch.size();
  R.Scratch.push_back(std::move(A));
  return true;
}

bool Builder::analyzeSingle(const Region &R, Construct &C) {
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
  return true;
}

bool Builder::analyzeScan(Construct &Sep) {
  const Construct *LoopC = Sep.enclosingLoop();
  auto Placement = [&] {
    Diags.report(dir(Sep).KindLoc, Diag::err_scan_placement);
    return false;
  };
  if (!LoopC)
    return Placement();
  auto &Loop = const_cast<Construct &>(*LoopC);
  for (const std::string &Name : Sep.ScanVars) {
    bool Found = llvm::any_of(Loop.Reductions, [&](const ReductionVar &RV) {
      return RV.InScan && RV.Name == Name;
    });
    if (!Found) {
      Diags.report(dir(Sep).KindLoc, Diag::err_scan_var_not_inscan) << Name;
      return false;
    }
  }
  for (const ReductionVar &RV : Loop.Reductions)
    if (RV.InScan && !llvm::is_contained(Sep.ScanVars, RV.Name)) {
      Diags.report(dir(Sep).KindLoc, Diag::err_inscan_mixed);
      return false;
    }
  unsigned Index = 0;
  const CompoundStmt *CS = Locator.findEnclosingCompound(Sep.Loc, Index);
  if (!CS || CS != Loop.Dims.back().Loop->getBody())
    return Placement();
  if (Loop.ScanSeparator)
    return Placement();
  if (Loop.Level == LoopLevel::Team) {
    Diags.report(dir(Sep).KindLoc, Diag::err_scan_level);
    return false;
  }
  Loop.ScanSeparator = &Sep;
  Loop.ScanBody = CS;
  Loop.ScanSplit = Index;
  // The input phase may run twice (once to reduce, once to scan): it may
  // only update the scan variables.
  auto Body = CS->body();
  SmallVector<const Stmt *, 8> Children(Body.begin(), Body.end());
  unsigned Begin = Sep.Inclusive ? 0 : Index;
  unsigned End = Sep.Inclusive ? Index : Children.size();
  for (unsigned I = Begin; I < End; ++I) {
    const Stmt *S = Children[I];
    Span Phase{offset(S->getBeginLoc()), offset(getEndOfStmt(S, Ctx))};
    SmallVector<VarWrite, 8> Writes;
    collectWrites(S, Writes);
    for (const VarWrite &W : Writes) {
      bool IsScanVar = llvm::is_contained(Sep.ScanVars, W.Var->getName().str());
      if (!IsScanVar && !Phase.contains(offset(W.Var->getLocation()))) {
        Diags.report(W.At->getExprLoc(), Diag::err_scan_input_phase)
            << W.Var->getName();
        return false;
      }
    }
    if (const Expr *M = findMemoryWrite(S)) {
      const Expr *Target = M;
      if (const auto *BO = dyn_cast<BinaryOperator>(M))
        Target = BO->getLHS();
      else if (const auto *UO = dyn_cast<UnaryOperator>(M))
        Target = UO->getSubExpr();
      Diags.report(M->getExprLoc(), Diag::err_scan_input_phase)
          << getSourceText(Target->getSourceRange(), Ctx);
      return false;
    }
    if (const CallExpr *CE = findImpureCall(S)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      Diags.report(CE->getBeginLoc(), Diag::err_scan_input_call)
          << (FD ? FD->getQualifiedNameAsString() : "a function pointer");
      return false;
    }
  }
  return true;
}

bool Builder::checkScanLoops(const Region &R) {
  bool Ok = true;
  R.forEachConstruct([&](const Construct &C) {
    if (!C.isLoop() || C.ScanSeparator)
      return;
    for (const ReductionVar &RV : C.Reductions)
      if (RV.InScan) {
        Diags.report(RV.Loc, Diag::err_scan_missing);
        Ok = false;
        return;
      }
  });
  return Ok;
}

void Builder::collectCaptures(Region &R) {
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
}

void Builder::buildRegion(std::unique_ptr<Construct> Root, const LocatedStmt *LS) {
  Region R;
  R.Id = Model.Regions.size() + 1;
  R.Function = LS->Function;
  R.Instantiations.assign(LS->Instances.begin(), LS->Instances.end());
  R.Line = getLine(Root->Loc, SM);
  std::string Label = dir(*Root).label();
  R.HasUserName = !Label.empty();
  if (Label.empty()) {
    std::string Fn = R.Function ? R.Function->getNameAsString() : "region";
    if (Fn.empty() || !isalpha(static_cast<unsigned char>(Fn[0])))
      Fn = "region";
    Label = Fn + "_L" + std::to_string(R.Line);
  }
  R.Name = Label;
  R.Root = std::move(Root);

  size_t ErrorsBefore = Diags.errorCount();
  for (unsigned Failed : FailedDirectives)
    if (spanOf(*R.Root).contains(Failed)) {
      refuse(dir(*R.Root), Diags.errorCount());
      return;
    }
  bool Ok = true;
  UserReductionCalls.clear();
  SmallVector<Construct *, 16> All;
  std::function<void(Construct &)> Collect = [&](Construct &C) {
    All.push_back(&C);
    for (auto &Child : C.Children)
      Collect(*Child);
  };
  Collect(*R.Root);
  for (Construct *C : All)
    Ok &= checkNesting(*C, *R.Root);
  // A vector loop directly at team level spans the whole team's threads
  // and lanes (TeamVectorRange).
  for (Construct *C : All)
    if (C->isLoop() && C->Level == LoopLevel::Vector && C->enclosingLoop() == R.Root.get())
      C->Level = LoopLevel::TeamVector;
  if (Ok)
    for (Construct *C : All)
      if (C->isLoop()) {
        Ok &= checkBranches(*C);
        Ok &= resolveReductions(*C);
      }
  if (Ok)
    for (Construct *C : All) {
      if (C->Kind == ConstructKind::Scratch)
        Ok &= analyzeScratch(R, *C);
      else if (C->Kind == ConstructKind::Single)
        Ok &= analyzeSingle(R, *C);
      else if (C->Kind == ConstructKind::Scan)
        Ok &= analyzeScan(*C);
    }
  if (Ok)
    Ok &= checkScanLoops(R);
  if (Ok)
    Ok &= checkUserReductionAtomics(R);
  if (Ok)
    Ok &= checkRaces(R);
  if (Ok) {
    collectCaptures(R);
    // Calls are collected from the code as written and from every
    // template instantiation, where dependent calls are resolved.
    Ok &= collectCalledFunctions(R.Root->S, R, Ctx, Diags);
    for (const Stmt *Inst : R.Instantiations)
      Ok &= collectCalledFunctions(Inst, R, Ctx, Diags);
    // What the user reductions call is called from the region too.
    for (const Expr *Call : UserReductionCalls)
      Ok &= collectCalledFunctions(Call, R, Ctx, Diags);
  }
  if (Ok)
    insertTeamBarriers(R, Ctx);
  if (!Ok || Diags.errorCount() != ErrorsBefore) {
    refuse(dir(*R.Root), ErrorsBefore);
    return;
  }
  Model.Regions.push_back(std::move(R));
}

TranslationModel Builder::run() {
  // Attach directives in source order, then nest by containment.
  std::vector<Directive *> Ordered;
  for (Directive &D : Directives)
    Ordered.push_back(&D);
  llvm::sort(Ordered, [&](const Directive *A, const Directive *B) {
    return SM.isBeforeInTranslationUnit(A->PragmaLoc, B->PragmaLoc);
  });
  std::vector<std::unique_ptr<Construct>> Roots;
  SmallVector<Construct *, 8> Stack;
  for (Directive *D : Ordered) {
    size_t ErrorsBefore = Diags.errorCount();
    std::unique_ptr<Construct> C = attach(*D);
    if (!C) {
      if (Diags.errorCount() != ErrorsBefore)
        refuse(*D, ErrorsBefore);
      FailedDirectives.push_back(offset(D->PragmaLoc));
      continue;
    }
    D->Consumed = true;
    unsigned At = offset(C->Loc);
    while (!Stack.empty() && !spanOf(*Stack.back()).contains(At))
      Stack.pop_back();
    Construct *Raw = C.get();
    if (Stack.empty()) {
      Roots.push_back(std::move(C));
    } else {
      C->Parent = Stack.back();
      Stack.back()->Children.push_back(std::move(C));
    }
    if (Raw->S)
      Stack.push_back(Raw);
  }
  for (std::unique_ptr<Construct> &Root : Roots) {
    if (Root->isLoop()) {
      if (Root->Level == LoopLevel::Team || Root->Level == LoopLevel::Flat) {
        const LocatedStmt *LS = Located.lookup(Root.get());
        buildRegion(std::move(Root), LS);
        continue;
      }
      size_t LogIndex = Diags.errorCount();
      Diags.report(dir(*Root).KindLoc, Diag::err_needs_enclosing_team)
          << getDirectiveSpelling(dir(*Root).Kind);
      refuse(dir(*Root), LogIndex);
      continue;
    }
    if (Root->Kind == ConstructKind::Atomic) {
      Model.FreeAtomics.push_back(std::move(Root));
      continue;
    }
    size_t LogIndex = Diags.errorCount();
    if (Root->Kind == ConstructKind::Scan) {
      Diags.report(dir(*Root).KindLoc, Diag::err_scan_placement);
    } else {
      Diags.report(dir(*Root).KindLoc, Diag::err_needs_enclosing_team)
          << getDirectiveSpelling(dir(*Root).Kind);
    }
    refuse(dir(*Root), LogIndex);
  }
  return std::move(Model);
}

} // namespace

TranslationModel buildRegions(Sema &S, std::vector<Directive> &Directives,
                              Diagnoser &Diags) {
  return Builder(S, Directives, Diags).run();
}

} // namespace hpp
