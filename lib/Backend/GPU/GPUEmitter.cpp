//===- GPUEmitter.cpp - Regions as CUDA or HIP kernels --------------------===//
///
/// \file
/// Each region becomes a device lambda, defined where the loop was so that
/// it keeps the loop's scope (template parameters, members through a copy of
/// `*this`, local types), launched through a named `__global__` template
/// declared at the top of the file. Inside a team region every thread of a
/// block runs the team-level code: pure computations redundantly, anything
/// with side effects under a team-leader guard, thread loops over
/// threadIdx.y, vector loops over threadIdx.x. Reductions of nested loops
/// are all-reduced so that every thread continues with the same value, as
/// it would serially; the outermost loop's reductions are combined across
/// the grid in the same launch.
///
//===----------------------------------------------------------------------===//

#include "Backend/GPU/GPUEmitter.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "Analysis/VariableUses.h"
#include "Backend/LoopText.h"
#include "Basic/SourceEditor.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// The parallel level whose threads all run \p C's code, given by the
/// innermost loop around it.
enum class ExecLevel { Team, Thread, Lane };

ExecLevel execLevelOf(const Construct &C) {
  const Construct *Loop = C.isLoop() ? &C : C.enclosingLoop();
  if (!Loop)
    return ExecLevel::Lane;
  switch (Loop->Level) {
  case LoopLevel::Team:
    return ExecLevel::Team;
  case LoopLevel::Thread:
    return ExecLevel::Thread;
  default:
    return ExecLevel::Lane;
  }
}

/// Finds what device code cannot do: virtual calls and exceptions.
class DeviceCodeChecker : public RecursiveASTVisitor<DeviceCodeChecker> {
public:
  DeviceCodeChecker(Diagnoser &Diags, StringRef Dialect) : Diags(Diags), Dialect(Dialect) {}
  bool Ok = true;

  bool shouldVisitLambdaBody() const { return true; }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *CE) {
    const CXXMethodDecl *MD = CE->getMethodDecl();
    const auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParens());
    if (MD && MD->isVirtual() && !MD->hasAttr<FinalAttr>() &&
        !MD->getParent()->hasAttr<FinalAttr>() && !(ME && ME->hasQualifier())) {
      Diags.report(CE->getExprLoc(), Diag::err_gpu_virtual_call)
          << MD->getQualifiedNameAsString() << Dialect;
      Ok = false;
    }
    return true;
  }
  bool VisitCXXThrowExpr(CXXThrowExpr *E) {
    Diags.report(E->getThrowLoc(), Diag::err_gpu_exception) << "throw" << Dialect;
    Ok = false;
    return true;
  }
  bool VisitCXXTryStmt(CXXTryStmt *S) {
    Diags.report(S->getTryLoc(), Diag::err_gpu_exception) << "try" << Dialect;
    Ok = false;
    return true;
  }

private:
  Diagnoser &Diags;
  StringRef Dialect;
};

class GPURegionWriter {
public:
  GPURegionWriter(const Region &R, StringRef KernelName, SourceEditor &Edit,
                  Diagnoser &Diags, const GPUDialect &D,
                  DenseSet<unsigned> &AnnotatedOffsets)
      : R(R), KernelName(KernelName), Edit(Edit), Ctx(Edit.context()),
        SM(Ctx.getSourceManager()), Diags(Diags), D(D), Names(R),
        AnnotatedOffsets(AnnotatedOffsets) {
    R.forEachConstruct([&](const Construct &C) {
      if (C.S)
        Annotated[C.S] = &C;
    });
  }

  Error run();

private:
  std::string rt(StringRef Name) const { return (D.Runtime + "::" + Name).str(); }
  std::string id(const Construct &L) const { return Names.id(L); }
  unsigned offset(SourceLocation L) const {
    return SM.getFileOffset(SM.getExpansionLoc(L));
  }
  bool inRegion(SourceLocation L) const {
    return rangeContains(R.Root->Range, L, SM);
  }
  /// Whether a user reduction's reducer object is declared outside the
  /// region: its operator object is then made before the region.
  bool reducerFromOutside(const ReductionVar &RV) const {
    return RV.Reducer && !inRegion(RV.Reducer->getLocation());
  }
  /// The condition under which code with side effects runs at \p Level.
  std::string guardFor(ExecLevel Level) const {
    switch (Level) {
    case ExecLevel::Team:
      return rt("is_team_leader()");
    case ExecLevel::Thread:
      return rt("is_vector_leader()");
    case ExecLevel::Lane:
      return "";
    }
    llvm_unreachable("unknown level");
  }

  Error emitConstruct(const Construct &C);
  Error emitRoot();
  bool inputPhaseDroppable(const Construct &L) const;
  Error dropInputPhase(const Construct &L);
  Error emitNestedLoop(const Construct &L);
  Error emitNestedScan(const Construct &L);
  Error emitScratch(const Construct &C);
  Error emitAtomic(const Construct &C);
  Error emitSingle(const Construct &C);
  Error guardStatements(const Stmt *Body, ExecLevel Level);
  Error annotateDeviceFunctions();
  bool checkDeviceCode();
  bool checkEnclosingFunction();
  const Expr *findArrayUseBeyondReads(const VarDecl *V) const;
  bool checkUserReductions();
  std::string scratchPrologue();
  std::string rootShadows(const Construct &L, bool Scans) const;

  const Region &R;
  std::string KernelName;
  SourceEditor &Edit;
  ASTContext &Ctx;
  const SourceManager &SM;
  Diagnoser &Diags;
  const GPUDialect &D;
  LoopNames Names;
  DenseSet<unsigned> &AnnotatedOffsets;
  DenseMap<const Stmt *, const Construct *> Annotated;
  bool Failed = false;
};

