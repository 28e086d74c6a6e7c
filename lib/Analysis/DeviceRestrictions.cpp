//===- DeviceRestrictions.cpp - What a region may do on a GPU -------------===//
///
/// \file
/// Legality of device code, and the two decisions that follow from it
/// (statements run once per team or thread, functions marked for the
/// device). The checks of one region run in a fixed order, and a failure of
/// the first group (the enclosing function, device code, user reductions)
/// stops the region's other checks: later ones would only repeat the cause.
///
//===----------------------------------------------------------------------===//

#include "Analysis/DeviceRestrictions.h"
#include "Analysis/CallGraph.h"
#include "Analysis/HostAllocation.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// Finds what device code cannot do: virtual calls and exceptions.
class DeviceCodeChecker : public RecursiveASTVisitor<DeviceCodeChecker> {
public:
  DeviceCodeChecker(Diagnoser &Diags, StringRef Target) : Diags(Diags), Target(Target) {}
  bool Ok = true;

  bool shouldVisitLambdaBody() const { return true; }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *CE) {
    const CXXMethodDecl *MD = CE->getMethodDecl();
    const auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParens());
    if (MD && MD->isVirtual() && !MD->hasAttr<FinalAttr>() &&
        !MD->getParent()->hasAttr<FinalAttr>() && !(ME && ME->hasQualifier())) {
      Diags.report(CE->getExprLoc(), Diag::err_gpu_virtual_call)
          << MD->getQualifiedNameAsString() << Target;
      Ok = false;
    }
    return true;
  }
  bool VisitCXXThrowExpr(CXXThrowExpr *E) {
    Diags.report(E->getThrowLoc(), Diag::err_gpu_exception) << "throw" << Target;
    Ok = false;
    return true;
  }
  bool VisitCXXTryStmt(CXXTryStmt *S) {
    Diags.report(S->getTryLoc(), Diag::err_gpu_exception) << "try" << Target;
    Ok = false;
    return true;
  }

private:
  Diagnoser &Diags;
  StringRef Target;
};

/// The checks of one region. Each returns false after reporting an error.
class RegionChecker {
public:
  RegionChecker(Region &R, const TranslationModel &Model, Backend TargetKind,
                const DeviceAssumptions &Assume, ASTContext &Ctx, Diagnoser &Diags)
      : R(R), Model(Model), TargetKind(TargetKind), Target(getBackendDisplayName(TargetKind)),
        Assume(Assume), Ctx(Ctx), SM(Ctx.getSourceManager()), Diags(Diags) {}

  bool run();

private:
  unsigned offset(SourceLocation L) const { return SM.getFileOffset(SM.getExpansionLoc(L)); }
  bool inRegion(SourceLocation L) const { return rangeContains(R.Root->Range, L, SM); }

  bool checkEnclosingFunction();
  bool checkLaunchShape();
  bool checkHostAllocations();
  bool checkDeviceCode();
  /// The types \p V has: its own or, where that is dependent, its type in
  /// each template instantiation of the region.
  llvm::SmallVector<clang::QualType, 2> concreteTypes(const clang::VarDecl *V) const;
  bool checkFunctorCopies();
  bool checkUserReductions();
  bool checkOpaqueCalls();
  const Expr *findArrayUseBeyondReads(const VarDecl *V) const;
  bool checkConstructs(const Construct &C);
  bool planGuards(const Stmt *Body, LoopLevel Level);
  bool markCalledFunctions();

  Region &R;
  const TranslationModel &Model;
  Backend TargetKind;
  StringRef Target;
  const DeviceAssumptions &Assume;
  ASTContext &Ctx;
  const SourceManager &SM;
  Diagnoser &Diags;
  /// The statements constructs annotate: the guard plan leaves them to
  /// their constructs. Filled once per region by run().
  DenseSet<const Stmt *> Annotated;
};

