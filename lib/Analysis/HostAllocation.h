//===- HostAllocation.h - Pointers a GPU cannot reach, at translation -*- C++ -*-===//
///
/// \file
/// A GPU region that captures a pointer to pageable host memory fails at
/// launch where the device cannot reach such memory. Where the allocation
/// is in sight this is known at translation time: a local pointer
/// initialised by `new[]`/`new` (the replaceable global operator) or by
/// malloc, calloc, realloc or aligned_alloc, never modified and never
/// handed to anything (so no `enter data` elsewhere, no cudaHostRegister,
/// no other owner can have made it reachable), and named by no map of the
/// file. Such a capture is found here; DeviceRestrictions refuses it
/// unless the build says host memory is reachable (the managed heap, HMM).
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_HOSTALLOCATION_H
#define HPP_ANALYSIS_HOSTALLOCATION_H

#include "IR/Region.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace hpp {

struct HostAllocatedPointer {
  const Capture *Pointer = nullptr;
  /// The `new` or the allocation call that initialises it.
  const clang::Expr *Allocation = nullptr;
  /// How the allocation is spelled ("new[]", "malloc").
  std::string AllocatorName;
  /// The element count when the allocation shows it (`new T[n]`: "n").
  std::string CountText;
};

/// The first pointer \p R captures that visibly points to host memory
/// no map of \p Model covers.
std::optional<HostAllocatedPointer>
findHostAllocatedPointer(const Region &R, const TranslationModel &Model,
                         clang::ASTContext &Ctx);

} // namespace hpp

#endif // HPP_ANALYSIS_HOSTALLOCATION_H