std::string typeAlias(StringRef Var) { return ("hpp_type_" + Var).str(); }

std::string GPURegionWriter::rootShadows(const Construct &L, bool Scans) const {
  std::string Out;
  for (const ReductionVar &RV : L.Reductions) {
    if (RV.InScan != Scans)
      continue;
    Out += formatv("{0} {1} = {2};\n", typeAlias(RV.Name), RV.Name,
                   ReductionOpText(id(L), RV).identity(typeAlias(RV.Name)));
    // A thread without candidates must lose every tie.
    if (isLocReduction(RV.Op))
      Out += formatv("{0} {1} = std::numeric_limits<{0}>::max();\n", typeAlias(RV.IndexName),
                     RV.IndexName);
  }
  return Out;
}

std::string GPURegionWriter::scratchPrologue() {
  // Offsets within each (level, per team | per thread) group; a per-thread
  // array of thread t lives at scratchL() + team bytes + t * thread bytes.
  std::string Out;
  for (unsigned Level = 0; Level < 2; ++Level) {
    for (bool PerThread : {false, true}) {
      std::string Sum = "0";
      for (unsigned I = 0; I < R.Scratch.size(); ++I) {
        const ScratchArray &A = R.Scratch[I];
        if (A.Level != Level || A.PerThread != PerThread)
          continue;
        Out += formatv("const std::size_t hpp_scratch_off{0} = {1}; // '{2}', level {3}, "
                       "per {4}\n",
                       I, Sum, A.Name, Level, PerThread ? "thread" : "team");
        Out += formatv("const std::size_t hpp_scratch_size{0} = hpprt::align_up({1}, 16);\n",
                       I, A.BytesExpr);
        Sum = formatv("hpp_scratch_off{0} + hpp_scratch_size{0}", I).str();
      }
      if (Sum != "0")
        Out += formatv("hpp_launch.scratch_{0}_bytes[{1}] = {2};\n",
                       PerThread ? "thread" : "team", Level, Sum);
    }
  }
  return Out;
}

/// The statements of a scan loop's body on each side of the separator.
static std::pair<SmallVector<const Stmt *, 8>, SmallVector<const Stmt *, 8>>
scanPhases(const Construct &L) {
  SmallVector<const Stmt *, 8> Input, Scan;
  unsigned I = 0;
  for (const Stmt *S : L.ScanBody->body()) {
    bool BeforeSeparator = I++ < L.ScanSplit;
    (BeforeSeparator == L.ScanSeparator->Inclusive ? Input : Scan).push_back(S);
  }
  return {Input, Scan};
}

bool GPURegionWriter::inputPhaseDroppable(const Construct &L) const {
  auto [Input, Scan] = scanPhases(L);
  SmallPtrSet<const Decl *, 8> Declared;
  for (const Stmt *S : Input)
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        Declared.insert(D);
  bool Used = false;
  for (const Stmt *S : Scan)
    forEachVarRef(S, [&](const DeclRefExpr *R) { Used |= Declared.count(R->getDecl()) > 0; });
  return !Used;
}

Error GPURegionWriter::dropInputPhase(const Construct &L) {
  auto [Input, Scan] = scanPhases(L);
  if (Input.empty())
    return Error::success();
  SourceLocation Begin = Input.front()->getBeginLoc();
  SourceLocation End = getEndOfStmt(Input.back(), Ctx);
  return Edit.replace(Begin, End, "/* input phase: run in pass 1 */");
}

