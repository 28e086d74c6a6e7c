//===- present_table.hpp - Host ranges with device copies -------*- C++ -*-===//
/// \file
/// The data structure under the GPU runtime's present table
/// (runtime/gpu/present.cu): host ranges [begin, end), each with the
/// address of its device copy and a reference count. Nothing here touches a
/// GPU, so the host unit tests exercise it (test/unit/PresentTableTest.cpp).
///
/// Writers (enter, exit, update) hold update_mutex() from start to end, so
/// counts are read and written under it. lookup() is for any thread with
/// no lock: it searches a per-thread copy of the ranges, refreshed under a
/// shared lock when the table's version changed, so that the lookups made
/// before every launch, often from several threads, write no shared cache
/// line. Its answer is the table's at the version it read, as a lookup under
/// a lock would be.
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <iterator>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <vector>

namespace hpprt {
namespace detail {

class PresentTable {
public:
  struct Range {
    std::uintptr_t end;
    std::uintptr_t device;
    std::uint64_t count;
    const char *file; // where it was first mapped, for messages
    int line;
  };
  using Map = std::map<std::uintptr_t, Range>; // by host begin
  using Iter = Map::iterator;

  /// What the table holds for [begin, end): the range it lies inside, or a
  /// range it overlaps without lying inside (partial), or neither (it ==
  /// none()).
  struct Found {
    Iter it;
    bool inside = false, partial = false;
  };

  PresentTable() : id_(next_id().fetch_add(1) + 1) {}
  PresentTable(const PresentTable &) = delete;
  PresentTable &operator=(const PresentTable &) = delete;

  std::mutex &update_mutex() { return update_mutex_; }

  // Writers only, holding update_mutex().
  Found find(std::uintptr_t begin, std::uintptr_t end) {
    Found f{ranges_.end()};
    auto next = ranges_.upper_bound(begin);
    if (next != ranges_.begin()) {
      auto prev = std::prev(next);
      if (prev->second.end > begin) {
        f.it = prev;
        f.inside = end <= prev->second.end;
        f.partial = !f.inside;
        return f;
      }
    }
    if (next != ranges_.end() && next->first < end) {
      f.it = next;
      f.partial = true;
    }
    return f;
  }
  Iter none() { return ranges_.end(); }
  /// Adds a range that find() reported absent; lookups see it from now on.
  void insert(std::uintptr_t begin, const Range &r) {
    std::unique_lock<std::shared_mutex> lock(lookup_mutex_);
    ranges_.emplace(begin, r);
    version_.fetch_add(1, std::memory_order_release);
  }
  /// Removes a range; lookups stop translating into it from now on.
  void erase(Iter it) {
    std::unique_lock<std::shared_mutex> lock(lookup_mutex_);
    ranges_.erase(it);
    version_.fetch_add(1, std::memory_order_release);
  }

  /// The device address of host address p inside a range, else p. Any
  /// thread, holding no lock of the table.
  std::uintptr_t lookup(std::uintptr_t p) {
    Snapshot &snap = snapshot();
    if (snap.table != id_ || snap.version != version_.load(std::memory_order_acquire)) {
      std::shared_lock<std::shared_mutex> lock(lookup_mutex_);
      snap.spans.clear();
      for (const auto &r : ranges_)
        snap.spans.push_back(Span{r.first, r.second.end, r.second.device});
      snap.table = id_;
      snap.version = version_.load(std::memory_order_relaxed); // of this copy
    }
    auto it = std::upper_bound(snap.spans.begin(), snap.spans.end(), p,
                               [](std::uintptr_t a, const Span &s) { return a < s.begin; });
    if (it == snap.spans.begin())
      return p;
    --it;
    return p < it->end ? it->device + (p - it->begin) : p;
  }

private:
  struct Span {
    std::uintptr_t begin, end, device;
  };
  /// A thread's copy of one table's ranges at one version, sorted.
  struct Snapshot {
    std::uint64_t table = 0, version = 0;
    std::vector<Span> spans;
  };
  static Snapshot &snapshot() {
    static thread_local Snapshot s;
    return s;
  }
  // Tables are told apart by id, not address: a table made where a
  // destroyed one lived (tests) must not inherit its snapshots.
  static std::atomic<std::uint64_t> &next_id() {
    static std::atomic<std::uint64_t> n{0};
    return n;
  }

  const std::uint64_t id_;
  std::mutex update_mutex_;
  std::shared_mutex lookup_mutex_;
  Map ranges_;
  std::atomic<std::uint64_t> version_{0};
};

} // namespace detail
} // namespace hpprt
