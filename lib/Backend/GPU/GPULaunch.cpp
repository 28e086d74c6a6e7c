//===- GPULaunch.cpp - A region's outermost loop as a kernel launch -------===//
///
/// \file
/// The outermost loop becomes a block: the launch configuration, scratch
/// offsets and reduction handles on the host (the prologue), a device
/// lambda whose loop is grid-strided over the league or the iterations,
/// and after the lambda the launch and the results copied back (the
/// epilogue).
///
//===----------------------------------------------------------------------===//

#include "Analysis/HostVisibility.h"
#include "Backend/GPU/GPUData.h"
#include "Backend/GPU/GPURegionWriter.h"
#include "Basic/ASTUtils.h"
#include "Basic/SourceEditor.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {

std::string typeAlias(StringRef Var) { return ("hpp_type_" + Var).str(); }

/// A flat loop without results runs one iteration per thread: the
/// runtime's grid covers the trip count.
static bool runsOnePerThread(const Construct &L) {
  return L.Level != LoopLevel::Team && !L.ScanSeparator && L.Reductions.empty();
}

/// Such a loop over collapsed loops may run as tiles of rows of the
/// innermost loop (hpprt's tile_collapsed): by default where its rows read
/// memory in common, else where the autotuner finds tiles faster.
static bool mayRunAsTiles(const Region &R) {
  const Construct &L = *R.Root;
  return runsOnePerThread(L) && L.Dims.size() > 1;
}

std::string GPURegionWriter::rootShadows(const Construct &L, bool Scans) const {
  std::string Out;
  for (const ReductionVar &RV : L.Reductions) {
    if (RV.InScan != Scans)
      continue;
    Out += formatv("{0} {1} = {2};\n", typeAlias(RV.Name), RV.Name,
                   ReductionOpText(id(L), RV).identity(typeAlias(RV.Name)));
    // A thread without candidates must lose every tie.
    if (isLocReduction(RV.Op))
      Out += formatv("{0} {1} = hpprt::loc_identity_index<hpprt::{2}, {0}>();\n",
                     typeAlias(RV.IndexName), RV.IndexName, runtimeOpType(RV));
  }
  return Out;
}