Error GPURegionWriter::emitRoot() {
  const Construct &L = *R.Root;
  bool Team = L.Level == LoopLevel::Team;
  bool Scan = L.ScanSeparator != nullptr;
  std::string Pro;
  Pro += formatv("{{ // hpp region '{0}' ({1} loop) from {2}:{3}: {4} kernel {5}\n", R.Name,
                 getLoopLevelName(L.Level), Edit.fileName(), R.Line, D.DisplayName,
                 KernelName);
  Pro += boundsDecls(L, id(L));
  Pro += formatv("{0} hpp_launch(\"{1}\", \"{2}\", {3});\n", rt("Launch"), R.Name,
                 Edit.fileName(), R.Line);
  Pro += formatv("hpp_launch.kind = {0};\n",
                 rt(Team ? "RegionKind::Team" : Scan ? "RegionKind::Scan" : "RegionKind::Flat"));
  Pro += "hpp_launch.iterations = hpp_n0;\n";
  if (!L.TeamSizeText.empty())
    Pro += formatv("hpp_launch.team_size = static_cast<int>({0});\n", L.TeamSizeText);
  if (!L.VectorLengthText.empty())
    Pro += formatv("hpp_launch.vector_length = static_cast<int>({0});\n", L.VectorLengthText);
  if (!L.LeagueText.empty())
    Pro += formatv("hpp_launch.league_cap = static_cast<hpprt::index_t>({0});\n", L.LeagueText);
  bool NestedVector = false;
  R.forEachConstruct([&](const Construct &C) {
    NestedVector |= C.isLoop() && C.Level == LoopLevel::Vector;
  });
  if (NestedVector)
    Pro += "hpp_launch.nested_vector = true;\n";
  // Streams come with the runtime-services issue; the expression still runs.
  if (!L.StreamText.empty())
    Pro += formatv("(void)({0});\n", L.StreamText);
  Pro += scratchPrologue();
  // Reducers from outside the region are copied on the host, before the
  // region, like any read-only capture (a global one could not be read on
  // the device).
  R.forEachConstruct([&](const Construct &C) {
    if (&C != &L)
      for (const ReductionVar &RV : C.Reductions)
        if (reducerFromOutside(RV))
          Pro += ReductionOpText(id(C), RV).decl();
  });
  std::string Checks;
  for (const Capture &C : R.Captures)
    if (C.IsPointer)
      Checks += formatv("hpp_launch.check_pointer({0}, \"{0}\");\n", C.Name);
  if (!Checks.empty())
    Pro += "#ifndef NDEBUG\n" + Checks + "#endif\n";

  std::string Captures = R.CapturesThis ? "=, *this" : "=";
  for (const ReductionVar &RV : L.Reductions) {
    StringRef Op = getReductionRuntimeType(RV.Op);
    ReductionOpText OpText(id(L), RV);
    Pro += OpText.decl();
    Pro += formatv("using {0} = std::remove_reference_t<decltype({1})>;\n",
                   typeAlias(RV.Name), RV.Name);
    if (RV.InScan) {
      Pro += formatv("{0}<hpprt::{1}, {2}> hpp_scan_{3}(hpp_launch, {3});\n", rt("Scan"),
                     Op, typeAlias(RV.Name), RV.Name);
      Captures += formatv(", hpp_dev_{0} = hpp_scan_{0}.device()", RV.Name).str();
    } else if (isLocReduction(RV.Op)) {
      Pro += formatv("using {0} = std::remove_reference_t<decltype({1})>;\n",
                     typeAlias(RV.IndexName), RV.IndexName);
      Pro += formatv("{0}<hpprt::{1}, {2}, {3}> hpp_red_{4}(hpp_launch, {4}, {5});\n",
                     rt("LocReduction"), Op, typeAlias(RV.Name), typeAlias(RV.IndexName),
                     RV.Name, RV.IndexName);
      Captures += formatv(", hpp_dev_{0} = hpp_red_{0}.device()", RV.Name).str();
    } else {
      Pro += formatv("{0}<{1}, {2}> hpp_red_{3}(hpp_launch, {3}{4});\n", rt("Reduction"),
                     OpText.type(), typeAlias(RV.Name), RV.Name, OpText.argument());
      Captures += formatv(", hpp_dev_{0} = hpp_red_{0}.device()", RV.Name).str();
    }
  }
  Pro += formatv("auto hpp_body = [{0}] __device__ (const {1} &hpp_ctx) {{\n", Captures,
                 rt("Ctx"));
  std::string Header;
  if (Scan) {
    // Each thread takes scan_items iterations, warp-striped so that every
    // round of a warp covers 32 consecutive ones (coalesced). Pass 1 keeps
    // each item's contribution; the runtime turns them into exclusive
    // prefixes (block scan and decoupled look-back); pass 2 runs the body
    // from each item's prefix.
    std::string First;
    for (const ReductionVar &RV : L.Reductions)
      if (RV.InScan && First.empty())
        First = RV.Name;
    Pro += formatv("const hpprt::index_t hpp_tile = {0}(hpp_dev_{1});\n", rt("scan_tile"),
                   First);
    std::string Items = rt("scan_items");
    // Pass 2 skips the input phase when the scan phase needs nothing it
    // declares: each item then starts from its prefix as the scan phase
    // sees it (inclusive or exclusive), and the input is read once.
    bool DropInput = inputPhaseDroppable(L);
    bool Inclusive = DropInput && L.ScanSeparator->Inclusive;
    for (const ReductionVar &RV : L.Reductions)
      if (RV.InScan)
        Pro += formatv("{0} hpp_items_{1}[{2}];\n", typeAlias(RV.Name), RV.Name, Items).str() +
               (Inclusive ? std::string()
                          : formatv("{0} hpp_last_{1} = hpprt::{2}::identity<{0}>();\n",
                                    typeAlias(RV.Name), RV.Name, getReductionRuntimeType(RV.Op))
                                .str());
    Pro += "// scan, pass 1: each item's contribution, from the identity\n";
    Pro += formatv("for (int hpp_k = 0; hpp_k < {0}; ++hpp_k) {{\n", Items);
    Pro += formatv("const hpprt::index_t hpp_iv0 = {0}(hpp_tile, hpp_k);\n", rt("scan_item"));
    Pro += rootShadows(L, /*Scans=*/true);
    Pro += "if (hpp_iv0 < hpp_n0) { " + indexDecls(L, id(L), "hpp_iv0") + "\n" +
           scanInputPhase(L, Edit) + "}\n";
    for (const ReductionVar &RV : L.Reductions)
      if (RV.InScan)
        Pro += formatv("hpp_items_{0}[hpp_k] = {0};\n", RV.Name).str() +
               (Inclusive ? std::string()
                          : formatv("if (hpp_iv0 == hpp_n0 - 1) hpp_last_{0} = {0};\n", RV.Name)
                                .str());
    Pro += "}\n";
    for (const ReductionVar &RV : L.Reductions)
      if (RV.InScan)
        Pro += formatv("{0}<{1}>(hpp_dev_{2}, hpp_tile, hpp_items_{2});\n",
                       rt("scan_prefixes_in_place"), Inclusive ? "true" : "false", RV.Name);
    Pro += DropInput ? "// scan, pass 2: the scan phase, from each item's prefix\n"
                     : "// scan, pass 2: the body, from each item's exclusive prefix\n";
    Pro += rootShadows(L, /*Scans=*/false);
    Header = formatv("for (int hpp_k = 0; hpp_k < {0}; ++hpp_k) {{ const hpprt::index_t "
                     "hpp_iv0 = {1}(hpp_tile, hpp_k); if (hpp_iv0 >= hpp_n0) continue; ",
                     Items, rt("scan_item"))
                 .str();
    for (const ReductionVar &RV : L.Reductions) {
      if (!RV.InScan)
        continue;
      StringRef Op = getReductionRuntimeType(RV.Op);
      Header += formatv("{0} {1} = hpp_items_{1}[hpp_k]; ", typeAlias(RV.Name), RV.Name);
      // The total, kept by the item that ends the loop.
      Header += formatv("if (hpp_iv0 == hpp_n0 - 1) {{ {0} hpp_total = {1}; ", typeAlias(RV.Name),
                        RV.Name);
      if (!Inclusive)
        Header += formatv("hpprt::{0}::join(hpp_total, hpp_last_{1}); ", Op, RV.Name);
      Header += formatv("{0}(hpp_dev_{1}, hpp_total); } ", rt("scan_store_total"), RV.Name);
    }
    if (DropInput)
      if (Error E = dropInputPhase(L))
        return E;
  } else {
    Pro += rootShadows(L, /*Scans=*/false);
    Header = Team ? formatv("for (hpprt::index_t hpp_iv0 = {0}; hpp_iv0 < hpp_n0; hpp_iv0 "
                            "+= {1}) {{ ",
                            rt("league_rank0()"), rt("league_stride()"))
                        .str()
                  : formatv("for (hpprt::index_t hpp_iv0 = {0}; hpp_iv0 < hpp_n0; hpp_iv0 "
                            "+= {1}) {{ ",
                            rt("global_rank()"), rt("global_size()"))
                        .str();
  }
  Header += indexDecls(L, id(L), "hpp_iv0");
  std::string Indent = Edit.indentOf(L.Pragma.Begin);
  if (Error E = Edit.replace(L.Pragma.Begin, L.Pragma.End,
                             SourceEditor::indentBlock(Pro, Indent)))
    return E;
  if (Error E = rewriteLoopHeaders(L, Header, Edit))
    return E;

  std::string Epi = "}\n";
  StringRef Every = Team ? "false" : "true";
  for (const ReductionVar &RV : L.Reductions) {
    if (RV.InScan)
      continue;
    if (isLocReduction(RV.Op))
      Epi += formatv("{0}(hpp_dev_{1}, {1}, {2}, {3});\n", rt("finish_loc_reduction"),
                     RV.Name, RV.IndexName, Every);
    else
      Epi += formatv("{0}(hpp_dev_{1}, {1}, {2}{3});\n", rt("finish_reduction"), RV.Name, Every,
                     ReductionOpText(id(L), RV).argument());
  }
  Epi += "};\n";
  Epi += formatv("{0}(hpp_launch, {1}<decltype(hpp_body)>, hpp_body);\n", rt("launch"),
                 KernelName);
  for (const ReductionVar &RV : L.Reductions) {
    if (RV.InScan)
      Epi += formatv("{0} = hpp_scan_{0}.result();\n", RV.Name);
    else if (isLocReduction(RV.Op))
      Epi += formatv("std::tie({0}, {1}) = hpp_red_{0}.result();\n", RV.Name, RV.IndexName);
    else
      Epi += formatv("{0} = hpp_red_{0}.result();\n", RV.Name);
  }
  Epi += formatv("} // hpp region '{0}'\n", R.Name);
  return Edit.insert(getEndOfStmt(L.Dims.back().Loop->getBody(), Ctx),
                     "\n" + SourceEditor::indentBlock(Epi, Indent));
}

