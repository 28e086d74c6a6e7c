//===- profiling.hpp - Profiling hooks and Kokkos Tools ---------*- C++ -*-===//
/// \file
/// Every translated region is wrapped in a RegionScope named after the
/// region's name("label") (or file:line) and its kind (for, reduce, scan).
/// Three kinds of listeners can watch the runtime:
///  - tools: shared libraries named in HPP_TOOLS_LIBS or KOKKOS_TOOLS_LIBS,
///    loaded on the runtime's first use, that export the Kokkos Tools
///    profiling entry points (kokkosp_begin_parallel_for, ...). They see
///    regions, allocations, deep copies, fences and user regions, and are
///    finalised at exit (tools.cpp);
///  - hooks installed in-process with set_callbacks (regions only);
///  - HPP_PROFILE=1, which prints "hpp: region <name> <us> us" to stderr when
///    a region ends and no hooks are installed.
/// With none of them, a RegionScope (and every other event) costs one
/// relaxed atomic load.
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

/// Installs (or, with nullptrs, removes) the hooks; safe while regions run
/// in other threads. A region that started before keeps the pair of hooks
/// it saw (both or neither: never the begin of one pair and the end of
/// another).
void set_callbacks(BeginRegion begin, EndRegion end);

/// Which Kokkos Tools entry point a region reports to.
enum class RegionKind : std::uint8_t { For, Reduce, Scan };

/// Kokkos Tools' execution-space types and device-id encoding: type in the
/// top 8 bits, device in the next 7, instance in the low 17. Instance 0
/// means "every instance" (a global fence); the default instance is 1, the
/// first id Kokkos hands out.
enum class DeviceType : std::uint32_t { Serial = 0, OpenMP = 1, Cuda = 2, HIP = 3 };
constexpr std::uint32_t device_id(DeviceType type, std::uint32_t device,
                                  std::uint32_t instance) {
  return (static_cast<std::uint32_t>(type) << 24) | ((device & 0x7fu) << 17) |
         (instance & 0x1ffffu);
}
constexpr std::uint32_t host_device_id = device_id(DeviceType::OpenMP, 0, 1);

/// At most this many tool libraries are loaded.
constexpr int max_tools = 8;

namespace detail {
// 0: not yet initialised (environment not read, tools not loaded), 1: no
// listener, 2: some listener. Constant-initialised, so it is valid even in
// regions run from other static initialisers.
extern std::atomic<int> state;
// Reads the environment and loads the tools once (std::call_once); returns
// whether anything listens.
bool initialize();
// Whether tool libraries are loaded and not yet finalised.
extern std::atomic<bool> tools_loaded;
} // namespace detail

/// Whether anything listens; initialises on first use. One relaxed load
/// once initialised.
inline bool watched() {
  const int s = detail::state.load(std::memory_order_relaxed);
  return s == 2 || (s == 0 && detail::initialize());
}

/// Whether tool libraries listen (what the events below need).
inline bool tools_active() {
  return watched() && detail::tools_loaded.load(std::memory_order_relaxed);
}

/// Per-tool handles of one begin/end pair: each tool may choose its own.
struct ToolIds {
  std::uint64_t id[max_tools];
};

// The events below go to every loaded tool that exports the entry point.
// Callers check tools_active() first, so that a program without tools pays
// one load per event.

/// Memory-space names as Kokkos Tools know them ("Host", "Cuda", ...).
void allocate_data(const char* space, const char* label, const void* ptr,
                   std::uint64_t bytes);
/// Reports the allocation at ptr recorded by allocate_data (its space,
/// label and size); memory allocated before the tools were loaded is not
/// reported.
void deallocate_data(const void* ptr);
void begin_deep_copy(const char* dst_space, const void* dst,
                     const char* src_space, const void* src,
                     std::uint64_t bytes);
void end_deep_copy();
void begin_fence(const char* name, std::uint32_t device, ToolIds& ids);
void end_fence(const ToolIds& ids);
void push_region(const char* name);
void pop_region();

/// Finalises the tools now (kokkosp_finalize_library) instead of at exit;
/// later events are not reported. Idempotent.
void finalize_tools();

} // namespace profiling

/// Reports the lifetime of one region to the listeners.
class RegionScope {
public:
  explicit RegionScope(
      const char* name,
      profiling::RegionKind kind = profiling::RegionKind::For,
      std::uint32_t device = profiling::host_device_id)
      : name_(name), kind_(kind), device_(device) {
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
  profiling::RegionKind kind_;
  bool active_ = false;
  bool tools_ = false; // the tools saw the begin
  std::uint32_t device_;
  std::uint64_t id_ = 0;
  profiling::EndRegion end_ = nullptr;
  std::int64_t start_ns_ = -1; // >= 0 when timing for HPP_PROFILE.
  profiling::ToolIds tool_ids_; // written only when tools_
};

/// Reports a fence to the tools (kokkosp_begin/end_fence).
class FenceScope {
public:
  FenceScope(const char* name, std::uint32_t device) {
    if (profiling::tools_active()) {
      profiling::begin_fence(name, device, ids_);
      active_ = true;
    }
  }
  ~FenceScope() {
    if (active_)
      profiling::end_fence(ids_);
  }
  FenceScope(const FenceScope&) = delete;
  FenceScope& operator=(const FenceScope&) = delete;

private:
  bool active_ = false;
  profiling::ToolIds ids_;
};

/// Reports a copy to the tools (kokkosp_begin/end_deep_copy).
class DeepCopyScope {
public:
  DeepCopyScope(const char* dst_space, const void* dst, const char* src_space,
                const void* src, std::uint64_t bytes) {
    if (profiling::tools_active()) {
      profiling::begin_deep_copy(dst_space, dst, src_space, src, bytes);
      active_ = true;
    }
  }
  ~DeepCopyScope() {
    if (active_)
      profiling::end_deep_copy();
  }
  DeepCopyScope(const DeepCopyScope&) = delete;
  DeepCopyScope& operator=(const DeepCopyScope&) = delete;

private:
  bool active_ = false;
};

} // namespace hpprt
