//===- device_ranges.cu - GPU memory the runtime handed out ---------------===//

#include "device_ranges.hpp"

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <shared_mutex>

namespace hpprt {
namespace gpu {
namespace detail {
namespace {

struct Range {
  std::uintptr_t end;
  dialect::PointerKind kind;
};

struct Ranges {
  std::shared_mutex mutex;
  std::map<std::uintptr_t, Range> by_begin;
  /// Bumped by every change of by_begin, under the writer's lock: a thread's
  /// cached ranges are valid while it has not moved.
  std::atomic<std::uint64_t> generation{1};
};

Ranges &ranges() {
  static Ranges *r = new Ranges; // used by frees in static destructors
  return *r;
}

std::uintptr_t address(const void *p) { return reinterpret_cast<std::uintptr_t>(p); }

/// The ranges this host thread found last. A launch asks about each of its
/// pointers twice (check_pointer, all_device) and a loop of launches about
/// the same few ranges every time; without the cache each question takes
/// the shared lock and walks the map (two atomic read-modify-writes and a
/// few cache misses, ~0.05 us), with it a load and a compare. Trivially
/// destructible, so frees in static destructors may still use it.
struct RangeCache {
  static constexpr unsigned capacity = 4;
  std::uint64_t generation;
  struct Entry {
    std::uintptr_t begin, end;
    dialect::PointerKind kind;
  } entries[capacity];
  unsigned used, next;
};
thread_local RangeCache cache{};

} // namespace

void note_range(const void *p, std::size_t bytes, dialect::PointerKind kind) {
  Ranges &r = ranges();
  std::unique_lock<std::shared_mutex> lock(r.mutex);
  r.by_begin[address(p)] = Range{address(p) + bytes, kind};
  r.generation.fetch_add(1, std::memory_order_release);
}

void forget_range(const void *p) {
  Ranges &r = ranges();
  std::unique_lock<std::shared_mutex> lock(r.mutex);
  r.by_begin.erase(address(p));
  r.generation.fetch_add(1, std::memory_order_release);
}

bool known_kind(const void *p, dialect::PointerKind &kind) {
  Ranges &r = ranges();
  const std::uintptr_t a = address(p);
  // Read before the lookup: a change after this load makes the next call
  // drop what this one caches, even if the lookup below already saw it.
  const std::uint64_t now = r.generation.load(std::memory_order_acquire);
  RangeCache &c = cache;
  if (c.generation == now) {
    for (unsigned i = 0; i < c.used; ++i)
      if (a >= c.entries[i].begin && a < c.entries[i].end) {
        kind = c.entries[i].kind;
        return true;
      }
  } else {
    c.generation = now;
    c.used = c.next = 0;
  }
  RangeCache::Entry found{};
  {
    std::shared_lock<std::shared_mutex> lock(r.mutex);
    auto it = r.by_begin.upper_bound(a);
    if (it == r.by_begin.begin())
      return false;
    --it;
    if (a >= it->second.end)
      return false;
    found = {it->first, it->second.end, it->second.kind};
  }
  c.entries[c.next] = found;
  c.next = (c.next + 1) % RangeCache::capacity;
  if (c.used < RangeCache::capacity)
    ++c.used;
  kind = found.kind;
  return true;
}

} // namespace detail
} // namespace gpu
} // namespace hpprt