/// The runtime functions that distribute and all-reduce a nested loop.
struct LevelFunctions {
  StringRef Rank, Size, AllReduce, Broadcast, Leader;
};

LevelFunctions functionsFor(LoopLevel L) {
  switch (L) {
  case LoopLevel::Thread:
    return {"thread_rank()", "team_size()", "thread_allreduce", "team_broadcast",
            "is_team_leader()"};
  case LoopLevel::Vector:
    return {"vector_rank()", "vector_length()", "vector_allreduce", "vector_broadcast",
            "is_vector_leader()"};
  default:
    return {"team_vector_rank()", "team_vector_size()", "team_vector_allreduce",
            "team_broadcast", "is_team_leader()"};
  }
}

Error GPURegionWriter::emitNestedLoop(const Construct &L) {
  if (L.ScanSeparator)
    return emitNestedScan(L);
  LevelFunctions F = functionsFor(L.Level);
  std::string Pro = formatv("{{ // hpp {0} loop over {1} / {2}\n", getLoopLevelName(L.Level),
                            F.Rank, F.Size);
  Pro += boundsDecls(L, id(L));
  // Each thread starts from the identity; afterwards all of them continue
  // from the value a serial loop would have left.
  for (const ReductionVar &RV : L.Reductions) {
    ReductionOpText OpText(id(L), RV);
    if (!reducerFromOutside(RV))
      Pro += OpText.decl();
    Pro += formatv("auto hpp_save_{0} = {0};\n", RV.Name);
    if (isLocReduction(RV.Op))
      Pro += formatv("auto hpp_save_{0} = {0};\n", RV.IndexName);
    Pro += formatv("{0} = {1};\n", RV.Name, OpText.identityLike(RV.Name));
    if (isLocReduction(RV.Op))
      Pro += formatv("{0} = std::numeric_limits<std::remove_reference_t<decltype({0})>>::max();\n",
                     RV.IndexName);
  }
  // A counted 32-bit loop: nvcc unrolls and pipelines it, which it does not
  // do for a 64-bit loop with a run-time step (docs/performance.md).
  std::string K = id(L), Iv = "hpp_iv" + K;
  Pro += formatv("const int hpp_r{0} = {1}, hpp_s{0} = {2};\n", K, rt(F.Rank), rt(F.Size));
  auto Count = [&](StringRef Step) {
    return formatv("const int hpp_c{0} = {1}(hpp_n{0}, hpp_r{0}, {2});\n", K,
                   rt("lane_trip_count"), Step)
        .str();
  };
  auto CountedHeader = [&](StringRef Step) {
    return formatv("for (int hpp_k{0} = 0; hpp_k{0} < hpp_c{0}; ++hpp_k{0}) {{ const "
                   "hpprt::index_t {1} = hpp_r{0} + static_cast<hpprt::index_t>(hpp_k{0}) * "
                   "{2}; ",
                   K, Iv, Step)
               .str() +
           indexDecls(L, K, Iv);
  };
  // The common AUTO shapes get a copy with the step known at compile time,
  // as a template would: 32 lanes for a vector loop, 256 threads for a
  // team-vector loop. The division in the trip count becomes a shift.
  StringRef Step = L.Level == LoopLevel::Vector       ? "32"
                   : L.Level == LoopLevel::TeamVector ? "256"
                                                      : "";
  bool Specialise = !Step.empty();
  if (Specialise) {
    const Stmt *Body = L.Dims.back().Loop->getBody();
    Pro += formatv("if (hpp_s{0} == {1}) {{\n", K, Step);
    Pro += Count(Step) + CountedHeader(Step) + "\n" + Edit.lineDirective(Body->getBeginLoc()) +
           "\n" + Edit.indentOf(Body->getBeginLoc()) +
           Edit.rewrittenText(Body->getBeginLoc(), getEndOfStmt(Body, Ctx)) + "\n}\n";
    Pro += "} else {\n";
  }
  Pro += Count("hpp_s" + K);
  std::string Indent = Edit.indentOf(L.Pragma.Begin);
  if (Error E = Edit.replace(L.Pragma.Begin, L.Pragma.End,
                             SourceEditor::indentBlock(Pro, Indent)))
    return E;
  if (Error E = rewriteLoopHeaders(L, CountedHeader("hpp_s" + K), Edit))
    return E;
  std::string Epi = Specialise ? "}\n}\n" : "}\n";
  for (const ReductionVar &RV : L.Reductions) {
    StringRef Op = getReductionRuntimeType(RV.Op);
    if (isLocReduction(RV.Op)) {
      Epi += formatv("{0}_loc<hpprt::{1}>({2}, {3});\n", rt(F.AllReduce), Op, RV.Name,
                     RV.IndexName);
      Epi += formatv("if (hpprt::{0}::better({1}, hpp_save_{1})) {{ hpp_save_{1} = {1}; "
                     "hpp_save_{2} = {2}; }\n",
                     Op, RV.Name, RV.IndexName);
      Epi += formatv("{0} = hpp_save_{0};\n{1} = hpp_save_{1};\n", RV.Name, RV.IndexName);
    } else {
      ReductionOpText OpText(id(L), RV);
      Epi += formatv("{0} = {1};\n", RV.Name, OpText.collective(rt(F.AllReduce), RV.Name));
      Epi += formatv("{0};\n{1} = hpp_save_{1};\n", OpText.join("hpp_save_" + RV.Name, RV.Name),
                     RV.Name);
    }
  }
  Epi += "}";
  return Edit.insert(getEndOfStmt(L.Dims.back().Loop->getBody(), Ctx),
                     "\n" + SourceEditor::indentBlock(Epi, Indent));
}

