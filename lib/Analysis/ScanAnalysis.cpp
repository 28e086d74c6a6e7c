//===- ScanAnalysis.cpp - Scan separators and their loops -----------------===//

#include "Analysis/ScanAnalysis.h"
#include "Analysis/ItemElements.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace llvm;

namespace hpp {

/// What a writing expression writes: the left side of an assignment, the
/// operand of an increment, the first argument of an assignment operator
/// call; the expression itself otherwise (a call writing through an
/// argument).
static const Expr *writtenTarget(const Expr *Write) {
  if (const auto *BO = dyn_cast<BinaryOperator>(Write))
    return BO->getLHS();
  if (const auto *UO = dyn_cast<UnaryOperator>(Write))
    return UO->getSubExpr();
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Write); OC && OC->getNumArgs())
    return OC->getArg(0);
  return Write;
}

bool ScanAnalyzer::analyzeSeparator(Construct &Sep) {
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
  const CompoundStmt *CS = AC.Locator.findEnclosingCompound(Sep.Loc, Index);
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
  for (const Stmt *S : Loop.scanInputPhase()) {
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
      Diags.report(M->getExprLoc(), Diag::err_scan_input_phase)
          << diagnosticText(writtenTarget(M)->getSourceRange(), Ctx);
      return false;
    }
    if (const CallExpr *CE = findImpureCall(S)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      Diags.report(CE->getBeginLoc(), Diag::err_scan_input_call)
          << (FD ? FD->getQualifiedNameAsString() : "a function pointer");
      return false;
    }
  }
  if (Sep.Inclusive)
    return true;
  return collectInputDecls(Loop, Sep.ScanVars) && checkScanPhaseWrites(Loop);
}

/// Whether \p ScanPhase is the scan phase of a lowered parallel_scan call
/// (Frontend/Api/ScanLowering.cpp): one block that starts by declaring
/// `hpp_prefix` and holds the body with `final` true.
static bool isLoweredApiScan(ArrayRef<const Stmt *> ScanPhase) {
  const auto *CS = ScanPhase.size() == 1 ? dyn_cast<CompoundStmt>(ScanPhase[0]) : nullptr;
  const auto *DS = CS && !CS->body_empty() ? dyn_cast<DeclStmt>(CS->body_front()) : nullptr;
  const auto *V = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  return V && V->getName() == "hpp_prefix";
}

const VarDecl *apiScanPhaseCopy(ArrayRef<const Stmt *> ScanPhase) {
  if (!isLoweredApiScan(ScanPhase))
    return nullptr;
  // { T hpp_prefix = partial; { T partial = hpp_prefix; ... } }
  const auto *Outer = cast<CompoundStmt>(ScanPhase[0]);
  if (Outer->size() < 2)
    return nullptr;
  const auto *Inner = dyn_cast<CompoundStmt>(Outer->body_begin()[1]);
  const auto *DS = Inner && !Inner->body_empty() ? dyn_cast<DeclStmt>(Inner->body_front())
                                                 : nullptr;
  return DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
}

/// In a phase of a lowered parallel_scan (`{ ...; { T partial...; const
/// bool final = ...; body } ... }`), the first statement of its copy of
/// the body; null in any other phase.
static const Stmt *apiBodyCopy(ArrayRef<const Stmt *> Phase) {
  const auto *Outer = Phase.size() == 1 ? dyn_cast<CompoundStmt>(Phase[0]) : nullptr;
  const auto *Inner =
      Outer && Outer->size() >= 2 ? dyn_cast<CompoundStmt>(Outer->body_begin()[1]) : nullptr;
  return Inner && Inner->size() >= 3 ? Inner->body_begin()[2] : nullptr;
}

/// Whether \p S has a loop or a jump that could run \p Inner again.
static bool mayRepeat(const Stmt *S, const Stmt *Inner) {
  if (!S)
    return false;
  if (isa<GotoStmt, IndirectGotoStmt>(S))
    return true;
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, LambdaExpr>(S) && isPartOf(Inner, S))
    return true;
  return llvm::any_of(S->children(), [&](const Stmt *C) { return mayRepeat(C, Inner); });
}

