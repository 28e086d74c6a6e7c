//===- device_ranges.hpp - GPU memory the runtime handed out ----*- C++ -*-===//
/// \file
/// The ranges hpp::alloc (Device, Shared, HostPinned) and the present table
/// (device copies of mapped sections) handed out and have not taken back,
/// with the kind of memory each is. A launch asks here first what a
/// captured pointer points to (whether the region need not wait, SPEC §3
/// `stream`; whether the device can reach it at all): a map lookup instead
/// of a pointer-attribute query to the driver, which costs about as much as
/// a launch of its own. Pointers from elsewhere (the user's cudaMalloc,
/// std::vector) still get the query.
//===----------------------------------------------------------------------===//
#pragma once

#include "config.hpp"
#include "dialect_types.hpp"

#include <cstddef>

namespace hpprt {
namespace gpu {
namespace detail {

void note_range(const void *p, std::size_t bytes, dialect::PointerKind kind);
void forget_range(const void *p);
/// The kind of the noted range p lies in; false when it lies in none.
bool known_kind(const void *p, dialect::PointerKind &kind);

/// Whether p lies in a noted range of device memory.
inline bool in_device_range(const void *p) {
  dialect::PointerKind kind = dialect::PointerKind::Pageable;
  return known_kind(p, kind) && kind == dialect::PointerKind::Device;
}

} // namespace detail
} // namespace gpu
} // namespace hpprt
