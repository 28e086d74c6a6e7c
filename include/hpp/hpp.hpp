//===- hpp.hpp - The hpp user API (serial reference) ------------*- C++ -*-===//
/// \file
/// What programs written for hpp include. Compiled as it is (any C++17
/// compiler, no hppc, no runtime) it is the serial reference implementation;
/// hppc translates the annotated loops and the calls below into backend code.
/// This first version holds memory management, fence and atomics; the
/// Kokkos-shaped parallel_* API follows.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>

#include "atomic.hpp"

#define HPP_VERSION_MAJOR 0
#define HPP_VERSION_MINOR 1
#define HPP_VERSION_PATCH 0
#define HPP_VERSION                                                            \
  (HPP_VERSION_MAJOR * 10000 + HPP_VERSION_MINOR * 100 + HPP_VERSION_PATCH)

namespace hpp {

using index_t = std::int64_t;

/// Where an allocation lives. In the serial build every space is host memory.
enum class Space { Device, Host, HostPinned, Shared };

namespace detail {
// One alignment for every allocation, so that free() need not know the type
// the memory was allocated as; 64 bytes = a cache line and any SIMD vector.
constexpr std::size_t kAllocAlign = 64;
} // namespace detail

/// Raw, uninitialised storage for n objects of T (no constructor runs, as
/// with cudaMalloc), aligned to 64 bytes. alloc<T>(0) returns a unique
/// non-null pointer. Throws std::bad_alloc when memory is exhausted or
/// n * sizeof(T) overflows.
template <class T> T* alloc(std::size_t n, Space space = Space::Device) {
  static_assert(alignof(T) <= detail::kAllocAlign,
                "hpp::alloc supports alignments up to 64 bytes");
  (void)space;
  if (n > std::numeric_limits<std::size_t>::max() / sizeof(T))
    throw std::bad_alloc();
  const std::size_t bytes = n * sizeof(T);
  return static_cast<T*>(
      ::operator new(bytes ? bytes : 1, std::align_val_t(detail::kAllocAlign)));
}

/// Releases memory from hpp::alloc (of any T and space); nullptr is ignored.
template <class T> void free(T* p) {
  if (p)
    ::operator delete(const_cast<void*>(static_cast<const volatile void*>(p)),
                      std::align_val_t(detail::kAllocAlign));
}

/// Waits for all outstanding work; the serial build has none.
inline void fence() {}

} // namespace hpp
