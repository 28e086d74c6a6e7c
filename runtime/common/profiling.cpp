//===- profiling.cpp - Profiling hooks around parallel regions ------------===//
/// \file
/// The listeners' state, the in-process hooks and RegionScope. Everything is
/// decided once, on the runtime's first event, under std::call_once: the
/// environment is read and the tools are loaded (tools.cpp). Later changes
/// (set_callbacks, finalize_tools) recompute the state under one mutex, so
/// that a change racing a region's first run is never lost.
//===----------------------------------------------------------------------===//
#include "profiling.hpp"
#include "tools_impl.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

namespace hpprt {
namespace profiling {
namespace detail {
std::atomic<int> state{0};
std::atomic<bool> tools_loaded{false};
std::atomic<std::uint64_t> next_id{1};
} // namespace detail

namespace {

/// One installed pair: a region loads the pair once, so that its end goes
/// to the hooks that saw its begin.
struct Hooks {
  BeginRegion begin;
  EndRegion end;
};
std::atomic<const Hooks *> hooks{nullptr};
std::once_flag init_once;

std::mutex &state_mutex() {
  // Never destroyed: set_callbacks may run from static destructors.
  static std::mutex *m = new std::mutex;
  return *m;
}

bool env_profiling() {
  // Read once: getenv is not safe against a concurrent setenv, and the answer
  // must not change between a region's begin and its end.
  static const bool on = [] {
    const char *v = std::getenv("HPP_PROFILE");
    return v && *v && std::strcmp(v, "0") != 0;
  }();
  return on;
}

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

} // namespace

namespace detail {

namespace {
void update_state_locked() {
  const bool any = hooks.load() || tools_loaded.load() || env_profiling();
  state.store(any ? 2 : 1);
}
} // namespace

void update_state() {
  std::lock_guard<std::mutex> lock(state_mutex());
  update_state_locked();
}

bool initialize() {
  std::call_once(init_once, [] {
    env_profiling();
    load_tools();
    update_state();
  });
  return state.load(std::memory_order_relaxed) == 2;
}

} // namespace detail

void set_callbacks(BeginRegion begin, EndRegion end) {
  // After the first initialisation, so that it cannot overwrite this change.
  detail::initialize();
  std::lock_guard<std::mutex> lock(state_mutex());
  const Hooks *pair = nullptr;
  if (begin || end) {
    // Kept forever: a region that loaded an older pair may still call it.
    // One small object per distinct pair ever installed.
    static std::vector<const Hooks *> *all = new std::vector<const Hooks *>;
    for (const Hooks *h : *all)
      if (h->begin == begin && h->end == end)
        pair = h;
    if (!pair) {
      all->push_back(new Hooks{begin, end});
      pair = all->back();
    }
  }
  hooks.store(pair, std::memory_order_release);
  detail::update_state_locked();
}

} // namespace profiling

void RegionScope::begin() {
  using namespace profiling;
  detail::initialize();
  const Hooks *pair = hooks.load(std::memory_order_acquire);
  const bool tools = detail::tools_loaded.load(std::memory_order_acquire);
  const bool timing = !pair && env_profiling();
  if (!pair && !tools && !timing)
    return;
  const char *name = name_ ? name_ : "";
  id_ = detail::next_id.fetch_add(1, std::memory_order_relaxed);
  if (tools) {
    detail::tools_begin_region(kind_, name, device_, id_, tool_ids_);
    tools_ = true;
  }
  if (pair) {
    end_ = pair->end;
    if (pair->begin)
      pair->begin(name, &id_);
  } else if (timing) {
    start_ns_ = now_ns();
  }
  active_ = true;
}

void RegionScope::end() {
  if (end_) {
    end_(id_);
  } else if (start_ns_ >= 0) {
    const double us = double(profiling::now_ns() - start_ns_) / 1000.0;
    std::fprintf(stderr, "hpp: region %s %.1f us\n", name_ ? name_ : "", us);
  }
  if (tools_)
    profiling::detail::tools_end_region(kind_, tool_ids_);
}

} // namespace hpprt
