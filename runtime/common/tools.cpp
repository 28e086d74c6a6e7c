//===- tools.cpp - Kokkos Tools libraries loaded at run time --------------===//
/// \file
/// Loads the shared libraries named in HPP_TOOLS_LIBS and KOKKOS_TOOLS_LIBS
/// (separated by ';' or ':') with dlopen on the runtime's first event and
/// calls the Kokkos Tools profiling entry points they export, so that tools
/// written for Kokkos (kernel timer, space-time stack, NVTX connector) run on
/// hpp programs unmodified. A tool need not export every entry point; the
/// missing ones are not called. A library that does not load is reported on
/// stderr and skipped, as Kokkos does: profiling must not stop a run.
///
/// The types and signatures follow the Kokkos Tools C interface
/// (Kokkos_Profiling_C_Interface.h, interface version 20211015).
//===----------------------------------------------------------------------===//
#include "profiling.hpp"
#include "tools_impl.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace hpprt {
namespace profiling {
namespace {

// The C interface's types, with the layout the tools expect.
struct SpaceHandle {
  char name[64];
};
struct DeviceInfo {
  std::size_t deviceID;
};
constexpr std::uint64_t interface_version = 20211015;

using InitFn = void (*)(int, std::uint64_t, std::uint32_t, DeviceInfo *);
using FinalizeFn = void (*)();
using BeginFn = void (*)(const char *, std::uint32_t, std::uint64_t *);
using EndFn = void (*)(std::uint64_t);
using PushFn = void (*)(const char *);
using PopFn = void (*)();
using DataFn = void (*)(SpaceHandle, const char *, const void *, std::uint64_t);
using BeginCopyFn = void (*)(SpaceHandle, const char *, const void *,
                             SpaceHandle, const char *, const void *,
                             std::uint64_t);
using EndCopyFn = void (*)();

/// The entry points one library exports (null where it does not).
struct Tool {
  InitFn init = nullptr;
  FinalizeFn finalize = nullptr;
  BeginFn begin_region[3] = {}; // indexed by RegionKind
  EndFn end_region[3] = {};
  PushFn push = nullptr;
  PopFn pop = nullptr;
  DataFn allocate = nullptr, deallocate = nullptr;
  BeginCopyFn begin_copy = nullptr;
  EndCopyFn end_copy = nullptr;
  BeginFn begin_fence = nullptr;
  EndFn end_fence = nullptr;
};

// Written once by load_tools() inside initialize()'s std::call_once; every
// reader calls initialize() first, which orders it after that write.
Tool tools[max_tools];
int num_tools = 0;

std::mutex finalize_mutex;

SpaceHandle space_handle(const char *name) {
  SpaceHandle h{};
  std::strncpy(h.name, name ? name : "", sizeof(h.name) - 1);
  return h;
}

template <class F> F symbol(void *lib, const char *name) {
  return reinterpret_cast<F>(dlsym(lib, name));
}

bool load_tool(const std::string &path, const char *var, Tool &t) {
  void *lib = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!lib) {
    const char *why = dlerror();
    std::fprintf(stderr,
                 "hpp: warning: cannot load the tool library '%s' named in "
                 "%s: %s; running without it\n",
                 path.c_str(), var, why ? why : "unknown error");
    return false;
  }
  t.init = symbol<InitFn>(lib, "kokkosp_init_library");
  t.finalize = symbol<FinalizeFn>(lib, "kokkosp_finalize_library");
  const auto For = static_cast<int>(RegionKind::For);
  const auto Reduce = static_cast<int>(RegionKind::Reduce);
  const auto Scan = static_cast<int>(RegionKind::Scan);
  t.begin_region[For] = symbol<BeginFn>(lib, "kokkosp_begin_parallel_for");
  t.end_region[For] = symbol<EndFn>(lib, "kokkosp_end_parallel_for");
  t.begin_region[Reduce] = symbol<BeginFn>(lib, "kokkosp_begin_parallel_reduce");
  t.end_region[Reduce] = symbol<EndFn>(lib, "kokkosp_end_parallel_reduce");
  t.begin_region[Scan] = symbol<BeginFn>(lib, "kokkosp_begin_parallel_scan");
  t.end_region[Scan] = symbol<EndFn>(lib, "kokkosp_end_parallel_scan");
  t.push = symbol<PushFn>(lib, "kokkosp_push_profile_region");
  t.pop = symbol<PopFn>(lib, "kokkosp_pop_profile_region");
  t.allocate = symbol<DataFn>(lib, "kokkosp_allocate_data");
  t.deallocate = symbol<DataFn>(lib, "kokkosp_deallocate_data");
  t.begin_copy = symbol<BeginCopyFn>(lib, "kokkosp_begin_deep_copy");
  t.end_copy = symbol<EndCopyFn>(lib, "kokkosp_end_deep_copy");
  t.begin_fence = symbol<BeginFn>(lib, "kokkosp_begin_fence");
  t.end_fence = symbol<EndFn>(lib, "kokkosp_end_fence");
  // The library stays loaded to the end of the process: a region running
  // during exit may still hold its functions.
  return true;
}

/// The entries of a ';' or ':' separated list, empty ones dropped.
std::vector<std::string> split_list(const char *list) {
  std::vector<std::string> out;
  std::string cur;
  for (const char *c = list; ; ++c) {
    if (*c == '\0' || *c == ';' || *c == ':') {
      if (!cur.empty())
        out.push_back(cur);
      cur.clear();
      if (*c == '\0')
        break;
    } else {
      cur += *c;
    }
  }
  return out;
}

/// Sizes of the allocations reported to the tools, for deallocate_data.
struct Allocation {
  std::uint64_t bytes;
  SpaceHandle space;
  std::string label;
};
std::mutex &allocations_mutex() {
  static std::mutex *m = new std::mutex; // never destroyed (frees at exit)
  return *m;
}
std::unordered_map<const void *, Allocation> &allocations() {
  static auto *m = new std::unordered_map<const void *, Allocation>;
  return *m;
}

/// Whether tools listen; orders this thread after load_tools() (the
/// state's relaxed load that brought the caller here does not).
bool ready() {
  detail::initialize();
  return detail::tools_loaded.load(std::memory_order_acquire);
}

} // namespace

