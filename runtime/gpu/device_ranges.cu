//===- device_ranges.cu - Device memory hpp::alloc handed out -------------===//

#include "device_ranges.hpp"

#include <cstdint>
#include <map>
#include <mutex>
#include <shared_mutex>

namespace hpprt {
namespace gpu {
namespace detail {
namespace {

struct Ranges {
  std::shared_mutex mutex;
  std::map<std::uintptr_t, std::uintptr_t> begin_to_end;
};

Ranges &ranges() {
  static Ranges *r = new Ranges; // used by frees in static destructors
  return *r;
}

std::uintptr_t address(const void *p) { return reinterpret_cast<std::uintptr_t>(p); }

} // namespace

void note_device_range(const void *p, std::size_t bytes) {
  Ranges &r = ranges();
  std::unique_lock<std::shared_mutex> lock(r.mutex);
  r.begin_to_end[address(p)] = address(p) + bytes;
}

void forget_device_range(const void *p) {
  Ranges &r = ranges();
  std::unique_lock<std::shared_mutex> lock(r.mutex);
  r.begin_to_end.erase(address(p));
}

bool in_device_range(const void *p) {
  Ranges &r = ranges();
  std::shared_lock<std::shared_mutex> lock(r.mutex);
  auto it = r.begin_to_end.upper_bound(address(p));
  if (it == r.begin_to_end.begin())
    return false;
  --it;
  return address(p) < it->second;
}

} // namespace detail
} // namespace gpu
} // namespace hpprt
