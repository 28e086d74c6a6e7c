//===- present.hpp - Host memory mapped to the device -----------*- C++ -*-===//
/// \file
/// The present table behind `map` clauses, `hpp data` regions, `enter data`,
/// `exit data` and `update` (SPEC §3, issue 14), with OpenMP offload's
/// semantics: each mapped host range [begin, end) has a device copy and a
/// reference count, so a range is allocated and copied once however deeply
/// regions and data scopes nest, and copied back when the last of them ends.
///
/// Memory the device can already reach (hpp::alloc Space::Device or
/// Space::Shared, managed or device memory from elsewhere) is never mapped:
/// every call is a no-op for it and present() returns it unchanged.
///
/// Errors throw hpprt::Error naming the map item as written, its file:line
/// and the sizes. HPP_DEBUG_MAP=1 logs every enter, exit, update and copy.
//===----------------------------------------------------------------------===//
#pragma once

#include "../common/error.hpp"
#include "../common/macros.hpp"
#include "config.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <type_traits>
#include <vector>

namespace hpprt {
namespace gpu {

/// The map types of OpenMP. On entry From and Alloc allocate without a copy;
/// on exit To and Alloc (a region's or data scope's own items) release.
enum class MapKind { To, From, ToFrom, Alloc, Release, Delete };

/// Where a map item was written: for messages and HPP_DEBUG_MAP. item is the
/// clause as written, e.g. "to: a[lo:len]".
struct MapSite {
  const char *file;
  int line;
  const char *item;
};

/// Enters the section base[lo, lo+len) of elements of elem_size bytes:
/// count+1; the first entry allocates device memory and, for To and ToFrom,
/// copies host to device. Counts are as the user wrote them; negative ones
/// and sizes that overflow throw. A section that overlaps a present range
/// without lying inside it throws.
void map_enter(const void *base, std::int64_t lo, std::int64_t len,
               std::size_t elem_size, MapKind kind, const MapSite &site,
               HPPRT_GPU(Stream_t) stream);

/// Exits a section: From, ToFrom and Release take one from the count,
/// Delete sets it to zero; at zero From and ToFrom copy the section back to
/// the host (done when map_exit returns) and the device copy is freed.
/// From or ToFrom of a section that is not present throws; Release and
/// Delete of one do nothing.
void map_exit(const void *base, std::int64_t lo, std::int64_t len,
              std::size_t elem_size, MapKind kind, const MapSite &site,
              HPPRT_GPU(Stream_t) stream);

/// `update device(...)` (to_device) or `update host(...)`: copies a section
/// that lies inside a present range; counts do not change. Done when it
/// returns.
void map_update(const void *base, std::int64_t lo, std::int64_t len,
                std::size_t elem_size, bool to_device, const MapSite &site,
                HPPRT_GPU(Stream_t) stream);

/// Bytes and copies each way and device allocations since the start.
struct MapStats {
  std::uint64_t to_device_bytes, to_host_bytes, to_device_copies,
      to_host_copies, allocations;
};
MapStats map_stats();

namespace detail {
/// Present ranges now; present() looks nothing up while it is zero.
extern std::atomic<std::size_t> present_ranges;
/// The device address of host address p inside a present range, else p.
std::uintptr_t present_lookup(std::uintptr_t p);
} // namespace detail

/// The device address of p when p lies inside a present range, else p.
template <class T> T *present(T *p) {
  if (detail::present_ranges.load(std::memory_order_acquire) == 0)
    return p;
  return reinterpret_cast<T *>(
      detail::present_lookup(reinterpret_cast<std::uintptr_t>(p)));
}

/// For a section base[lo:len] with lo > 0 base itself lies before the
/// mapped range: looks up base + lo and returns the device address minus
/// lo elements. In integers, since base + lo and the result may lie outside
/// any object.
template <class T> T *present_section(T *base, std::int64_t lo) {
  if (detail::present_ranges.load(std::memory_order_acquire) == 0)
    return base;
  const std::uintptr_t offset =
      static_cast<std::uintptr_t>(lo) * sizeof(T); // wraps for lo < 0
  const std::uintptr_t host = reinterpret_cast<std::uintptr_t>(base) + offset;
  return reinterpret_cast<T *>(detail::present_lookup(host) - offset);
}

/// A region's map clauses, or a structured `hpp data` region: map() enters
/// each item at once; the destructor exits them in reverse order. When the
/// scope ends by an exception the items are released without copies (the
/// device's results are not trusted then) and errors are ignored.
class DataScope {
public:
  DataScope(const char *file, int line,
            HPPRT_GPU(Stream_t) stream = HPPRT_GPU_DEFAULT_STREAM)
      : file_(file), line_(line), stream_(stream),
        exceptions_(std::uncaught_exceptions()) {}
  DataScope(const DataScope &) = delete;
  DataScope &operator=(const DataScope &) = delete;
  ~DataScope() { exit_all(std::uncaught_exceptions() > exceptions_); }

  template <class T>
  void map(MapKind kind, T *base, std::int64_t lo, std::int64_t len,
           const char *item) {
    static_assert(!std::is_void<T>::value, "map a typed pointer");
    if (std::is_const<T>::value)
      check_not_const_from(kind, item);
    items_.reserve(items_.size() + 1); // an entered item is always recorded
    map_enter(base, lo, len, sizeof(T), kind, MapSite{file_, line_, item},
              stream_);
    items_.push_back(Item{kind, base, lo, len, sizeof(T), item});
  }

private:
  struct Item {
    MapKind kind;
    const void *base;
    std::int64_t lo, len;
    std::size_t elem_size;
    const char *item;
  };
  void check_not_const_from(MapKind kind, const char *item) const;
  void exit_all(bool unwinding) noexcept;

  const char *file_;
  int line_;
  HPPRT_GPU(Stream_t) stream_;
  int exceptions_;
  std::vector<Item> items_;
};

/// What a GPU lambda captures in place of a mapped std::vector, std::array
/// or C array: its device address and size, with the container's read
/// interface on host and device.
template <class T> struct DeviceSpan {
  using value_type = std::remove_cv_t<T>;
  using size_type = std::size_t;
  using iterator = T *;
  using const_iterator = T *;

  T *ptr;
  std::size_t n;

  HPPRT_HOST_DEVICE T &operator[](std::size_t i) const { return ptr[i]; }
  HPPRT_HOST_DEVICE std::size_t size() const { return n; }
  HPPRT_HOST_DEVICE bool empty() const { return n == 0; }
  HPPRT_HOST_DEVICE T *data() const { return ptr; }
  HPPRT_HOST_DEVICE T *begin() const { return ptr; }
  HPPRT_HOST_DEVICE T *end() const { return ptr + n; }
  HPPRT_HOST_DEVICE T &front() const { return ptr[0]; }
  HPPRT_HOST_DEVICE T &back() const { return ptr[n - 1]; }
};

} // namespace gpu
} // namespace hpprt
