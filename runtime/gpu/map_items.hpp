//===- map_items.hpp - What generated code calls for map items -*- C++ -*-===//
/// \file
/// The vocabulary hppc's GPU output uses for `map` items, data constructs
/// and the data a region captures (lib/Backend/GPU/GPUData.cpp), over the
/// present table (present.hpp): the first element and extent of whatever
/// an item names (pointer, C array, std::vector, std::array), the element
/// size taken from its type, and the span a region captures in place of a
/// mapped container.
//===----------------------------------------------------------------------===//
#pragma once

#include "present.hpp"

#include <hpp/stream.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace hpprt {
namespace gpu {

/// The first element of a mapped item: the pointer itself, the array's
/// first row (an array decays to it), the container's data().
template <class T> T *section_base(T *p) { return p; }
template <class C> auto section_base(C &c) -> decltype(c.data()) { return c.data(); }

/// The element count of a whole array or container.
template <class T, std::size_t N> constexpr std::int64_t whole_extent(T (&)[N]) {
  return static_cast<std::int64_t>(N);
}
template <class C> auto whole_extent(const C &c) -> decltype(std::int64_t(c.size())) {
  return static_cast<std::int64_t>(c.size());
}

inline HPPRT_GPU(Stream_t) stream_of(const hpp::Stream &s) {
  return static_cast<HPPRT_GPU(Stream_t)>(s.native());
}
/// The default stream of the file being compiled (per-thread or legacy).
inline HPPRT_GPU(Stream_t) default_stream_handle() { return HPPRT_GPU_DEFAULT_STREAM; }

/// `enter data map(kind: item)`.
template <class T>
void enter_data(MapKind kind, T *base, std::int64_t lo, std::int64_t len, const char *item,
                const char *file, int line, HPPRT_GPU(Stream_t) stream) {
  map_enter(base, lo, len, sizeof(T), kind, MapSite{file, line, item}, stream);
}

/// `exit data map(kind: item)`.
template <class T>
void exit_data(MapKind kind, T *base, std::int64_t lo, std::int64_t len, const char *item,
               const char *file, int line, HPPRT_GPU(Stream_t) stream) {
  map_exit(base, lo, len, sizeof(T), kind, MapSite{file, line, item}, stream);
}

/// `update device(item)` (kind To) or `update host(item)` (kind From).
template <class T>
void update_data(MapKind kind, T *base, std::int64_t lo, std::int64_t len, const char *item,
                 const char *file, int line, HPPRT_GPU(Stream_t) stream) {
  map_update(base, lo, len, sizeof(T), kind == MapKind::To, MapSite{file, line, item}, stream);
}

/// What a region captures in place of a mapped std::vector or std::array:
/// its device copy, with the container's size; lo is the first mapped
/// element.
template <class C>
auto span_of(C &c, std::int64_t lo) -> DeviceSpan<std::remove_pointer_t<decltype(c.data())>> {
  return {present_section(c.data(), lo), c.size()};
}

} // namespace gpu
} // namespace hpprt