bool ScanAnalyzer::readsOwnElementFirst(const Construct &Loop, const MemoryAccess &W,
                                        const MemoryAccess &R,
                                        ArrayRef<MemoryAccess> ScanReads) {
  // Kokkos' in-place scan (`const auto v = x[i]; if (final) x[i] = partial;
  // partial += v;`): the copy of the body with `final` false (the input
  // phase) reads the element the copy with `final` true (the scan phase)
  // writes. That is the serial body's value when
  // - the element is the item's own: the same element access, through
  //   an invariant pointer, array or View, that distinct items cannot
  //   share (ItemElements::isOneToOne), so no other item touches it;
  // - the body reads it before it writes it: the same read in the scan
  //   phase's copy comes first, neither is in a loop or a lambda there
  //   (which could run the read after the write), and there is no goto;
  // - and each item runs its input phase first, which pass 1 does, the GPU's
  //   pass 2 (it runs the scan phase alone) too, and the passes that run
  //   an item's phases in order are told to (Construct::ScanInputFirst).
  if (Loop.Dims.size() != 1 || !Loop.Dims.front().Index || !Loop.ScanInputDecls.empty())
    return false;
  const Expr *Written = writtenTarget(W.At)->IgnoreParens();
  // (A read is recorded at each expression that designates the memory:
  // the element access and its conversion to a value.)
  const Expr *Read = R.At->IgnoreParenImpCasts();
  ItemElements Elements(Loop.ScanBody, Loop.Dims.front().Index, Ctx);
  if (!Elements.isOneToOne(Written) || !Elements.isItemElement(Read, /*ThroughMembers=*/true))
    return false;
  if (!isSameExpr(Written, Read, Ctx))
    return false;
  const Stmt *ScanCopy = apiBodyCopy(Loop.scanPhase());
  const Stmt *InputCopy = apiBodyCopy(Loop.scanInputPhase());
  auto InFile = [](const Expr *E) {
    return E->getBeginLoc().isFileID() && E->getEndLoc().isFileID();
  };
  if (!ScanCopy || !InputCopy || !InFile(W.At) || !InFile(Read) ||
      offset(Read->getBeginLoc()) < offset(InputCopy->getBeginLoc()))
    return false;
  // The read's place in the scan phase's copy: the same distance from the
  // copy's start (the two copies are one text).
  const unsigned At = offset(ScanCopy->getBeginLoc()) + offset(Read->getBeginLoc()) -
                      offset(InputCopy->getBeginLoc());
  const MemoryAccess *Twin = nullptr;
  for (const MemoryAccess &SR : ScanReads)
    if (InFile(SR.At) && offset(SR.At->getBeginLoc()) == At && isSameExpr(SR.At, Read, Ctx))
      Twin = &SR;
  if (!Twin || offset(Twin->At->getEndLoc()) >= offset(W.At->getBeginLoc()))
    return false;
  for (const Stmt *S : Loop.scanPhase())
    if (mayRepeat(S, W.At) || mayRepeat(S, Twin->At))
      return false;
  return true;
}