Error GPURegionWriter::emitNestedScan(const Construct &L) {
  // A scan inside a team runs in order on one thread, then everyone gets
  // the results: correct for any body, and rarely the hot loop.
  for (const auto &Child : L.Children)
    if (Child->Kind != ConstructKind::Scan) {
      Diags.report(Child->Loc, Diag::err_gpu_scan_with_constructs)
          << getLoopLevelName(L.Level) << D.DisplayName;
      Failed = true;
      return Error::success();
    }
  LevelFunctions F = functionsFor(L.Level);
  std::string Pro = formatv("{{ // hpp {0} loop with a scan: in order on one thread\n",
                            getLoopLevelName(L.Level));
  Pro += boundsDecls(L, id(L));
  Pro += formatv("if ({0}) {{\n", rt(F.Leader));
  std::string Indent = Edit.indentOf(L.Pragma.Begin);
  if (Error E = Edit.replace(L.Pragma.Begin, L.Pragma.End,
                             SourceEditor::indentBlock(Pro, Indent)))
    return E;
  std::string Iv = "hpp_iv" + id(L);
  std::string Header =
      formatv("for (hpprt::index_t {0} = 0; {0} < hpp_n{1}; ++{0}) {{ ", Iv, id(L));
  Header += indexDecls(L, id(L), Iv);
  if (Error E = rewriteLoopHeaders(L, Header, Edit))
    return E;
  std::string Epi = "}\n}\n";
  for (const ReductionVar &RV : L.Reductions) {
    Epi += formatv("{0} = {1}({0});\n", RV.Name, rt(F.Broadcast));
    if (isLocReduction(RV.Op))
      Epi += formatv("{0} = {1}({0});\n", RV.IndexName, rt(F.Broadcast));
  }
  Epi += "}";
  return Edit.insert(getEndOfStmt(L.Dims.back().Loop->getBody(), Ctx),
                     "\n" + SourceEditor::indentBlock(Epi, Indent));
}

Error GPURegionWriter::emitScratch(const Construct &C) {
  const ScratchArray &A = R.Scratch[C.ScratchIndex];
  std::string Note = formatv("// hpp scratch '{0}': level {1} ({2}), per {3}, {4} bytes\n",
                             A.Name, A.Level, A.Level == 0 ? "shared memory" : "global pool",
                             A.PerThread ? "thread" : "team", A.BytesExpr);
  if (Error E = Edit.replace(C.Pragma.Begin, C.Pragma.End, Note))
    return E;
  std::string Base = formatv("hpp_ctx.scratch{0}()", A.Level);
  if (A.PerThread)
    Base += formatv(" + hpp_ctx.scratch{0}_team_bytes + {1} * hpp_ctx.scratch{0}_thread_bytes",
                    A.Level, rt("thread_rank()"));
  std::string Address = formatv("{0} + hpp_scratch_off{1}", Base, C.ScratchIndex);
  return Edit.replace(C.S->getBeginLoc(), getEndOfStmt(C.S, Ctx),
                      scratchPointerDecl(A, Address));
}