/// nvcc's extended lambdas need an enclosing function whose address can be
/// taken, public, in a public class (CUDA C++ programming guide, extended
/// lambda restrictions).
bool RegionChecker::checkEnclosingFunction() {
  const FunctionDecl *Fn = R.Function;
  if (!Fn)
    return true;
  int Reason = -1;
  if (isa<CXXConstructorDecl>(Fn) || isa<CXXDestructorDecl>(Fn))
    Reason = 0;
  else if (Fn->getAccess() == AS_private || Fn->getAccess() == AS_protected)
    Reason = 1;
  for (const DeclContext *DC = Fn->getDeclContext(); Reason < 0 && DC; DC = DC->getParent()) {
    const auto *RD = dyn_cast<CXXRecordDecl>(DC);
    if (!RD)
      continue;
    if (RD->getAccess() == AS_private || RD->getAccess() == AS_protected)
      Reason = 2;
    else if (RD->isLocalClass())
      Reason = 3;
  }
  if (Reason >= 0) {
    Diags.report(R.Root->Pragma.KindLoc, Diag::err_gpu_enclosing_function) << Target << Reason;
    return false;
  }
  // The device lambda captures *this by copy; the copy must be a plain
  // bit-copy, or its destructor would free what the original owns. Views
  // are fine: their reference count lives on the host, with the copy the
  // launch made there. In a class template the class of each
  // instantiation is checked, as concreteTypes checks variables' types.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Fn); MD && R.CapturesThis) {
    SmallVector<const CXXRecordDecl *, 2> Classes;
    if (!MD->getParent()->isDependentContext())
      Classes.push_back(MD->getParent());
    else
      for (const Stmt *Inst : R.Instantiations)
        if (const auto *IM = dyn_cast_or_null<CXXMethodDecl>(enclosingFunctions(Inst, Ctx).Outer))
          Classes.push_back(IM->getParent());
    for (const CXXRecordDecl *RD : Classes) {
      QualType T = Ctx.getRecordType(RD);
      if (RD->hasDefinition() && !isDeviceCopyable(T, Ctx)) {
        Diags.report(R.Root->Pragma.KindLoc, Diag::err_gpu_this_copy)
            << Target << getTypeName(T, Ctx);
        return false;
      }
    }
  }
  for (const VarDecl *V : R.Globals) {
    Diags.report(R.Root->Pragma.KindLoc, Diag::err_gpu_global_variable)
        << Target << V->getName();
    Diags.report(V->getLocation(), Diag::note_declared_here) << V->getName();
    return false;
  }
  // The device lambda gets a copy of a local array: what the region writes
  // into it would be lost (an API body capturing by reference meets this).
  // A mapped array is not copied but reached through the present table;
  // an array of constant size the region writes is mapped `tofrom`
  // implicitly, as a std::vector would be (SPEC §3).
  for (const Capture &C : R.Captures) {
    if (!C.Var || !C.Var->getType()->isArrayType())
      continue;
    bool Mapped = llvm::any_of(R.Root->Maps, [&](const MapEntry &M) {
      return M.Var == C.Var && M.Shape != MapShape::ByValue;
    });
    if (Mapped)
      continue;
    if (const Expr *Use = findArrayUseBeyondReads(C.Var)) {
      if (C.Var->getType()->isConstantArrayType() && !C.Var->getType().isConstQualified()) {
        MapEntry M;
        M.Kind = MapKind::ToFrom;
        M.Shape = MapShape::WholeArray;
        M.Var = C.Var;
        M.Base = C.Name;
        M.Item = "tofrom: " + C.Name;
        M.Loc = Use->getExprLoc();
        M.Implicit = true;
        R.Root->Maps.push_back(std::move(M));
        continue;
      }
      Diags.report(Use->getExprLoc(), Diag::err_gpu_local_array_written) << Target << C.Name;
      Diags.report(C.Var->getLocation(), Diag::note_declared_here) << C.Name;
      return false;
    }
  }
  return true;
}

/// A pointer to memory the program visibly allocated on the host, not
/// mapped: the launch would fail where the device cannot reach pageable
/// memory, so it is refused now, unless the build says it can.
bool RegionChecker::checkHostAllocations() {
  if (Assume.HostMemoryReachable)
    return true;
  std::optional<HostAllocatedPointer> Found = findHostAllocatedPointer(R, Model, Ctx);
  if (!Found)
    return true;
  const std::string &Name = Found->Pointer->Name;
  std::string Count = Found->CountText.empty() ? "count" : Found->CountText;
  Diags.report(Found->Pointer->FirstUse, Diag::err_gpu_host_allocated_pointer)
      << Target << Name << Found->AllocatorName << (Name + "[0:" + Count + "]");
  Diags.report(Found->Allocation->getBeginLoc(), Diag::note_host_allocation) << Name;
  return false;
}

