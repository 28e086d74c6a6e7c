//===- present.cu - Host memory mapped to the device ----------------------===//
/// \file
/// One table for every host thread (common/present_table.hpp: the ranges,
/// its locks and the lock-free lookups). Enter, exit and update hold its
/// update mutex from start to end, copies included: a section two threads
/// enter at once is allocated and copied once. A range is inserted after
/// its copy completed and erased before its device memory is freed.
/// Copies are synchronous for the host: map_exit must leave the data on
/// the host, and after map_enter the host may overwrite its source (pinned
/// memory would be read by the DMA later) and regions on any stream may use
/// the device copy.
//===----------------------------------------------------------------------===//
#include "present.hpp"

#include "../common/present_table.hpp"
#include "device.hpp"
#include "device_ranges.hpp"
#include "launch.hpp"
#include "queue.hpp"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

namespace hpprt {
namespace gpu {
namespace detail {
std::atomic<std::size_t> present_ranges{0};
} // namespace detail

namespace {

using Stream = HPPRT_GPU(Stream_t);

using Table = hpprt::detail::PresentTable;
using Iter = Table::Iter;

Table &table() {
  static Table *t = new Table; // exits in static destructors may still run
  return *t;
}

struct Counters {
  std::atomic<std::uint64_t> to_device_bytes{0}, to_host_bytes{0},
      to_device_copies{0}, to_host_copies{0}, allocations{0};
};
Counters counters;

bool debug_map() {
  static const bool on = [] {
    const char *v = std::getenv("HPP_DEBUG_MAP");
    return v && *v && std::strcmp(v, "0") != 0;
  }();
  return on;
}

std::string hex(std::uintptr_t p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%" PRIxPTR, p);
  return buf;
}

std::string where(const MapSite &site) {
  return std::string("hpp: map(") + (site.item ? site.item : "?") + ") (" +
         (site.file ? site.file : "?") + ":" + std::to_string(site.line) +
         "): ";
}

[[noreturn]] void fail(const MapSite &site, const std::string &what) {
  throw Error(where(site) + what);
}

/// A section's host addresses, checked.
struct Section {
  std::uintptr_t begin, end;
  std::uint64_t bytes() const { return end - begin; }
};

Section section_of(const void *base, std::int64_t lo, std::int64_t len,
                   std::size_t elem_size, const MapSite &site) {
  if (lo < 0 || len < 0)
    fail(site, "the section has a negative " +
                   std::string(lo < 0 ? "lower bound (" + std::to_string(lo)
                                      : "length (" + std::to_string(len)) +
                   ")");
  std::uint64_t first = 0, bytes = 0, end = 0;
  const std::uintptr_t b = reinterpret_cast<std::uintptr_t>(base);
  if (__builtin_mul_overflow(static_cast<std::uint64_t>(lo), elem_size, &first) ||
      __builtin_mul_overflow(static_cast<std::uint64_t>(len), elem_size, &bytes) ||
      __builtin_add_overflow(first, bytes, &end) ||
      __builtin_add_overflow(static_cast<std::uint64_t>(b), end, &end))
    fail(site, "the section's size overflows: lower bound " +
                   std::to_string(lo) + ", length " + std::to_string(len) +
                   ", elements of " + std::to_string(elem_size) + " bytes");
  if (b == 0 && bytes != 0)
    fail(site, "the section's base pointer is null");
  return Section{static_cast<std::uintptr_t>(b + first),
                 static_cast<std::uintptr_t>(end)};
}

std::string describe(std::uintptr_t begin, std::uint64_t bytes) {
  return "[" + hex(begin) + ", +" + std::to_string(bytes) + " bytes)";
}

/// Memory kernels can reach without a map: hpp::alloc Space::Device or
/// Shared (a lookup), else device or managed memory as the GPU runtime
/// reports it.
bool device_accessible(std::uintptr_t p) {
  const void *ptr = reinterpret_cast<const void *>(p);
  dialect::PointerKind kind = dialect::PointerKind::Pageable;
  if (detail::known_kind(ptr, kind))
    return kind == dialect::PointerKind::Device || kind == dialect::PointerKind::Managed;
  if (dialect::pointer_kind(ptr, kind) != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    return false;
  }
  return kind == dialect::PointerKind::Device ||
         kind == dialect::PointerKind::Managed;
}

[[noreturn]] void fail_partial(const MapSite &site, const Section &s, Iter it) {
  fail(site, "the section " + describe(s.begin, s.bytes()) +
                 " is partially present: it overlaps the mapped range " +
                 describe(it->first, it->second.end - it->first) +
                 " mapped at " + (it->second.file ? it->second.file : "?") + ":" +
                 std::to_string(it->second.line));
}

void log(const MapSite &site, const char *what, const Section &s,
         std::uintptr_t device, std::uint64_t count, const char *note) {
  std::fprintf(stderr,
               "hpp map: %s:%d %s %s %" PRIu64 " bytes host %s device %s count "
               "%" PRIu64 " %s\n",
               site.file ? site.file : "?", site.line, what,
               site.item ? site.item : "?", s.bytes(), hex(s.begin).c_str(),
               hex(device).c_str(), count, note);
}

/// Copies on stream and waits for it, ordered after this thread's regions
/// on other streams that did not wait (queue.hpp).
void copy(std::uintptr_t dst, std::uintptr_t src, std::uint64_t bytes,
          bool to_device, Stream stream, const MapSite &site) {
  detail::order_after_implicit(stream);
  HPPRT_GPU(Error_t) err = HPPRT_GPU(MemcpyAsync)(
      reinterpret_cast<void *>(dst), reinterpret_cast<const void *>(src), bytes,
      to_device ? HPPRT_GPU(MemcpyHostToDevice) : HPPRT_GPU(MemcpyDeviceToHost),
      stream);
  const bool queued = err == HPPRT_GPU(Success);
  if (queued)
    err = HPPRT_GPU(StreamSynchronize)(stream);
  if (err != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    // A failed wait reports the stream's work before the copy, if any.
    const std::string culprit = queued ? detail::queued_culprit(stream) : "";
    fail(site, "copying " + std::to_string(bytes) + " bytes to the " +
                   (to_device ? "device" : "host") + " failed" +
                   (culprit.empty() ? "" : " (after " + culprit + ")") + ": " +
                   detail::error_text(err));
  }
  detail::stream_waited(stream);
  if (to_device) {
    counters.to_device_bytes += bytes;
    ++counters.to_device_copies;
  } else {
    counters.to_host_bytes += bytes;
    ++counters.to_host_copies;
  }
}

std::uintptr_t device_alloc(std::uint64_t bytes, const MapSite &site) {
  detail::use_chosen_device();
  void *p = nullptr;
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(Malloc)(&p, bytes);
  if (err != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    std::size_t available = 0, total = 0;
    std::string sizes;
    if (HPPRT_GPU(MemGetInfo)(&available, &total) == HPPRT_GPU(Success))
      sizes = " (" + std::to_string(available) + " bytes free of " +
              std::to_string(total) + ")";
    else
      (void)HPPRT_GPU(GetLastError)();
    fail(site, "cannot allocate " + std::to_string(bytes) +
                   " bytes of device memory for the section" + sizes + ": " +
                   detail::error_text(err));
  }
  ++counters.allocations;
  // Launches find the copy here instead of asking the driver.
  detail::note_range(p, bytes, dialect::PointerKind::Device);
  return reinterpret_cast<std::uintptr_t>(p);
}

void device_free(std::uintptr_t p, const MapSite &site) {
  // cudaFree and hipFree wait for the device: kernels still using the copy
  // (regions that did not wait) finish first.
  detail::forget_range(reinterpret_cast<const void *>(p));
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(Free)(reinterpret_cast<void *>(p));
  if (err != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    fail(site, "freeing the device copy failed: " + detail::error_text(err));
  }
}

/// Removes it from the table (present() stops translating) before its
/// device memory goes.
void erase(Table &t, Iter it) {
  t.erase(it);
  detail::present_ranges.fetch_sub(1, std::memory_order_release);
}

/// The present range that holds all of s (f.inside), or none; a range that
/// holds only part of it is an error. Called with the update mutex held.
Table::Found find_section(Table &t, const Section &s, const MapSite &site) {
  const Table::Found f = t.find(s.begin, s.end);
  if (f.partial)
    fail_partial(site, s, f.it);
  return f;
}

/// The device address of s's first byte in the range find_section found.
std::uintptr_t device_address(const Table::Found &f, const Section &s) {
  return f.it->second.device + (s.begin - f.it->first);
}

} // namespace

void map_enter(const void *base, std::int64_t lo, std::int64_t len,
               std::size_t elem_size, MapKind kind, const MapSite &site,
               Stream stream) {
  // A stream created for a device allocates and copies there.
  detail::DeviceSwitch on_device(stream);
  if (kind == MapKind::Release || kind == MapKind::Delete)
    fail(site, "release and delete are exit map types; enter maps with to, "
               "from, tofrom or alloc");
  const Section s = section_of(base, lo, len, elem_size, site);
  if (s.bytes() == 0)
    return;
  stream = detail::resolve_stream(stream);
  Table &t = table();
  std::lock_guard<std::mutex> lock(t.update_mutex());
  const Table::Found f = find_section(t, s, site);
  if (f.inside) {
    Table::Range &r = f.it->second;
    ++r.count;
    if (debug_map())
      log(site, "enter", s, device_address(f, s), r.count, "present");
    return;
  }
  if (device_accessible(s.begin)) {
    if (debug_map())
      log(site, "enter", s, s.begin, 0, "device-accessible, not mapped");
    return;
  }
  const std::uintptr_t device = device_alloc(s.bytes(), site);
  const bool copies = kind == MapKind::To || kind == MapKind::ToFrom;
  if (copies) {
    try {
      copy(device, s.begin, s.bytes(), true, stream, site);
    } catch (...) {
      detail::forget_range(reinterpret_cast<const void *>(device));
      (void)HPPRT_GPU(Free)(reinterpret_cast<void *>(device));
      throw;
    }
  }
  t.insert(s.begin, Table::Range{s.end, device, 1, site.file, site.line});
  detail::present_ranges.fetch_add(1, std::memory_order_release);
  if (debug_map())
    log(site, "enter", s, device, 1, copies ? "copied" : "allocated");
}

void map_exit(const void *base, std::int64_t lo, std::int64_t len,
              std::size_t elem_size, MapKind kind, const MapSite &site,
              Stream stream) {
  // A stream created for a device allocates and copies there.
  detail::DeviceSwitch on_device(stream);
  const Section s = section_of(base, lo, len, elem_size, site);
  if (s.bytes() == 0)
    return;
  stream = detail::resolve_stream(stream);
  const bool copies = kind == MapKind::From || kind == MapKind::ToFrom;
  Table &t = table();
  std::lock_guard<std::mutex> lock(t.update_mutex());
  const Table::Found f = find_section(t, s, site);
  if (!f.inside) {
    if (device_accessible(s.begin)) {
      if (debug_map())
        log(site, "exit", s, s.begin, 0, "device-accessible, not mapped");
      return;
    }
    if (copies)
      fail(site, "the section " + describe(s.begin, s.bytes()) +
                     " is not present: it was never mapped, or the data "
                     "region or `enter data` that mapped it has ended");
    return; // release and delete of what is absent do nothing (OpenMP)
  }
  Table::Range &r = f.it->second;
  const std::uintptr_t device = device_address(f, s);
  r.count = kind == MapKind::Delete ? 0 : r.count - 1;
  if (r.count > 0) {
    if (debug_map())
      log(site, "exit", s, device, r.count, "still present");
    return;
  }
  const std::uintptr_t device_begin = r.device;
  if (copies && kind != MapKind::Delete) {
    try {
      copy(s.begin, device, s.bytes(), false, stream, site);
    } catch (...) {
      // The device copy is lost either way; the host keeps its old data.
      erase(t, f.it);
      detail::forget_range(reinterpret_cast<const void *>(device_begin));
      (void)HPPRT_GPU(Free)(reinterpret_cast<void *>(device_begin));
      throw;
    }
  }
  erase(t, f.it);
  device_free(device_begin, site);
  if (debug_map())
    log(site, "exit", s, device, 0, copies ? "copied back, freed" : "freed");
}

void map_update(const void *base, std::int64_t lo, std::int64_t len,
                std::size_t elem_size, bool to_device, const MapSite &site,
                Stream stream) {
  // A stream created for a device allocates and copies there.
  detail::DeviceSwitch on_device(stream);
  const Section s = section_of(base, lo, len, elem_size, site);
  if (s.bytes() == 0)
    return;
  stream = detail::resolve_stream(stream);
  Table &t = table();
  std::lock_guard<std::mutex> lock(t.update_mutex());
  const Table::Found f = find_section(t, s, site);
  if (!f.inside) {
    if (device_accessible(s.begin))
      return;
    fail(site, "the section " + describe(s.begin, s.bytes()) +
                   " is not present: update copies only what a map clause, "
                   "`hpp data` or `enter data` mapped");
  }
  const std::uintptr_t device = device_address(f, s);
  if (to_device)
    copy(device, s.begin, s.bytes(), true, stream, site);
  else
    copy(s.begin, device, s.bytes(), false, stream, site);
  if (debug_map())
    log(site, "update", s, device, f.it->second.count,
        to_device ? "copied to device" : "copied to host");
}

MapStats map_stats() {
  return MapStats{counters.to_device_bytes.load(), counters.to_host_bytes.load(),
                  counters.to_device_copies.load(), counters.to_host_copies.load(),
                  counters.allocations.load()};
}

namespace detail {

std::uintptr_t present_lookup(std::uintptr_t p) { return table().lookup(p); }

} // namespace detail

void DataScope::check_not_const_from(MapKind kind, const char *item) const {
  if (kind == MapKind::From || kind == MapKind::ToFrom)
    fail(MapSite{file_, line_, item},
         "the data is const: the device's results cannot be copied back to it");
}

void DataScope::exit_all(bool unwinding) noexcept {
  for (auto it = items_.rbegin(); it != items_.rend(); ++it) {
    const MapSite site{file_, line_, it->item};
    // A scope's own to and alloc items only release at its end.
    MapKind kind = it->kind;
    if (unwinding || kind == MapKind::To || kind == MapKind::Alloc)
      kind = MapKind::Release;
    try {
      map_exit(it->base, it->lo, it->len, it->elem_size, kind, site, stream_);
    } catch (const std::exception &e) {
      if (!unwinding)
        fatal(e.what());
    } catch (...) {
      if (!unwinding)
        fatal("hpp: map(" + std::string(it->item ? it->item : "?") + ") (" +
              (file_ ? file_ : "?") + ":" + std::to_string(line_) +
              "): unknown error at the end of the scope");
    }
  }
  items_.clear();
}

} // namespace gpu
} // namespace hpprt