std::string GPURegionWriter::scratchPrologue() const {
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

/// The launch configuration, evaluated on the host before the kernel.
std::string GPURegionWriter::launchPrologue(std::string &Captures) const {
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
  if (mayRunAsTiles(R)) {
    Pro += formatv("hpp_launch.row_length = hpp_n{0}_{1};\n", id(L), L.Dims.size() - 1).str();
    if (R.RowsShareReads)
      Pro += "hpp_launch.rows_share_reads = true;\n";
  }
  // The clauses' texts carry the pragma's line, where a compiler would
  // report their errors.
  std::string PragmaLine = Edit.lineDirective(L.Pragma.Begin);
  auto Clause = [&](const Twine &Statement) {
    return SourceEditor::userCopy(PragmaLine, Statement.str()) + "\n";
  };
  if (!L.TeamSizeText.empty())
    Pro += Clause("hpp_launch.team_size = static_cast<int>(" + L.TeamSizeText + ");");
  if (!L.VectorLengthText.empty())
    Pro += Clause("hpp_launch.vector_length = static_cast<int>(" + L.VectorLengthText + ");");
  if (!L.LeagueText.empty())
    Pro += Clause("hpp_launch.league_cap = static_cast<hpprt::index_t>(" + L.LeagueText + ");");
  // tile(...): its two innermost sizes are a block of rows of a strip's
  // width (the runtime's collapsed_cell); outer sizes have no GPU meaning
  // here, since a block's rows are consecutive rows of the collapsed space.
  if (mayRunAsTiles(R) && L.Tile.size() == L.Dims.size()) {
    const size_t Last = L.Tile.size() - 1;
    Pro += Clause("hpp_launch.tile_band = static_cast<int>(" + L.Tile[Last - 1] + ");");
    Pro += Clause("hpp_launch.tile_width = static_cast<int>(" + L.Tile[Last] + ");");
  }
  if (R.hasVectorLoops())
    Pro += "hpp_launch.nested_vector = true;\n";
  if (R.TeamWidth)
    Pro += formatv("hpp_launch.team_width = {0};\n", R.TeamWidth).str();
  // The vector loops' trip counts, as every team computes them: AUTO
  // vector lengths follow them (hpprt's vector_for_trips).
  if (!R.SizedVectorLoops.empty()) {
    Pro += "{ // trip counts of the vector loops\n";
    for (auto [I, C] : llvm::enumerate(R.SizedVectorLoops)) {
      std::string K = "v" + std::to_string(I);
      Pro += boundsDecls(*C, K);
      Pro += formatv("hpp_launch.vector_trips = std::max(hpp_launch.vector_trips, hpp_n{0});\n",
                     K);
    }
    Pro += "}\n";
    if (!R.sizedVectorLoopsReduce())
      Pro += "hpp_launch.vector_reductions = false;\n";
  }
  // A copy of the stream keeps a managed one alive until the region's
  // block ends (its last copy then waits for it).
  if (!L.StreamText.empty())
    Pro += Clause("const hpp::Stream hpp_stream = (" + L.StreamText + ");") +
           "hpp_launch.on(hpp_stream);\n";
  if (L.Nowait)
    Pro += "hpp_launch.nowait = true;\n";
  // Mapped items are copied in before the launch and out when the region's
  // block ends; captured pointers then name their device copies.
  Pro += dataScopeText(D, L.Maps, "hpp_map", Edit.fileName(), R.Line, "hpp_launch.stream");
  Pro += presentCaptures(D, R, Captures);
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
  // Host memory the device cannot reach is an error naming the variable in
  // every build: a lookup for what hpp allocated or mapped, so release
  // builds keep it (a fault in the kernel would name neither it nor a fix).
  for (const Capture &C : R.Captures)
    if (C.IsPointer)
      Pro += formatv("hpp_launch.check_pointer({0}, \"{1}\");\n", firstMappedAddress(R, C),
                     C.Name);
    else if (C.IsView)
      Pro += formatv("hpp_launch.check_pointer({0}.data(), \"{0}\");\n", C.Name);
  // The region's copy of the object carries these members' host addresses:
  // memory the device cannot reach, or mapped data whose device copy the
  // region would miss (then overwritten by the stale copy at the map's
  // exit, a wrong answer where the host memory is reachable).
  for (const std::string &M : R.PointerMembersOfThis)
    Pro += formatv("hpp_launch.check_member_pointer(this->{0}, \"{0}\");\n", M);
  // The region need not wait at launch when its pointers are device
  // memory (known only at run time); a result for the host is waited for
  // where the epilogue reads it.
  if (!L.Nowait)
    if (std::optional<std::vector<std::string>> Pointers = memoryEffectsOnlyThroughPointers(R)) {
      // What the device will use: the pointers' device addresses, a View's
      // data, and the device copy of a mapped container.
      for (std::string &P : *Pointers) {
        auto C = llvm::find_if(R.Captures, [&](const Capture &C) {
          return C.Name == P && (C.IsPointer || C.IsView);
        });
        P = C == R.Captures.end()
                ? formatv("{0}::present({0}::section_base({1}))", D.Runtime, P).str()
            : C->IsView ? P + ".data()"
                        : firstMappedAddress(R, *C);
      }
      Pro += formatv("hpp_launch.device_only = hpp_launch.all_device({0});\n",
                     join(*Pointers, ", "));
    }
  return Pro;
}

std::string GPURegionWriter::reductionHandles(std::string &Captures) const {
  const Construct &L = *R.Root;
  std::string Pro;
  // Results into several views: the kernel may write them only where the
  // views share no memory, since it writes them in no particular order.
  SmallVector<std::string, 2> Views;
  for (const ReductionVar &RV : L.Reductions)
    if (RV.ResultCopy)
      Views.push_back(RV.ResultView + ".data()");
  if (Views.size() > 1)
    Pro += formatv("const bool hpp_views_apart = hpp_launch.apart({0});\n", join(Views, ", "));
  for (const ReductionVar &RV : L.Reductions) {
    std::string Op = runtimeOpType(RV);
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
      if (!RV.ResultCopy) {
        Captures += formatv(", hpp_dev_{0} = hpp_red_{0}.device()", RV.Name).str();
      } else {
        // A result that goes on into a rank-0 View: the kernel writes it
        // there when the view's memory is device-only (rootEpilogue).
        std::string Target =
            Views.size() > 1 ? formatv("hpp_views_apart ? {0}.data() : nullptr", RV.ResultView)
                             : RV.ResultView + ".data()";
        Captures +=
            formatv(", hpp_dev_{0} = hpp_red_{0}.device_into({1})", RV.Name, Target).str();
      }
    }
  }
  return Pro;
}

