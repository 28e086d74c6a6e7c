//===- tools_impl.h - Between profiling.cpp and tools.cpp -------*- C++ -*-===//
/// \file
/// Internal to the runtime library (not installed: only *.hpp headers are).
//===----------------------------------------------------------------------===//
#pragma once

#include "profiling.hpp"

#include <cstdint>

namespace hpprt {
namespace profiling {
namespace detail {

extern std::atomic<std::uint64_t> next_id;

/// Recomputes state from the listeners.
void update_state();

/// Loads the libraries named in HPP_TOOLS_LIBS and KOKKOS_TOOLS_LIBS and
/// initialises them; sets tools_loaded when one loaded. Called once, from
/// initialize().
void load_tools();

/// A region's begin and end for every tool; each tool's id starts as id.
void tools_begin_region(RegionKind kind, const char *name,
                        std::uint32_t device, std::uint64_t id, ToolIds &ids);
void tools_end_region(RegionKind kind, const ToolIds &ids);

} // namespace detail
} // namespace profiling
} // namespace hpprt