/// The first use of local array \p V in the region that may write its
/// elements or let them escape: anything but reading an element (through
/// subscripts and member accesses down to a load).
const Expr *RegionChecker::findArrayUseBeyondReads(const VarDecl *V) const {
  const Expr *Found = nullptr;
  forEachVarRef(R.Root->S, [&](const DeclRefExpr *Ref) {
    if (Found || Ref->getDecl() != V)
      return;
    const Expr *E = Ref;
    while (true) {
      DynTypedNodeList Parents = Ctx.getParents(*E);
      const Expr *P = Parents.size() == 1 ? Parents[0].get<Expr>() : nullptr;
      if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(P)) {
        if (Cast->getCastKind() == CK_LValueToRValue)
          return; // A load: a read.
        if (Cast->getCastKind() != CK_ArrayToPointerDecay && Cast->getCastKind() != CK_NoOp)
          break;
        E = Cast;
        continue;
      }
      if (const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(P); Sub && Sub->getBase() == E) {
        E = Sub;
        continue;
      }
      if (const auto *ME = dyn_cast_or_null<MemberExpr>(P); ME && !ME->isArrow()) {
        E = ME;
        continue;
      }
      if (isa_and_nonnull<ParenExpr>(P)) {
        E = P;
        continue;
      }
      break;
    }
    Found = E;
  });
  return Found;
}

bool RegionChecker::checkDeviceCode() {
  DeviceCodeChecker Checker(Diags, Target);
  Checker.TraverseStmt(const_cast<Stmt *>(R.Root->S));
  for (const CalledFunction &F : R.Calls)
    if (!isHppApi(F.Fn)) // hpp's host-only API is refused as a whole
      Checker.TraverseStmt(F.Fn->getBody());
  return Checker.Ok;
}

/// A device compiler needs the body of every function the region reaches.
bool RegionChecker::checkOpaqueCalls() {
  for (const OpaqueCall &Call : R.OpaqueCalls) {
    if (Call.Kind == OpaqueCall::Indirect)
      Diags.report(Call.CallLoc, Diag::err_call_indirect);
    else
      Diags.report(Call.CallLoc, Diag::err_call_no_body) << Call.Name;
    for (auto It = Call.Chain.rbegin(); It != Call.Chain.rend(); ++It)
      Diags.report(It->second, Diag::note_call_chain) << It->first;
  }
  return R.OpaqueCalls.empty();
}

SmallVector<QualType, 2> RegionChecker::concreteTypes(const VarDecl *V) const {
  QualType T = V->getType().getNonReferenceType();
  if (!T->isDependentType() && !T->isUndeducedType())
    return {T};
  SmallVector<QualType, 2> Types;
  for (const Stmt *Inst : R.Instantiations)
    if (const VarDecl *IV = findInstantiatedVar(V, Inst, Ctx))
      Types.push_back(IV->getType().getNonReferenceType());
  return Types;
}

/// A parallel_* functor runs as the lowering's copy of it, which the region
/// captures (or, launched inside a team body, copies in device code): it
/// must be copyable to the device, by the rule for *this, and, captured,
/// of a type a device lambda can capture.
bool RegionChecker::checkFunctorCopies() {
  SmallVector<const VarDecl *, 2> Copies;
  forEachVarRef(R.Root->S, [&](const DeclRefExpr *Ref) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (isFunctorCopy(V) && !llvm::is_contained(Copies, V))
      Copies.push_back(V);
  });
  for (const VarDecl *V : Copies)
    for (QualType T : concreteTypes(V)) {
      const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
      std::string Name = getTypeName(T.getUnqualifiedType(), Ctx);
      if (!isDeviceCopyable(T, Ctx))
        Diags.report(V->getLocation(), Diag::err_gpu_functor_copy) << Target << Name;
      else if (RD && RD->isLocalClass() && !inRegion(V->getLocation()))
        Diags.report(V->getLocation(), Diag::err_gpu_functor_local_type) << Target << Name;
      else
        continue;
      return false;
    }
  return true;
}