namespace detail {

void load_tools() {
  std::vector<std::string> seen;
  for (const char *var : {"HPP_TOOLS_LIBS", "KOKKOS_TOOLS_LIBS"}) {
    const char *list = std::getenv(var);
    if (!list)
      continue;
    for (const std::string &path : split_list(list)) {
      bool dup = false;
      for (const std::string &s : seen)
        dup = dup || s == path;
      if (dup)
        continue;
      seen.push_back(path);
      if (num_tools == max_tools) {
        std::fprintf(stderr,
                     "hpp: warning: at most %d tool libraries are loaded; "
                     "'%s' named in %s is not\n",
                     max_tools, path.c_str(), var);
        continue;
      }
      if (load_tool(path, var, tools[num_tools]))
        ++num_tools;
    }
  }
  if (num_tools == 0)
    return;
  for (int i = 0; i < num_tools; ++i)
    if (tools[i].init)
      tools[i].init(i, interface_version, 0, nullptr);
  tools_loaded.store(true);
  std::atexit(finalize_tools);
}

void tools_begin_region(RegionKind kind, const char *name,
                        std::uint32_t device, std::uint64_t id, ToolIds &ids) {
  const int k = static_cast<int>(kind);
  for (int i = 0; i < num_tools; ++i) {
    ids.id[i] = id;
    if (tools[i].begin_region[k])
      tools[i].begin_region[k](name, device, &ids.id[i]);
  }
}

void tools_end_region(RegionKind kind, const ToolIds &ids) {
  if (!tools_loaded.load(std::memory_order_acquire))
    return; // finalised while the region ran
  const int k = static_cast<int>(kind);
  for (int i = num_tools - 1; i >= 0; --i)
    if (tools[i].end_region[k])
      tools[i].end_region[k](ids.id[i]);
}

} // namespace detail

void allocate_data(const char *space, const char *label, const void *ptr,
                   std::uint64_t bytes) {
  if (!ready())
    return;
  const SpaceHandle h = space_handle(space);
  {
    std::lock_guard<std::mutex> lock(allocations_mutex());
    allocations()[ptr] = Allocation{bytes, h, label ? label : ""};
  }
  for (int i = 0; i < num_tools; ++i)
    if (tools[i].allocate)
      tools[i].allocate(h, label ? label : "", ptr, bytes);
}

void deallocate_data(const void *ptr) {
  if (!ready())
    return;
  Allocation a;
  {
    std::lock_guard<std::mutex> lock(allocations_mutex());
    auto it = allocations().find(ptr);
    if (it == allocations().end())
      return; // allocated before the tools were loaded
    a = std::move(it->second);
    allocations().erase(it);
  }
  for (int i = 0; i < num_tools; ++i)
    if (tools[i].deallocate)
      tools[i].deallocate(a.space, a.label.c_str(), ptr, a.bytes);
}

void begin_deep_copy(const char *dst_space, const void *dst,
                     const char *src_space, const void *src,
                     std::uint64_t bytes) {
  if (!ready())
    return;
  for (int i = 0; i < num_tools; ++i)
    if (tools[i].begin_copy)
      tools[i].begin_copy(space_handle(dst_space), "", dst,
                          space_handle(src_space), "", src, bytes);
}

void end_deep_copy() {
  if (!ready())
    return;
  for (int i = num_tools - 1; i >= 0; --i)
    if (tools[i].end_copy)
      tools[i].end_copy();
}

void begin_fence(const char *name, std::uint32_t device, ToolIds &ids) {
  if (!ready())
    return;
  const std::uint64_t id =
      detail::next_id.fetch_add(1, std::memory_order_relaxed);
  for (int i = 0; i < num_tools; ++i) {
    ids.id[i] = id;
    if (tools[i].begin_fence)
      tools[i].begin_fence(name ? name : "", device, &ids.id[i]);
  }
}

void end_fence(const ToolIds &ids) {
  if (!ready())
    return;
  for (int i = num_tools - 1; i >= 0; --i)
    if (tools[i].end_fence)
      tools[i].end_fence(ids.id[i]);
}

void push_region(const char *name) {
  if (!ready())
    return;
  for (int i = 0; i < num_tools; ++i)
    if (tools[i].push)
      tools[i].push(name ? name : "");
}

void pop_region() {
  if (!ready())
    return;
  for (int i = num_tools - 1; i >= 0; --i)
    if (tools[i].pop)
      tools[i].pop();
}

void finalize_tools() {
  detail::initialize();
  std::lock_guard<std::mutex> lock(finalize_mutex);
  if (!detail::tools_loaded.load())
    return;
  detail::tools_loaded.store(false);
  detail::update_state();
  for (int i = num_tools - 1; i >= 0; --i)
    if (tools[i].finalize)
      tools[i].finalize();
}

} // namespace profiling
} // namespace hpprt