Error GPURegionWriter::emitAtomic(const Construct &C) {
  if (C.AtomicVar && !C.AtomicVar->getType()->isReferenceType()) {
    Diags.report(C.S->getBeginLoc(), Diag::err_gpu_atomic_variable)
        << C.AtomicVar->getName() << D.DisplayName;
    Failed = true;
    return Error::success();
  }
  std::string Guard = guardFor(execLevelOf(C));
  if (Error E = Edit.replace(C.Pragma.Begin, C.Pragma.End,
                             Guard.empty() ? "// hpp atomic\n"
                                           : "// hpp atomic, once per team or thread\n"))
    return E;
  std::string Call;
  if (C.Atomic == AtomicOp::Inc || C.Atomic == AtomicOp::Dec)
    Call = formatv("{0}(&({1}));", rt(("atomic_" + atomicOpName(C.Atomic)).str()),
                   C.AtomicTarget);
  else
    Call = formatv("{0}(&({1}), static_cast<std::decay_t<decltype({1})>>({2}));",
                   rt(("atomic_" + atomicOpName(C.Atomic)).str()), C.AtomicTarget,
                   C.AtomicValue);
  if (!Guard.empty())
    Call = "if (" + Guard + ") " + Call;
  return Edit.replace(C.S->getBeginLoc(), getEndOfStmt(C.S, Ctx), Call);
}

Error GPURegionWriter::emitSingle(const Construct &C) {
  ExecLevel Level = C.PerThread ? ExecLevel::Thread : ExecLevel::Team;
  std::string Guard = guardFor(Level);
  if (Error E = Edit.replace(C.Pragma.Begin, C.Pragma.End,
                             formatv("{{ // hpp single per {0}\nif ({1})\n",
                                     C.PerThread ? "thread" : "team", Guard)
                                 .str()))
    return E;
  std::string Epi;
  for (const VarDecl *V : C.Broadcast)
    Epi += formatv("{0} = {1}({0});\n", V->getName(),
                   rt(C.PerThread ? "vector_broadcast" : "team_broadcast"));
  Epi += "}";
  return Edit.insert(getEndOfStmt(C.S, Ctx),
                     "\n" + SourceEditor::indentBlock(Epi, Edit.indentOf(C.Pragma.Begin)));
}

Error GPURegionWriter::emitConstruct(const Construct &C) {
  for (const auto &Child : C.Children)
    if (Error E = emitConstruct(*Child))
      return E;
  switch (C.Kind) {
  case ConstructKind::Loop:
    return &C == R.Root.get() ? emitRoot() : emitNestedLoop(C);
  case ConstructKind::Scratch:
    return emitScratch(C);
  case ConstructKind::Atomic:
    return emitAtomic(C);
  case ConstructKind::Single:
    return emitSingle(C);
  case ConstructKind::Barrier:
    if (C.Inserted)
      return Edit.insertBefore(C.InsertLoc, rt("team_barrier();") + " // hpp: barrier inserted: " +
                                                C.Reason + "\n");
    return Edit.replace(C.Pragma.Begin, C.Pragma.End,
                        rt("team_barrier();") + " // hpp barrier\n");
  case ConstructKind::Scan:
    return Edit.replace(C.Pragma.Begin, C.Pragma.End,
                        formatv("// hpp scan {0}({1})\n", C.Inclusive ? "inclusive" : "exclusive",
                                join(C.ScanVars, ", "))
                            .str());
  }
  llvm_unreachable("unknown construct kind");
}

/// Puts the statements of \p Body that have side effects under the guard of
/// \p Level: writes to memory happen once per team (or thread), as in the
/// serial program; pure computations run on every thread, so every thread
/// has the values later statements read.
Error GPURegionWriter::guardStatements(const Stmt *Body, ExecLevel Level) {
  SmallVector<const Stmt *, 8> Stmts;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Stmts.append(CS->body_begin(), CS->body_end());
  else
    Stmts.push_back(Body);
  for (const Stmt *S : Stmts) {
    if (Annotated.count(S))
      continue;
    SourceLocation Begin = S->getBeginLoc(), End = getEndOfStmt(S, Ctx);
    bool HasConstruct = false;
    R.forEachConstruct([&](const Construct &C) {
      // Inserted barriers go before a statement, not into it.
      if (&C != R.Root.get() && !C.Inserted && offset(Begin) <= offset(C.Loc) &&
          offset(C.Loc) < offset(End))
        HasConstruct = true;
    });
    if (HasConstruct) {
      auto Recurse = [&](const Stmt *Sub) -> Error {
        return Sub ? guardStatements(Sub, Level) : Error::success();
      };
      if (isa<CompoundStmt>(S)) {
        if (Error E = Recurse(S))
          return E;
      } else if (const auto *If = dyn_cast<IfStmt>(S)) {
        if (Error E = Recurse(If->getThen()))
          return E;
        if (Error E = Recurse(If->getElse()))
          return E;
      } else if (const auto *For = dyn_cast<ForStmt>(S)) {
        if (Error E = Recurse(For->getBody()))
          return E;
      } else if (const auto *While = dyn_cast<WhileStmt>(S)) {
        if (Error E = Recurse(While->getBody()))
          return E;
      } else if (const auto *Do = dyn_cast<DoStmt>(S)) {
        if (Error E = Recurse(Do->getBody()))
          return E;
      } else {
        Diags.report(Begin, Diag::err_gpu_construct_in_statement) << D.DisplayName;
        Failed = true;
      }
      continue;
    }
    if (!hasSideEffects(S))
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      const auto *V = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      Diags.report(Begin, Diag::err_gpu_effectful_decl)
          << (V ? V->getName() : "variable") << D.DisplayName
          << (Level == ExecLevel::Team ? "team" : "thread");
      Failed = true;
      continue;
    }
    if (Error E = Edit.insert(Begin, "if (" + guardFor(Level) + ") { "))
      return E;
    if (Error E = Edit.insert(End, " }"))
      return E;
  }
  return Error::success();
}