/// User reductions move values as bytes (shuffles, shared memory, the grid
/// combine), so value types must be trivially copyable. The reducer object
/// is copied as an object (into the kernel, and by value in device code),
/// so it follows the rule for *this: a reducer or functor holding Views
/// reduces on the device. A device lambda cannot capture an object whose
/// type is local to a function: the outermost loop's reduction objects and
/// reducers from outside the region are captured. In a template each
/// instantiation's types are checked.
bool RegionChecker::checkUserReductions() {
  bool Ok = true;
  auto Check = [&](const Construct &L, const ReductionVar &RV, const VarDecl *V, bool Reducer) {
    StringRef Name = Reducer ? StringRef(RV.UserReducer) : StringRef(RV.Name);
    bool FromOutside = RV.Reducer && !inRegion(RV.Reducer->getLocation());
    bool Captured = &L == R.Root.get() || (Reducer && FromOutside);
    for (QualType T : concreteTypes(V)) {
      const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
      if (!Reducer && !T.isTriviallyCopyableType(Ctx)) {
        Diags.report(RV.Loc, Diag::err_gpu_user_reduction_copy)
            << Name << getTypeName(T, Ctx) << Target;
      } else if (Reducer && !isDeviceCopyable(T, Ctx)) {
        Diags.report(RV.Loc, Diag::err_gpu_reducer_copy) << Name << getTypeName(T, Ctx) << Target;
      } else if (Captured && RD && RD->isLocalClass()) {
        Diags.report(RV.Loc, Diag::err_gpu_user_reduction_local_type)
            << Reducer << Name << getTypeName(T, Ctx) << Target;
      } else {
        continue;
      }
      if (L.Pragma.isValid())
        Diags.report(L.Pragma.KindLoc, Diag::note_loop_pragma) << L.Pragma.Spelling;
      Ok = false;
      return;
    }
  };
  R.forEachConstruct([&](const Construct &L) {
    for (const ReductionVar &RV : L.Reductions) {
      if (RV.Op != ReductionOp::User)
        continue;
      Check(L, RV, RV.Var, /*Reducer=*/false);
      if (RV.Reducer)
        Check(L, RV, RV.Reducer, /*Reducer=*/true);
    }
  });
  return Ok;
}

/// Constructs a GPU cannot run as written, children before parents (the
/// order the emitter visits them in).
bool RegionChecker::checkConstructs(const Construct &C) {
  bool Ok = true;
  for (const auto &Child : C.Children)
    Ok &= checkConstructs(*Child);
  // A variable (not memory) updated atomically: every GPU thread has its
  // own copy of a local, so the update would not be shared.
  if (C.Kind == ConstructKind::Atomic && C.AtomicVar &&
      !C.AtomicVar->getType()->isReferenceType()) {
    Diags.report(C.S->getBeginLoc(), Diag::err_gpu_atomic_variable)
        << C.AtomicVar->getName() << Target;
    Ok = false;
  }
  // A scan inside a team runs in order on one thread; other constructs in
  // its body would need the whole team.
  if (C.isLoop() && &C != R.Root.get() && C.ScanSeparator)
    for (const auto &Child : C.Children)
      if (Child->Kind != ConstructKind::Scan) {
        Diags.report(Child->Loc, Diag::err_gpu_scan_with_constructs)
            << getLoopLevelName(C.Level) << Target;
        Ok = false;
        break;
      }
  return Ok;
}

