//===- profiling.hpp - Profiling hooks around parallel regions --*- C++ -*-===//
/// \file
/// Every translated region is wrapped in a RegionScope named after the
/// region's name("label") (or file:line). Tools attach with
/// hpprt::profiling::set_callbacks, like Kokkos' begin/end_parallel_* hooks.
///
/// Without callbacks, setting the environment variable HPP_PROFILE=1 makes
/// each region print "hpp: region <name> <microseconds> us" to stderr when it
/// ends. With neither, a RegionScope costs one relaxed atomic load.
//===----------------------------------------------------------------------===//
#pragma once

#include <atomic>
#include <cstdint>

namespace hpprt {
namespace profiling {

/// Called when a region starts; may write an id that is passed back to the
/// matching EndRegion (the runtime pre-sets a unique id the tool may keep).
using BeginRegion = void (*)(const char* name, std::uint64_t* id);
using EndRegion = void (*)(std::uint64_t id);

/// Installs (or, with nullptrs, removes) the hooks. Meant to be called while
/// no region runs; a region that started before keeps the hooks it saw.
void set_callbacks(BeginRegion begin, EndRegion end);

namespace detail {
// 0: not yet decided (HPP_PROFILE not read), 1: nothing to do, 2: hooks or
// HPP_PROFILE active. Constant-initialised, so it is valid even in regions
// run from other static initialisers.
extern std::atomic<int> state;
} // namespace detail

} // namespace profiling

/// Reports the lifetime of one region to the profiling hooks.
class RegionScope {
public:
  explicit RegionScope(const char* name) : name_(name) {
    if (profiling::detail::state.load(std::memory_order_relaxed) != 1)
      begin();
  }
  ~RegionScope() {
    if (active_)
      end();
  }
  RegionScope(const RegionScope&) = delete;
  RegionScope& operator=(const RegionScope&) = delete;

private:
  void begin();
  void end();

  const char* name_;
  std::uint64_t id_ = 0;
  profiling::EndRegion end_ = nullptr;
  std::int64_t start_ns_ = -1; // >= 0 when timing for HPP_PROFILE.
  bool active_ = false;
};

} // namespace hpprt
