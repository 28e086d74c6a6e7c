//===- GPURegionWriter.h - One region as a CUDA or HIP kernel ---*- C++ -*-===//
///
/// \file
/// Rewrites one region for a GPU dialect. Analysis has already refused what
/// device code cannot do (Analysis/DeviceRestrictions) and decided which
/// statements run once per team or thread and which functions are marked
/// for the device; this class only emits. Its parts live in one file each:
/// the launch of the outermost loop (GPULaunch.cpp), scans (GPUScan.cpp),
/// nested loops (GPUNestedLoop.cpp), the other constructs, guards and
/// device-function marks (GPURegionWriter.cpp).
///
//===----------------------------------------------------------------------===//

#ifndef HPP_BACKEND_GPU_GPUREGIONWRITER_H
#define HPP_BACKEND_GPU_GPUREGIONWRITER_H

#include "Backend/ConstructWalker.h"
#include "Backend/GPU/GPUEmitter.h"
#include "Backend/LoopText.h"
#include "llvm/ADT/DenseSet.h"
#include <string>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace hpp {

/// Whether region \p R gets a second kernel bounded to fill a
/// multiprocessor (HPPRT_GPU_TEAM_LAUNCH_BOUNDS), which the runtime runs
/// when the bound costs no spills: team regions whose team size and vector
/// length are AUTO, so that the runtime never asks the bounded kernel for
/// more threads than the bound allows.
bool hasBoundedKernel(const Region &R);

/// The bounded kernel's name, beside \p KernelName (`hpp_kernel_<name>`).
std::string boundedKernelName(llvm::StringRef KernelName);

/// What pass 2 of a device-wide scan runs (GPUScan.cpp).
struct ScanPassTwo {
  /// The scan phase needs nothing the input phase declares: pass 2 runs
  /// the scan phase alone, from each item's prefix as it sees it.
  bool DropInput = false;
  /// The statements of the body pass 2 leaves out: with DropInput, the
  /// input phase and the declarations only the input phase reads.
  llvm::SmallVector<const clang::Stmt *, 8> Dropped;
  /// Construct::ScanForwards with only the uses in what pass 2 runs, and
  /// only those with some: their values are kept from pass 1.
  llvm::SmallVector<ForwardedRead, 1> Forwards;
};

/// Pass 2 of the device-wide scan \p L.
ScanPassTwo planScanPassTwo(const Construct &L);

class GPURegionWriter : public ConstructEmitter {
public:
  /// \p AnnotatedOffsets: where `__host__ __device__` was already inserted
  /// in this file, shared by the regions (a function called from two
  /// regions is marked once).
  GPURegionWriter(const Region &R, llvm::StringRef KernelName, SourceEditor &Edit,
                  const GPUDialect &D, llvm::DenseSet<unsigned> &AnnotatedOffsets);

  llvm::Error run();

private:
  // The outermost loop and its launch (GPULaunch.cpp).
  llvm::Error emitRootLoop(const Construct &L) override;
  /// Also adds the lambda's init-captures of mapped data to \p Captures.
  std::string launchPrologue(std::string &Captures) const;
  std::string scratchPrologue() const;
  /// Declares the root loop's reduction and scan handles; appends their
  /// device views to \p Captures.
  std::string reductionHandles(std::string &Captures) const;
  /// Per-thread accumulators of the root loop's reductions (or of its
  /// scans, with \p Scans), starting at the identity.
  std::string rootShadows(const Construct &L, bool Scans) const;
  std::string rootEpilogue() const;

  // Device-wide and nested scans (GPUScan.cpp).
  /// The two passes of a device-wide scan: pass 1 goes into \p Pro, the
  /// header of pass 2 (the rewritten loop) into \p Header.
  llvm::Error emitScanPasses(const Construct &L, std::string &Pro, std::string &Header);
  /// Takes \p Plan's dropped statements out of pass 2.
  llvm::Error dropInputPhase(const Construct &L, const ScanPassTwo &Plan);
  llvm::Error emitNestedScan(const Construct &L);

  // Nested thread, vector and team-vector loops (GPUNestedLoop.cpp).
  llvm::Error emitNestedLoop(const Construct &L) override;
  /// A loop with Construct::BatchedUpdates: one lambda per update giving
  /// its term at an iteration number (`hpp_term<K>_<s>`), and the loop
  /// that declares hpp_k<K> and evaluates the terms of kBatchedIterations
  /// iterations before it applies them, in order, leaving hpp_k<K> at the
  /// first iteration left; iteration k of this lane is Rank + k * Step.
  std::string batchedTerms(const Construct &L, llvm::StringRef K, llvm::StringRef Iv) const;
  std::string batchedLoop(const Construct &L, llvm::StringRef K, llvm::StringRef Rank,
                          llvm::StringRef Step) const;

  // Everything else (GPURegionWriter.cpp).
  llvm::Error emitScratch(const Construct &C) override;
  llvm::Error emitAtomic(const Construct &C) override;
  llvm::Error emitSingle(const Construct &C) override;
  llvm::Error emitBarrier(const Construct &C) override;
  /// A device-wide scan's second pass runs the scan phase alone (its input
  /// phase ran in pass 1); a scan in a team runs in order on one thread.
  bool runsPhasesInOrder(const Construct &L) const override { return &L != R.Root.get(); }
  /// The guards not emitted yet; with \p Within, only those of statements
  /// inside it (a thread loop's body, before its copy is taken).
  llvm::Error emitGuards(const clang::Stmt *Within = nullptr);
  llvm::Error markDeviceFunctions();
  /// The step a nested loop's copy is specialised for, or "" for none.
  std::string specialisedStep(const Construct &L) const;

  std::string rt(llvm::StringRef Name) const { return (D.Runtime + "::" + Name).str(); }
  std::string id(const Construct &L) const { return Names.id(L); }
  /// Whether a user reduction's reducer object is declared outside the
  /// region: its operator object is then made before the region.
  bool reducerFromOutside(const ReductionVar &RV) const;
  /// The condition under which code with side effects runs once at
  /// \p Level (Team: once per team; Thread: once per thread; otherwise
  /// every lane runs it, and the condition is empty).
  std::string guardFor(LoopLevel Level) const;

  std::string KernelName;
  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  const GPUDialect &D;
  LoopNames Names;
  llvm::DenseSet<unsigned> &AnnotatedOffsets;
  /// Indices into R.Guarded of the guards emitted.
  llvm::DenseSet<unsigned> GuardsEmitted;
};

/// The runtime functions that distribute, all-reduce and broadcast at a
/// nested loop's level.
struct LevelFunctions {
  llvm::StringRef Rank, Size, AllReduce, Broadcast, Leader;
};
LevelFunctions functionsFor(LoopLevel L);

/// `hpp_type_<v>`: the alias generated code gives a reduction variable's
/// type.
std::string typeAlias(llvm::StringRef Var);

} // namespace hpp

#endif // HPP_BACKEND_GPU_GPUREGIONWRITER_H