/// Records the statements of \p Body with side effects, to run once at
/// \p Level; pure computations run on every thread. A statement holding
/// hpp constructs is split into its parts, which only blocks, `if` and
/// loops allow.
bool RegionChecker::planGuards(const Stmt *Body, LoopLevel Level) {
  SmallVector<const Stmt *, 8> Stmts;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Stmts.append(CS->body_begin(), CS->body_end());
  else
    Stmts.push_back(Body);
  auto HoldsConstruct = [&](const Stmt *S) {
    SourceLocation Begin = S->getBeginLoc(), End = getEndOfStmt(S, Ctx);
    bool Holds = false;
    R.forEachConstruct([&](const Construct &C) {
      // Inserted barriers go before a statement, not into it.
      if (&C != R.Root.get() && !C.Inserted && offset(Begin) <= offset(C.Loc) &&
          offset(C.Loc) < offset(End))
        Holds = true;
    });
    return Holds;
  };
  auto NeedsGuard = [&](const Stmt *S) {
    return !Annotated.count(S) && !HoldsConstruct(S) && !isa<DeclStmt>(S) && hasSideEffects(S);
  };
  bool Ok = true;
  for (size_t I = 0; I < Stmts.size(); ++I) {
    const Stmt *S = Stmts[I];
    if (Annotated.count(S))
      continue;
    SourceLocation Begin = S->getBeginLoc();
    if (HoldsConstruct(S)) {
      auto Recurse = [&](const Stmt *Sub) { return Sub ? planGuards(Sub, Level) : true; };
      if (isa<CompoundStmt>(S)) {
        Ok &= Recurse(S);
      } else if (const auto *If = dyn_cast<IfStmt>(S)) {
        Ok &= Recurse(If->getThen());
        Ok &= Recurse(If->getElse());
      } else if (const auto *For = dyn_cast<ForStmt>(S)) {
        Ok &= Recurse(For->getBody());
      } else if (const auto *While = dyn_cast<WhileStmt>(S)) {
        Ok &= Recurse(While->getBody());
      } else if (const auto *Do = dyn_cast<DoStmt>(S)) {
        Ok &= Recurse(Do->getBody());
      } else {
        Diags.report(Begin, Diag::err_gpu_construct_in_statement) << Target;
        Ok = false;
      }
      continue;
    }
    if (!hasSideEffects(S))
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      const auto *V = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      Diags.report(Begin, Diag::err_gpu_effectful_decl)
          << (V ? V->getName() : "variable") << Target
          << (Level == LoopLevel::Team ? "team" : "thread");
      Ok = false;
      continue;
    }
    // The guard is written around the statement's text in the file. A
    // macro that expands to several statements needing guards (a
    // RAJAPerf-style loop body) is guarded as a whole; one that also
    // produces code running on every thread cannot be split.
    size_t J = I;
    while (getStmtFileRange(S, Stmts[J], Ctx).isInvalid() && J + 1 < Stmts.size() &&
           NeedsGuard(Stmts[J + 1]))
      ++J;
    if (getStmtFileRange(S, Stmts[J], Ctx).isInvalid()) {
      SourceLocation Inside =
          Lexer::isAtStartOfMacroExpansion(Begin, SM, Ctx.getLangOpts()) || Begin.isFileID()
              ? Stmts[J]->getEndLoc()
              : Begin;
      Diags.report(SM.getExpansionLoc(Begin), Diag::err_gpu_guard_in_macro)
          << (Level == LoopLevel::Team ? "team" : "thread") << Target;
      Diags.report(SM.getExpansionLoc(Inside), Diag::note_macro_expansion)
          << getOutermostMacroName(Inside, Ctx);
      Ok = false;
      continue;
    }
    R.Guarded.push_back({S, J == I ? nullptr : Stmts[J], Level});
    I = J;
  }
  return Ok;
}

/// Functions called from the region are compiled for host and device:
/// those written in this file are marked; those elsewhere must say so
/// themselves (HPP_FUNCTION). Lambdas outside the region become device
/// lambdas, which nvcc allows only for non-generic lambdas capturing by
/// value.
bool RegionChecker::markCalledFunctions() {
  bool Ok = true;
  for (CalledFunction &F : R.Calls) {
    const FunctionDecl *Fn = F.Fn;
    if (const FunctionDecl *Pattern = Fn->getTemplateInstantiationPattern())
      Fn = Pattern;
    if (Fn->isImplicit() || Fn->isDefaulted())
      continue;
    if (const auto *A = Fn->getAttr<AnnotateAttr>())
      if (A->getAnnotation() == "hpp_function")
        continue;
    SourceLocation Loc = SM.getExpansionLoc(Fn->getLocation());
    if (SM.isInSystemHeader(Loc))
      continue;
    if (!SM.isInMainFile(Loc) && isHppApi(Fn)) {
      // Device-capable API is never collected (isHppDeviceApi): the rest
      // of hpp's API is host-only, and its header is not the user's to mark.
      Diags.report(F.CallLoc, Diag::err_gpu_hpp_host_only) << F.Name << Target;
      Ok = false;
      continue;
    }
    if (!SM.isInMainFile(Loc)) {
      Diags.report(F.CallLoc, Diag::err_gpu_function_elsewhere)
          << F.Name << Target << SM.getFilename(Loc);
      Ok = false;
      continue;
    }
    const auto *MD = dyn_cast<CXXMethodDecl>(Fn);
    if (!MD || !MD->getParent()->isLambda()) {
      F.Marking = DeviceMarking::Declarations;
      continue;
    }
    if (inRegion(MD->getLocation()))
      continue; // Lambdas inside device code are device lambdas already.
    if (MD->getParent()->isGenericLambda()) {
      Diags.report(F.CallLoc, Diag::err_gpu_generic_lambda) << Target;
      Ok = false;
      continue;
    }
    bool ByReference = llvm::any_of(MD->getParent()->captures(), [](const LambdaCapture &C) {
      return C.getCaptureKind() == LCK_ByRef;
    });
    if (ByReference) {
      Diags.report(F.CallLoc, Diag::err_gpu_lambda_by_reference) << Target;
      Ok = false;
      continue;
    }
    F.Marking = DeviceMarking::Lambda;
  }
  return Ok;
}

