//===- GPUData.h - map clauses and data constructs on GPUs ------*- C++ -*-===//
///
/// \file
/// Host memory reaches a GPU region through the runtime's present table
/// (runtime/gpu/present.hpp): the items of a region's `map` clauses and of
/// an `hpp data` construct are entered into it by a DataScope before the
/// code they cover and exited, copying back, after it; stand-alone
/// `enter data`, `exit data` and `update` call the runtime directly. Inside
/// a region, every captured pointer is replaced by its device address when
/// a present range holds it (so regions in functions called from a data
/// construct find their data too), and a mapped container by a span of its
/// device copy.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_BACKEND_GPU_GPUDATA_H
#define HPP_BACKEND_GPU_GPUDATA_H

#include "Backend/GPU/GPUEmitter.h"
#include <string>

namespace hpp {

class SourceEditor;

/// Declares DataScope \p Scope on \p StreamExpr (a Stream_t expression)
/// and enters every item of \p Maps that has memory to copy.
std::string dataScopeText(const GPUDialect &D, llvm::ArrayRef<MapEntry> Maps,
                          llvm::StringRef Scope, llvm::StringRef File, unsigned Line,
                          llvm::StringRef StreamExpr);

/// The host declarations that give each captured pointer of \p R its
/// device address (`hpp_present_<name>`), and in \p Captures the lambda's
/// init-captures that use them, and the container spans.
std::string presentCaptures(const GPUDialect &D, const Region &R, std::string &Captures);

/// The name under which the prologue holds \p Var's device address.
std::string presentName(llvm::StringRef Var);

/// What launch checks of pointer capture \p C look at: its device address,
/// or for a section `p[lo:len]` the device address of p[lo] (p itself lies
/// before the device copy when lo > 0).
std::string firstMappedAddress(const Region &R, const Capture &C);

/// Rewrites a data construct or a stand-alone data directive.
llvm::Error emitGPUDataConstruct(const GPUDialect &D, const Construct &C,
                                 SourceEditor &Edit, unsigned Index);

} // namespace hpp

#endif // HPP_BACKEND_GPU_GPUDATA_H