/// Closes the device lambda (each thread's partial results into the
/// reductions), launches it and copies the results back.
std::string GPURegionWriter::rootEpilogue() const {
  const Construct &L = *R.Root;
  std::string Epi = "}\n";
  StringRef Every = L.Level == LoopLevel::Team ? "false" : "true";
  for (const ReductionVar &RV : L.Reductions) {
    // A total the host waits for is ready once every tile is stored.
    if (RV.InScan) {
      if (RV.ReadAfter && !L.Nowait)
        Epi += formatv("{0}(hpp_dev_{1});\n", rt("finish_scan"), RV.Name);
      continue;
    }
    if (isLocReduction(RV.Op))
      Epi += formatv("{0}(hpp_dev_{1}, {1}, {2}, {3});\n", rt("finish_loc_reduction"),
                     RV.Name, RV.IndexName, Every);
    else
      Epi += formatv("{0}(hpp_dev_{1}, {1}, {2}{3});\n", rt("finish_reduction"), RV.Name, Every,
                     ReductionOpText(id(L), RV).argument());
  }
  Epi += "};\n";
  std::string Kernels = KernelName + "<decltype(hpp_body)>";
  // Through the dialect's macro: a null kernel where the dialect compiles
  // no bounded kernel (AMD), so that its template is never instantiated.
  if (hasBoundedKernel(R))
    Kernels +=
        ", HPPRT_GPU_TEAM_BOUNDED(" + boundedKernelName(KernelName) + "<decltype(hpp_body)>)";
  Epi += formatv("{0}(hpp_launch, {1}, hpp_body);\n", rt("launch"), Kernels);
  // With nowait the results reach the variables at the stream's fence.
  // A result nothing reads afterwards is not delivered: the launch then
  // need not wait for it.
  for (const ReductionVar &RV : L.Reductions) {
    // The user's copy into the view follows the region; it is taken out
    // (emitRootLoop), and made here only where the kernel did not.
    if (RV.ResultCopy) {
      Epi += formatv("if (!hpp_red_{0}.delivered())\n  hpp::deep_copy({1}, hpp_red_{0}.result());\n",
                     RV.Name, RV.ResultView);
      continue;
    }
    if (!RV.ReadAfter)
      continue;
    if (L.Nowait)
      Epi += formatv(isLocReduction(RV.Op) ? "hpp_red_{0}.result_at_fence({0}, {1});\n"
                     : RV.InScan           ? "hpp_scan_{0}.result_at_fence({0});\n"
                                           : "hpp_red_{0}.result_at_fence({0});\n",
                     RV.Name, RV.IndexName);
    else if (RV.InScan)
      Epi += formatv("{0} = hpp_scan_{0}.result();\n", RV.Name);
    else if (isLocReduction(RV.Op))
      Epi += formatv("std::tie({0}, {1}) = hpp_red_{0}.result();\n", RV.Name, RV.IndexName);
    else
      Epi += formatv("{0} = hpp_red_{0}.result();\n", RV.Name);
  }
  Epi += formatv("} // hpp region '{0}'\n", R.Name);
  return Epi;
}

Error GPURegionWriter::emitRootLoop(const Construct &L) {
  std::string Captures = R.CapturesThis ? "=, *this" : "=";
  // Members read through the implicit `this`, by name (`n = n` takes
  // this->n on the host); pointer members get their device address in
  // presentCaptures.
  for (const Capture &C : R.Captures)
    if (C.Field && !C.IsPointer)
      Captures += formatv(", {0} = {0}", C.Name).str();
  std::string Pro = launchPrologue(Captures);
  Pro += reductionHandles(Captures);
  Pro += formatv("auto hpp_body = [{0}] __device__ (const {1} &hpp_ctx) {{\n", Captures,
                 rt("Ctx"));
  std::string Header;
  if (L.ScanSeparator) {
    if (Error E = emitScanPasses(L, Pro, Header))
      return E;
    Header += indexDecls(L, id(L), "hpp_iv0");
  } else {
    Pro += rootShadows(L, /*Scans=*/false);
    bool Team = L.Level == LoopLevel::Team;
    // A flat loop without results runs one iteration per thread (the
    // runtime's grid covers the trip count), so its "loop" stops after one
    // pass: nvcc then emits a plain bounds check, ~10% faster than a
    // grid-stride loop on L2-resident data; `continue` still works.
    // Reductions keep the grid-stride loop: their grid is capped.
    bool OnePerThread = runsOnePerThread(L);
    if (mayRunAsTiles(R)) {
      // Collapsed loops take their iteration from the runtime, which may
      // launch them as tiles of rows: row and column then come from the
      // block's coordinates, and only the outer loops are divided.
      unsigned Inner = L.Dims.size() - 1;
      Header = formatv("for ({0} hpp_cell0 = {1}(hpp_ctx, hpp_div0_{2}); hpp_cell0.live; "
                       "hpp_cell0.live = false) {{ ",
                       rt("CollapsedCell"), rt("collapsed_cell"), Inner)
                   .str();
      Header += rowIndexDecls(L, id(L), "hpp_cell0.row", "hpp_cell0.col");
    } else {
      Header = formatv("for (hpprt::index_t hpp_iv0 = {0}; hpp_iv0 < hpp_n0; hpp_iv0 {1}) {{ ",
                       rt(Team ? "league_rank0()" : "global_rank()"),
                       OnePerThread ? std::string("= hpp_n0")
                                    : "+= " + rt(Team ? "league_stride()" : "global_size()"))
                   .str();
      Header += indexDecls(L, id(L), "hpp_iv0");
    }
  }
  std::string Indent = Edit.indentOf(L.Pragma.Begin);
  if (Error E = Edit.replace(L.Pragma.Begin, L.Pragma.End,
                             SourceEditor::indentBlock(Pro, Indent)))
    return E;
  if (Error E = rewriteLoopHeaders(L, Header, Edit))
    return E;
  if (Error E = Edit.insertAfterStmt(L.Dims.back().Loop->getBody(),
                                     SourceEditor::indentBlock("\n" + rootEpilogue(), Indent)))
    return E;
  // The copies of results into views: made by the kernel, or by the
  // region's epilogue where it could not.
  for (const ReductionVar &RV : L.Reductions)
    if (RV.ResultCopy)
      if (Error E = Edit.replaceStmt(
              RV.ResultCopy,
              formatv("/* {0}: made by region '{1}' */", RV.ResultView, R.Name).str()))
        return E;
  return Error::success();
}

} // namespace hpp