/// Constant sizes that no device of the target can launch: the runtime
/// would refuse them at every launch, so they are refused here. Lanes of a
/// vector lie in one warp: 32 on NVIDIA GPUs, at most 64 on AMD ones
/// (wavefront 64 on gfx9, 32 on RDNA; which one is known only at launch).
/// A block has at most 1024 threads on both.
bool RegionChecker::checkLaunchShape() {
  const ConstantShape &Shape = R.Root->ConstShape;
  const long long MaxLanes = TargetKind == Backend::HIP ? 64 : 32;
  const long long MaxThreads = 1024;
  if (Shape.VectorLength > MaxLanes) {
    Diags.report(Shape.VectorLengthLoc, Diag::err_gpu_vector_length_too_wide)
        << int64_t(Shape.VectorLength) << Target << int64_t(MaxLanes);
    return false;
  }
  const long long Lanes = Shape.VectorLength ? Shape.VectorLength : 1;
  if (Shape.TeamSize && Shape.TeamSize * Lanes > MaxThreads) {
    Diags.report(Shape.TeamSizeLoc, Diag::err_gpu_team_too_large)
        << int64_t(Shape.TeamSize) << int64_t(Lanes) << Target << int64_t(MaxThreads);
    return false;
  }
  return true;
}

bool RegionChecker::run() {
  if (!checkOpaqueCalls() || !checkEnclosingFunction() || !checkFunctorCopies() ||
      !checkLaunchShape() || !checkHostAllocations() || !checkDeviceCode() ||
      !checkUserReductions())
    return false;
  bool Ok = checkConstructs(*R.Root);
  R.forEachConstruct([&](const Construct &C) {
    if (C.S)
      Annotated.insert(C.S);
  });
  if (R.isTeamRegion()) {
    Ok &= planGuards(R.Root->Dims.back().Loop->getBody(), LoopLevel::Team);
    R.forEachConstruct([&](const Construct &C) {
      if (C.isLoop() && C.Level == LoopLevel::Thread && !C.ScanSeparator)
        Ok &= planGuards(C.Dims.back().Loop->getBody(), LoopLevel::Thread);
    });
  }
  Ok &= markCalledFunctions();
  return Ok;
}

} // namespace

bool checkDeviceRestrictions(TranslationModel &Model, Backend Target,
                             const DeviceAssumptions &Assume, ASTContext &Ctx,
                             Diagnoser &Diags) {
  assert(isGPUBackend(Target) && "device restrictions apply to GPU targets");
  const SourceManager &SM = Ctx.getSourceManager();
  bool AllOk = true;
  std::vector<Region> Kept;
  for (Region &R : Model.Regions) {
    size_t ErrorsBefore = Diags.errorCount();
    if (RegionChecker(R, Model, Target, Assume, Ctx, Diags).run()) {
      Kept.push_back(std::move(R));
      continue;
    }
    AllOk = false;
    RefusedDirective Refused;
    Refused.Loc = R.Root->Pragma.Begin;
    Refused.Line = getLine(R.Root->Pragma.Begin, SM);
    Refused.Kind = R.Root->Pragma.Spelling.str();
    if (ErrorsBefore < Diags.errorCount())
      Refused.Reason = Diags.errorMessage(ErrorsBefore);
    Model.Refused.push_back(std::move(Refused));
  }
  Model.Regions = std::move(Kept);
  return AllOk;
}

} // namespace hpp
