//===- profiling.cpp - Profiling hooks around parallel regions ------------===//
#include "../common/profiling.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace hpprt {
namespace profiling {
namespace detail {
std::atomic<int> state{0};
} // namespace detail

namespace {

std::atomic<BeginRegion> begin_hook{nullptr};
std::atomic<EndRegion> end_hook{nullptr};
std::atomic<std::uint64_t> next_id{1};

bool env_profiling() {
  // Read once: getenv is not safe against a concurrent setenv, and the answer
  // must not change between a region's begin and its end.
  static const bool on = [] {
    const char* v = std::getenv("HPP_PROFILE");
    return v && *v && std::strcmp(v, "0") != 0;
  }();
  return on;
}

void update_state() {
  const bool hooks = begin_hook.load() || end_hook.load();
  detail::state.store(hooks || env_profiling() ? 2 : 1);
}

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

} // namespace

void set_callbacks(BeginRegion begin, EndRegion end) {
  begin_hook.store(begin);
  end_hook.store(end);
  update_state();
}

} // namespace profiling

void RegionScope::begin() {
  using namespace profiling;
  if (detail::state.load() == 0)
    update_state();
  // Both hooks are read once here so that a region's end goes to the tool
  // that saw its begin.
  const BeginRegion begin_fn = begin_hook.load();
  end_ = end_hook.load();
  const char* name = name_ ? name_ : "";
  if (begin_fn || end_) {
    id_ = next_id.fetch_add(1, std::memory_order_relaxed);
    if (begin_fn)
      begin_fn(name, &id_);
    active_ = true;
    return;
  }
  if (env_profiling()) {
    start_ns_ = now_ns();
    active_ = true;
  }
}

void RegionScope::end() {
  if (end_) {
    end_(id_);
    return;
  }
  if (start_ns_ >= 0) {
    const double us = double(profiling::now_ns() - start_ns_) / 1000.0;
    std::fprintf(stderr, "hpp: region %s %.1f us\n", name_ ? name_ : "", us);
  }
}

} // namespace hpprt
