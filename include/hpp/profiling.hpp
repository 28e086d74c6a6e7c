//===- profiling.hpp - User regions for profiling tools ---------*- C++ -*-===//
/// \file
/// Named user regions that tools attached to the runtime see
/// (kokkosp_push_profile_region / kokkosp_pop_profile_region): a program
/// linked with an hpp runtime reports them to the libraries named in
/// HPP_TOOLS_LIBS or KOKKOS_TOOLS_LIBS. The serial build loads no tools;
/// there they do nothing. Kokkos' spelling, Profiling::pushRegion and
/// popRegion, is accepted too.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

#include "config.hpp"

namespace hpp {
namespace detail {
// Replaced for the whole program by a runtime, as alloc_bytes is
// (memory.hpp); the serial build reports to no one.
#ifdef HPP_RUNTIME_DEFINES_SHARED_FUNCTIONS
void push_profile_region(const char* name);
void pop_profile_region();
#else
HPP_WEAK void push_profile_region(const char* name);
HPP_WEAK void pop_profile_region();
void push_profile_region(const char*) {}
void pop_profile_region() {}
#endif
} // namespace detail

/// Opens a named region that nests the work until the matching pop_region.
inline void push_region(const std::string& name) {
  detail::push_profile_region(name.c_str());
}
/// Closes the innermost region opened by push_region.
inline void pop_region() { detail::pop_profile_region(); }

/// Kokkos' spelling.
namespace Profiling {
inline void pushRegion(const std::string& name) { hpp::push_region(name); }
inline void popRegion() { hpp::pop_region(); }

/// A region open for the lifetime of the object (Kokkos'
/// Profiling::ScopedRegion).
class ScopedRegion {
public:
  explicit ScopedRegion(const std::string& name) { hpp::push_region(name); }
  ~ScopedRegion() { hpp::pop_region(); }
  ScopedRegion(const ScopedRegion&) = delete;
  ScopedRegion& operator=(const ScopedRegion&) = delete;
};
} // namespace Profiling

} // namespace hpp