bool GPURegionWriter::checkDeviceCode() {
  DeviceCodeChecker Checker(Diags, D.DisplayName);
  Checker.TraverseStmt(const_cast<Stmt *>(R.Root->S));
  for (const CalledFunction &F : R.Calls)
    Checker.TraverseStmt(F.Fn->getBody());
  return Checker.Ok;
}

/// Functions called from the region are compiled for host and device:
/// those written in this file get `__host__ __device__`; those elsewhere
/// must say so themselves (HPP_FUNCTION).
Error GPURegionWriter::annotateDeviceFunctions() {
  for (const CalledFunction &F : R.Calls) {
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
    if (!SM.isInMainFile(Loc)) {
      Diags.report(F.CallLoc, Diag::err_gpu_function_elsewhere)
          << F.Name << D.DisplayName << SM.getFilename(Loc);
      Failed = true;
      continue;
    }
    // Lambdas take the annotation before their parameter list.
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Fn); MD && MD->getParent()->isLambda()) {
      if (inRegion(MD->getLocation()))
        continue; // Lambdas inside device code are device lambdas already.
      if (MD->getParent()->isGenericLambda()) {
        Diags.report(F.CallLoc, Diag::err_gpu_generic_lambda) << D.DisplayName;
        Failed = true;
        continue;
      }
      for (const LambdaCapture &C : MD->getParent()->captures())
        if (C.getCaptureKind() == LCK_ByRef) {
          Diags.report(F.CallLoc, Diag::err_gpu_lambda_by_reference) << D.DisplayName;
          Failed = true;
          break;
        }
      SourceLocation At;
      std::string Text = "__host__ __device__ ";
      if (TypeSourceInfo *TSI = MD->getTypeSourceInfo())
        if (auto FTL = TSI->getTypeLoc().getAs<FunctionTypeLoc>())
          At = FTL.getLParenLoc();
      if (At.isInvalid() || !At.isFileID()) {
        At = MD->getBody()->getBeginLoc();
        Text = "__host__ __device__ () ";
      }
      if (AnnotatedOffsets.insert(offset(At)).second)
        if (Error E = Edit.insert(At, Text))
          return E;
      continue;
    }
    for (const FunctionDecl *Redecl : Fn->redecls()) {
      SourceLocation At = SM.getExpansionLoc(Redecl->getInnerLocStart());
      if (!SM.isInMainFile(At) || !AnnotatedOffsets.insert(offset(At)).second)
        continue;
      if (Error E = Edit.insert(At, "__host__ __device__ "))
        return E;
    }
  }
  return Error::success();
}

/// nvcc's extended lambdas need an enclosing function whose address can be
/// taken, public, in a public class (CUDA C++ programming guide, extended
/// lambda restrictions).
bool GPURegionWriter::checkEnclosingFunction() {
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
    Diags.report(R.Root->Pragma.KindLoc, Diag::err_gpu_enclosing_function)
        << D.DisplayName << Reason;
    return false;
  }
  // The device lambda captures *this by copy; the copy must be a plain
  // bit-copy, or its destructor would free what the original owns.
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Fn); MD && R.CapturesThis) {
    const CXXRecordDecl *RD = MD->getParent();
    if (RD->hasDefinition() && !RD->isDependentContext() && !RD->isTriviallyCopyable()) {
      Diags.report(R.Root->Pragma.KindLoc, Diag::err_gpu_this_copy)
          << D.DisplayName << RD->getName();
      return false;
    }
  }
  for (const VarDecl *V : R.Globals) {
    Diags.report(R.Root->Pragma.KindLoc, Diag::err_gpu_global_variable)
        << D.DisplayName << V->getName();
    Diags.report(V->getLocation(), Diag::note_declared_here) << V->getName();
    return false;
  }
  // The device lambda gets a copy of a local array: what the region writes
  // into it would be lost (an API body capturing by reference meets this).
  for (const Capture &C : R.Captures) {
    if (!C.Var || !C.Var->getType()->isArrayType())
      continue;
    if (const Expr *Use = findArrayUseBeyondReads(C.Var)) {
      Diags.report(Use->getExprLoc(), Diag::err_gpu_local_array_written)
          << D.DisplayName << C.Name;
      Diags.report(C.Var->getLocation(), Diag::note_declared_here) << C.Name;
      return false;
    }
  }
  return true;
}

