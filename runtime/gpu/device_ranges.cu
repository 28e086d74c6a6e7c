//===- device_ranges.cu - GPU memory the runtime handed out ---------------===//

#include "device_ranges.hpp"

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
};

Ranges &ranges() {
  static Ranges *r = new Ranges; // used by frees in static destructors
  return *r;
}

std::uintptr_t address(const void *p) { return reinterpret_cast<std::uintptr_t>(p); }

} // namespace

void note_range(const void *p, std::size_t bytes, dialect::PointerKind kind) {
  Ranges &r = ranges();
  std::unique_lock<std::shared_mutex> lock(r.mutex);
  r.by_begin[address(p)] = Range{address(p) + bytes, kind};
}

void forget_range(const void *p) {
  Ranges &r = ranges();
  std::unique_lock<std::shared_mutex> lock(r.mutex);
  r.by_begin.erase(address(p));
}

bool known_kind(const void *p, dialect::PointerKind &kind) {
  Ranges &r = ranges();
  std::shared_lock<std::shared_mutex> lock(r.mutex);
  auto it = r.by_begin.upper_bound(address(p));
  if (it == r.by_begin.begin())
    return false;
  --it;
  if (address(p) >= it->second.end)
    return false;
  kind = it->second.kind;
  return true;
}

} // namespace detail
} // namespace gpu
} // namespace hpprt
