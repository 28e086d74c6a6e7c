//===- KernelResources.h - What ptxas gave each region's kernel -*- C++ -*-===//
///
/// \file
/// Registers, spills, stack and static shared memory of the CUDA kernels of
/// a translation, as `nvcc -Xptxas -v` reports them, with the theoretical
/// occupancy they allow: what users tuning a loop look at next to its
/// mapping (`hppc translate --report`).
///
//===----------------------------------------------------------------------===//

#ifndef HPPC_KERNELRESOURCES_H
#define HPPC_KERNELRESOURCES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace hpp {

struct KernelResources {
  /// The region's name: the kernel is hpp_kernel_<name>, or for the
  /// variant bounded to fill a multiprocessor hpp_bounded_kernel_<name>.
  std::string Region;
  bool Bounded = false;
  unsigned Registers = 0;
  unsigned SpillStoreBytes = 0, SpillLoadBytes = 0;
  unsigned StackBytes = 0;
  unsigned SharedBytes = 0; ///< static; scratch is dynamic, sized at launch
};

/// The kernels hppc generated (hpp_kernel_*, hpp_bounded_kernel_*) in the output of
/// `ptxas -v`, in the order ptxas lists them; other kernels are skipped.
std::vector<KernelResources> parsePtxasInfo(llvm::StringRef Text);

/// What bounds the blocks resident on one multiprocessor of a compute
/// capability (the CUDA occupancy calculator's table).
struct MultiprocessorLimits {
  unsigned MaxWarps, MaxBlocks, Registers, SharedBytes, SharedPerBlockReserved;
};
/// "sm_90" -> its limits; none for an architecture not in the table.
std::optional<MultiprocessorLimits> multiprocessorLimits(llvm::StringRef Arch);

struct Occupancy {
  unsigned BlocksPerSM = 0;
  double Fraction = 0; ///< resident warps / the multiprocessor's maximum
  const char *LimitedBy = ""; ///< "registers", "shared memory", "warps", "blocks"
};
/// Blocks of \p Threads threads with \p Dynamic bytes of dynamic shared
/// memory that fit on one multiprocessor.
Occupancy theoreticalOccupancy(const KernelResources &K, unsigned Threads,
                               unsigned Dynamic, const MultiprocessorLimits &L);

/// Compiles \p CudaSource (a translation's output) with
/// `NVCC -arch=Arch -Xptxas -v` and \p Flags, writing no object, and parses
/// what ptxas printed.
llvm::Expected<std::vector<KernelResources>>
queryKernelResources(llvm::StringRef NVCC, llvm::StringRef Arch, llvm::StringRef CudaSource,
                     llvm::ArrayRef<std::string> Flags);

/// The nvcc flags of that compile: the translation's include directories
/// and the -I, -D, -U, -isystem and -std of its compiler arguments.
std::vector<std::string> kernelResourceFlags(llvm::ArrayRef<std::string> CompilerArgs,
                                             llvm::ArrayRef<std::string> IncludeDirs);

/// The report's section: one line per kernel, or one line saying why
/// there are none.
std::string renderKernelResources(llvm::Expected<std::vector<KernelResources>> Kernels,
                                  llvm::StringRef Arch);

/// \p ReportJSON (a translation's JSON report) with the same: each region
/// gets `kernels`, what ptxas gave its kernel and its bounded variant, and
/// the report `kernel_resources` (the architecture, the block size the
/// occupancy assumes, or why there are none).
llvm::Expected<std::string>
addKernelResourcesToJSON(llvm::StringRef ReportJSON,
                         llvm::Expected<std::vector<KernelResources>> Kernels,
                         llvm::StringRef Arch);

} // namespace hpp

#endif // HPPC_KERNELRESOURCES_H