/// The first use of local array \p V in the region that may write its
/// elements or let them escape: anything but reading an element (through
/// subscripts and member accesses down to a load).
const Expr *GPURegionWriter::findArrayUseBeyondReads(const VarDecl *V) const {
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

/// User reductions move values and reducers as bytes (shuffles, shared
/// memory, the grid combine, the copy into the kernel), and a device
/// lambda cannot capture an object whose type is local to a function: the
/// outermost loop's reduction objects and reducers from outside the region
/// are captured. (Dependent types are checked by the runtime's
/// static_asserts when nvcc instantiates them.)
bool GPURegionWriter::checkUserReductions() {
  bool Ok = true;
  auto Check = [&](const Construct &L, const ReductionVar &RV, const VarDecl *V, bool Reducer) {
    QualType T = V->getType().getNonReferenceType();
    if (T->isDependentType())
      return;
    StringRef Name = Reducer ? StringRef(RV.UserReducer) : StringRef(RV.Name);
    bool Captured = &L == R.Root.get() || (Reducer && reducerFromOutside(RV));
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (!T.isTriviallyCopyableType(Ctx)) {
      Diags.report(RV.Loc, Diag::err_gpu_user_reduction_copy)
          << Reducer << Name << getTypeName(T, Ctx) << D.DisplayName;
      Ok = false;
    } else if (Captured && RD && RD->isLocalClass()) {
      Diags.report(RV.Loc, Diag::err_gpu_user_reduction_local_type)
          << Reducer << Name << getTypeName(T, Ctx) << D.DisplayName;
      Ok = false;
    } else {
      return;
    }
    if (L.Pragma.isValid())
      Diags.report(L.Pragma.KindLoc, Diag::note_loop_pragma) << L.Pragma.Spelling;
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

Error GPURegionWriter::run() {
  if (!checkEnclosingFunction() || !checkDeviceCode() || !checkUserReductions())
    return Error::success();
  if (Error E = emitConstruct(*R.Root))
    return E;
  // Guards after the constructs, so that a barrier inserted before a
  // statement stays outside the statement's guard.
  if (R.isTeamRegion()) {
    if (Error E = guardStatements(R.Root->Dims.back().Loop->getBody(), ExecLevel::Team))
      return E;
    Error Err = Error::success();
    R.forEachConstruct([&](const Construct &C) {
      if (!Err && C.isLoop() && C.Level == LoopLevel::Thread && !C.ScanSeparator)
        Err = guardStatements(C.Dims.back().Loop->getBody(), ExecLevel::Thread);
    });
    if (Err)
      return Err;
  }
  return annotateDeviceFunctions();
}

/// Kernel names: the region's name, made unique when two regions share it.
std::string kernelNameFor(const TranslationModel &Model, const Region &R) {
  unsigned Same = 0;
  for (const Region &Other : Model.Regions)
    Same += Other.Name == R.Name;
  std::string Name = identifierFor("hpp_kernel_", R.Name);
  return Same > 1 ? Name + "_" + std::to_string(R.Id) : Name;
}

class GPUEmitter : public Emitter {
public:
  explicit GPUEmitter(const GPUDialect &D) : D(D) {}

  Backend backend() const override { return D.Target; }

  std::vector<std::string> parseArguments() const override {
    // HPP_FUNCTION marks functions in headers as device-callable; while
    // hppc parses, it becomes an annotation that hppc can see.
    return {"-DHPP_FUNCTION=__attribute__((annotate(\"hpp_function\")))"};
  }

  std::string fileHeader(const TranslationModel &Model) const override {
    std::string Out = formatv("#define {0} 1\n#include <{1}>\n", D.BackendMacro, D.Header);
    for (const Region &R : Model.Regions) {
      // Scans keep each item's contribution and prefix in registers; four
      // resident blocks per multiprocessor keep enough loads in flight.
      std::string Bounds = R.Root->ScanSeparator
                               ? formatv("__launch_bounds__({0}::scan_block, 4) ", D.Runtime).str()
                               : "";
      Out += formatv("template <class F> __global__ void {0}{1}(F hpp_f, {2}::Ctx hpp_ctx) {{ "
                     "hpp_f(hpp_ctx); }\n",
                     Bounds, kernelNameFor(Model, R), D.Runtime);
    }
    return Out;
  }

  Error emitRegion(const Region &R, SourceEditor &Edit, Diagnoser &Diags) override {
    assert(Model && "begin() must be called before emitRegion()");
    return GPURegionWriter(R, kernelNameFor(*Model, R), Edit, Diags, D, AnnotatedOffsets)
        .run();
  }

  void begin(const TranslationModel &M) override { Model = &M; }

  Error emitFreeAtomic(const Construct &C, SourceEditor &Edit) override {
    if (Error E = Edit.replace(C.Pragma.Begin, C.Pragma.End, "// hpp atomic\n"))
      return E;
    std::string Op = ("atomic_" + atomicOpName(C.Atomic)).str();
    std::string Call =
        C.Atomic == AtomicOp::Inc || C.Atomic == AtomicOp::Dec
            ? formatv("{0}::{1}(&({2}));", D.Runtime, Op, C.AtomicTarget).str()
            : formatv("{0}::{1}(&({2}), static_cast<std::decay_t<decltype({2})>>({3}));",
                      D.Runtime, Op, C.AtomicTarget, C.AtomicValue)
                  .str();
    return Edit.replace(C.S->getBeginLoc(), getEndOfStmt(C.S, Edit.context()), Call);
  }

  std::string describeMapping(const Construct &L) const override {
    if (L.ScanSeparator && L.Level != LoopLevel::Flat)
      return "in order on one thread, results broadcast";
    switch (L.Level) {
    case LoopLevel::Team:
      return "one block per team, grid-stride over the league; team leader runs "
             "team-level side effects";
    case LoopLevel::Flat:
      return L.ScanSeparator ? "single-pass scan with decoupled look-back"
                             : "grid-stride over all threads of the grid";
    case LoopLevel::Thread:
      return "threadIdx.y (the team's threads)";
    case LoopLevel::Vector:
      return "threadIdx.x (lanes of one thread, within a warp)";
    case LoopLevel::TeamVector:
      return "all threads and lanes of the block";
    }
    llvm_unreachable("unknown loop level");
  }

private:
  const GPUDialect &D;
  const TranslationModel *Model = nullptr;
  DenseSet<unsigned> AnnotatedOffsets;
};

} // namespace

std::unique_ptr<Emitter> createGPUEmitter(const GPUDialect &Dialect) {
  return std::make_unique<GPUEmitter>(Dialect);
}

} // namespace hpp