bool ScanAnalyzer::checkScanPhaseWrites(Construct &Loop) {
  ArrayRef<const Stmt *> ScanPhase = Loop.scanPhase(), InputPhase = Loop.scanInputPhase();
  // In each iteration the scan phase runs first, but pass 1 runs every
  // input phase before any scan phase: an input phase reading what its scan
  // phase wrote would see the value from before the write (`if (x[i] < 0)
  // { x[i] = 0; list[c] = i; }` then `c += x[i] < 0;` counts the old sign).
  SmallVector<MemoryAccess, 8> ScanReads, ScanWrites;
  for (const Stmt *S : ScanPhase)
    collectMemoryAccesses(S, ScanReads, ScanWrites);
  if (ScanWrites.empty())
    return true;
  // A parallel_scan body (lowered: the scan phase is the body with `final`
  // true, the input phase a copy with `final` false) gets the same rule in
  // its own words, but for the reads of an item's own element that the
  // body makes before writing it (Kokkos' in-place scan: readsOwnElementFirst),
  // which each item's input phase, run first, reads as the serial body does.
  const bool Api = isLoweredApiScan(ScanPhase);
  auto Refuse = [&](const MemoryAccess &W, const MemoryAccess &R) {
    Diags.report(W.At->getExprLoc(),
                 Api ? Diag::err_api_scan_writes_input : Diag::err_scan_phase_writes_input)
        << diagnosticText(writtenTarget(W.At)->getSourceRange(), Ctx);
    Diags.report(R.At->getExprLoc(), Diag::note_scan_input_read)
        << diagnosticText(R.At->getSourceRange(), Ctx);
    return false;
  };
  SmallVector<MemoryAccess, 8> InputReads, InputWrites;
  for (const Stmt *S : InputPhase)
    collectMemoryAccesses(S, InputReads, InputWrites);
  for (const MemoryAccess &R : InputReads)
    for (const MemoryAccess &W : ScanWrites)
      if (mayOverlap(W, R)) {
        if (!Api || !readsOwnElementFirst(Loop, W, R, ScanReads))
          return Refuse(W, R);
        Loop.ScanInputFirst = true;
      }
  // The declarations pass 1 repeats read memory where they stand in the
  // scan phase: only writes before them change what they read.
  for (const DeclStmt *DS : Loop.ScanInputDecls) {
    SmallVector<MemoryAccess, 4> DeclReads, DeclWrites;
    collectMemoryAccesses(DS, DeclReads, DeclWrites);
    for (const MemoryAccess &R : DeclReads)
      for (const MemoryAccess &W : ScanWrites)
        if (offset(W.At->getBeginLoc()) < offset(DS->getBeginLoc()) && mayOverlap(W, R))
          return Refuse(W, R);
  }
  return true;
}

bool ScanAnalyzer::collectInputDecls(Construct &Loop, ArrayRef<std::string> ScanVars) {
  ArrayRef<const Stmt *> ScanPhase = Loop.scanPhase(), InputPhase = Loop.scanInputPhase();
  // The reduce pass runs the input phase alone, so the declarations of the
  // scan phase it reads (and those their initialisers read) are repeated
  // there. That is the serial value only for a declaration that has no
  // side effects, does not read the scan variable (the reduce pass has a
  // partial there) and is never modified afterwards.
  DenseMap<const Decl *, const DeclStmt *> Owner;
  for (const Stmt *S : ScanPhase)
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        Owner[D] = DS;
  SmallVector<VarWrite, 8> Writes;
  for (const Stmt *S : ScanPhase)
    collectWrites(S, Writes);
  SmallPtrSet<const DeclStmt *, 4> Needed;
  SmallVector<std::pair<const DeclRefExpr *, const DeclRefExpr *>, 8> Work;
  for (const Stmt *S : InputPhase)
    forEachVarRef(S, [&](const DeclRefExpr *R) { Work.push_back({R, R}); });
  while (!Work.empty()) {
    const auto [UseRef, Ref] = Work.pop_back_val();
    const DeclRefExpr *Use = UseRef;
    const DeclStmt *DS = Owner.lookup(Ref->getDecl());
    if (!DS || !Needed.insert(DS).second)
      continue;
    auto Refuse = [&](unsigned Why) {
      Diags.report(Use->getLocation(), Diag::err_scan_input_local)
          << Use->getDecl()->getName() << Why;
      return false;
    };
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !V->isLocalVarDecl() || V->isStaticLocal())
        return Refuse(3);
      if (llvm::any_of(Writes, [&](const VarWrite &W) { return W.Var == V; }))
        return Refuse(2);
      const Expr *Init = V->getInit();
      if (!Init)
        continue;
      if (Init->HasSideEffects(Ctx))
        return Refuse(0);
      bool ReadsScanVar = false;
      // A use inside an initialiser is reported where the input phase
      // reads the declaration it feeds.
      forEachVarRef(Init, [&](const DeclRefExpr *R) {
        ReadsScanVar |= llvm::is_contained(ScanVars, R->getDecl()->getName().str()) &&
                        !Owner.count(R->getDecl());
        Work.push_back({Use, R});
      });
      if (ReadsScanVar)
        return Refuse(1);
    }
  }
  for (const Stmt *S : ScanPhase)
    if (const auto *DS = dyn_cast<DeclStmt>(S); DS && Needed.count(DS))
      Loop.ScanInputDecls.push_back(DS);
  return true;
}

bool ScanAnalyzer::checkScanLoops(const Region &R) {
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

} // namespace hpp
