//===- ConstructAttacher.cpp - A directive on its statement ---------------===//

#include "Analysis/ConstructAttacher.h"
#include "Analysis/CanonicalLoop.h"
#include "Analysis/ClauseCheck.h"
#include "Analysis/MapAnalysis.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace llvm;

namespace hpp {

namespace {

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

} // namespace

bool ConstructAttacher::attachLoop(Construct &C, const Stmt *S) {
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
  if (!checkClauseExpressions(AC, D, For, &C.ConstShape) || !analyzeMapItems(AC, D, For, C.Maps))
    return false;
  if (const Clause *Tile = D.findClause(ClauseKind::Tile);
      Tile && !checkTileSizes(AC, *Tile, C.ConstShape.Tile, Collapse))
    return false;
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

bool ConstructAttacher::attachScratch(Construct &C, const Stmt *S) {
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

static StringRef calleeName(const Expr *Callee) {
  Callee = Callee->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    return DRE->getDecl()->getName();
  if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(Callee))
    return ULE->getName().getAsIdentifierInfo()
               ? ULE->getName().getAsIdentifierInfo()->getName()
               : "";
  return "";
}

bool ConstructAttacher::attachAtomic(Construct &C, const Stmt *S) {
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

/// Stand-alone data directives occupy their line; their items are names
/// of the enclosing block, looked up where the next statement starts.
bool ConstructAttacher::attachDataDirective(Construct &C, const Directive &D) {
  C.Kind = D.Kind == DirectiveKind::EnterData  ? ConstructKind::EnterData
            : D.Kind == DirectiveKind::ExitData ? ConstructKind::ExitData
                                                : ConstructKind::Update;
  C.Range = SourceRange(D.PragmaLoc, D.EndLoc);
  unsigned Index = 0;
  const CompoundStmt *Block = AC.Locator.findEnclosingCompound(D.PragmaLoc, Index);
  if (!Block || Block->body_empty())
    return true; // Nothing to map in an empty block: no item names a local.
  const Stmt *At = Block->body_begin()[std::min<size_t>(Index, Block->size() - 1)];
  if (const Clause *Stream = D.findClause(ClauseKind::Stream))
    C.StreamText = Stream->Args[0].Text;
  return checkClauseExpressions(AC, D, At) && analyzeMapItems(AC, D, At, C.Maps);
}

std::unique_ptr<Construct> ConstructAttacher::attach(Directive &D) {
  auto C = std::make_unique<Construct>();
  C->Pragma = {D.PragmaLoc, D.KindLoc, D.EndLoc, getDirectiveSpelling(D.Kind)};
  C->Loc = D.PragmaLoc;
  AC.DirectiveOf[C.get()] = &D;
  StringRef Name = getDirectiveSpelling(D.Kind);
  if (!AC.Locator.isInFunctionBody(D.PragmaLoc)) {
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
  if (D.Kind == DirectiveKind::EnterData || D.Kind == DirectiveKind::ExitData ||
      D.Kind == DirectiveKind::Update)
    return attachDataDirective(*C, D) ? std::move(C) : nullptr;
  const LocatedStmt *LS = AC.Locator.findStmtAfter(D.EndLoc);
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
  case DirectiveKind::Data:
    C->Kind = ConstructKind::Data;
    Ok = checkClauseExpressions(AC, D, S) && analyzeMapItems(AC, D, S, C->Maps);
    if (const Clause *Stream = D.findClause(ClauseKind::Stream))
      C->StreamText = Stream->Args[0].Text;
    break;
  default:
    Ok = attachLoop(*C, S);
    break;
  }
  if (!Ok)
    return nullptr;
  AC.Located[C.get()] = LS;
  return C;
}

} // namespace hpp
