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
/// the grid in the same launch. What device code cannot do was refused by
/// Analysis/DeviceRestrictions before this emitter runs.
///
//===----------------------------------------------------------------------===//

#include "Backend/GPU/GPUEmitter.h"
#include "Backend/GPU/GPUData.h"
#include "Backend/GPU/GPURegionWriter.h"
#include "Backend/GPU/KernelNames.h"
#include "Basic/ASTUtils.h"
#include "Basic/SourceEditor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// Kernel names: the region's name, made unique when two regions share it.
std::string kernelNameFor(const TranslationModel &Model, const Region &R) {
  unsigned Same = 0;
  for (const Region &Other : Model.Regions)
    Same += Other.Name == R.Name;
  std::string Name = identifierFor(KernelPrefix, R.Name);
  return Same > 1 ? Name + "_" + std::to_string(R.Id) : Name;
}

/// The elements pass 2 of scan \p L takes from pass 1, for the report.
std::string keptReads(const Construct &L) {
  std::string Out;
  for (const ForwardedRead &F : planScanPassTwo(L).Forwards)
    Out += (Out.empty() ? "" : ", ") + F.Text;
  return Out.empty() ? "" : "; pass 2 reads " + Out + " as pass 1 loaded it";
}

/// The report's note on a tile(...) clause the GPU mapping of \p L does
/// not use (only flat loops over collapsed loops without results run as
/// tiles), so that a performance hint is never dropped unsaid.
std::string unusedTile(const Construct &L, StringRef What) {
  return L.Tile.empty() ? std::string() : ("; clause tile not used: " + What + " runs untiled").str();
}

/// The report's mapping of a flat loop over collapsed loops with a
/// tile(...) clause: its two innermost sizes (0: the runtime's choice; all
/// of them 0 leaves the mapping to the runtime).
std::string tileMapping(const Construct &L) {
  const std::string &Rows = L.Tile[L.Tile.size() - 2], &Columns = L.Tile.back();
  if (Rows == "0" && Columns == "0")
    return "one iteration per thread of the grid; clause tile leaves both sizes to the runtime";
  return formatv("one iteration per thread of the grid, as tiles of {0} rows x {1} columns "
                 "per block where the grid holds them (clause tile; 0: the runtime's choice)",
                 Rows, Columns)
      .str();
}

/// What --report adds on a team region whose AUTO vector lengths follow
/// its vector loops' trip counts (hpprt's vector_for_trips).
std::string vectorSizing(const Region &R) {
  if (R.SizedVectorLoops.empty())
    return "";
  return std::string("; AUTO vector lengths from the vector loops' trip counts at launch ") +
         (R.sizedVectorLoopsReduce()
              ? "(about 8 iterations per lane, 8 lanes at least)"
              : "(one iteration per lane up to a warp, 8 lanes at least: no vector loop "
                "reduces)");
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
      // Scans keep each item's contribution and prefix in registers; the
      // runtime's dialect bounds the kernel's registers for the hardware
      // (NVIDIA: four resident blocks; AMD's second bound means waves),
      // with room for the values a scan keeps from pass 1.
      std::string Bounds;
      if (R.Root->ScanSeparator)
        Bounds = planScanPassTwo(*R.Root).Forwards.empty()
                     ? "HPPRT_GPU_SCAN_LAUNCH_BOUNDS "
                     : "HPPRT_GPU_SCAN_KEEPING_LAUNCH_BOUNDS ";
      std::string Name = kernelNameFor(Model, R);
      Out += formatv("template <class F> __global__ void {0}{1}(F hpp_f, {2}::Ctx hpp_ctx) {{ "
                     "hpp_f(hpp_ctx); }\n",
                     Bounds, Name, D.Runtime);
      if (hasBoundedKernel(R))
        Out += formatv("template <class F> __global__ void HPPRT_GPU_TEAM_LAUNCH_BOUNDS {0}(F "
                       "hpp_f, {1}::Ctx hpp_ctx) {{ hpp_f(hpp_ctx); }\n",
                       boundedKernelName(Name), D.Runtime);
    }
    return Out;
  }

  Error emitRegion(const Region &R, SourceEditor &Edit) override {
    assert(Model && "begin() must be called before emitRegion()");
    return GPURegionWriter(R, kernelNameFor(*Model, R), Edit, D, AnnotatedOffsets).run();
  }

  void begin(const TranslationModel &M) override { Model = &M; }

  Error emitFreeAtomic(const Construct &C, SourceEditor &Edit) override {
    if (Error E = checkAtomicOperands(C))
      return E;
    if (Error E = Edit.replace(C.Pragma.Begin, C.Pragma.End, "// hpp atomic\n"))
      return E;
    std::string Op = ("atomic_" + atomicOpName(C.Atomic)).str();
    std::string Call =
        C.Atomic == AtomicOp::Inc || C.Atomic == AtomicOp::Dec
            ? formatv("{0}::{1}(&({2}));", D.Runtime, Op, C.AtomicTarget).str()
            : formatv("{0}::{1}(&({2}), static_cast<std::decay_t<decltype({2})>>({3}));",
                      D.Runtime, Op, C.AtomicTarget, C.AtomicValue)
                  .str();
    return Edit.replaceStmt(C.S, Call);
  }

  Error emitDataConstruct(const Construct &C, SourceEditor &Edit, unsigned Index) override {
    return emitGPUDataConstruct(D, C, Edit, Index);
  }

  std::string describeMapping(const Region &R, const Construct &L) const override {
    if (L.ScanSeparator && L.Level != LoopLevel::Flat)
      return "in order on one thread, results broadcast" + inputPhaseFirstNote(L);
    switch (L.Level) {
    case LoopLevel::Team:
      return std::string("one block per team, grid-stride over the league; team leader runs "
                         "team-level side effects") +
             (R.TeamWidth ? formatv("; its widest loop has {0} iterations (constant trip "
                                    "counts): AUTO teams of that many threads in whole warps",
                                    R.TeamWidth)
                                .str()
                          : "") +
             vectorSizing(R) + unusedTile(L, "a team loop");
    case LoopLevel::Flat:
      // As emitRootLoop lowers it: results cap the grid, so their loop
      // strides; without results the grid covers the loop.
      if (L.ScanSeparator)
        return "single-pass scan with decoupled look-back" + keptReads(L) +
               unusedTile(L, "a scan");
      if (!L.Reductions.empty())
        return "grid-stride over all threads of the grid" + unusedTile(L, "a loop with results");
      if (L.Dims.size() < 2)
        return "one iteration per thread of the grid" + unusedTile(L, "a loop of one dimension");
      if (L.Tile.size() == L.Dims.size())
        return tileMapping(L);
      return R.RowsShareReads
                 ? "one iteration per thread of the grid; the rows of the innermost loop "
                   "read memory in common: long rows run as tiles of warp-wide columns, a "
                   "row per warp (hpprt::tile_collapsed)"
                 : "one iteration per thread of the grid, consecutive iterations per block "
                   "(as tiles of rows where HPP_TUNE finds them faster)";
    case LoopLevel::Thread:
      return "threadIdx.y (the team's threads)";
    case LoopLevel::Vector:
      return "threadIdx.x (lanes of one thread, within a warp)";
    case LoopLevel::TeamVector:
      return std::string("all threads and lanes of the block") +
             (L.BatchedUpdates.empty()
                  ? ""
                  : formatv("; the terms of {0} iterations are evaluated before they are "
                            "added, so their loads overlap",
                            kBatchedIterations)
                        .str());
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
