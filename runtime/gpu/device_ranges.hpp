//===- device_ranges.hpp - Device memory hpp::alloc handed out -*- C++ -*-===//
/// \file
/// The ranges of Space::Device memory that hpp::alloc returned and hpp::free
/// has not taken back. A launch asks here first whether a captured pointer
/// is device memory (regions that need not wait, SPEC §3 `stream`): a map
/// lookup instead of a pointer-attribute query to the driver, which costs
/// about as much as a launch of its own. Pointers from elsewhere (the
/// user's cudaMalloc) still get the query.
//===----------------------------------------------------------------------===//
#pragma once

#include "config.hpp"

#include <cstddef>

namespace hpprt {
namespace gpu {
namespace detail {

void note_device_range(const void *p, std::size_t bytes);
void forget_device_range(const void *p);
/// Whether p lies inside a noted range.
bool in_device_range(const void *p);

} // namespace detail
} // namespace gpu
} // namespace hpprt
