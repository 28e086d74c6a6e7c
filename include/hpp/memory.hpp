//===- memory.hpp - Allocation and copies in memory spaces ------*- C++ -*-===//
/// \file
/// hpp::alloc / hpp::free in the spaces of SPEC §5 and the blocking
/// hpp::deep_copy. In the serial build every space is host memory; a
/// translated CUDA program (hppc defines HPP_BACKEND_CUDA at the top of the
/// generated file and nvcc compiles it) gets real CUDA memory kinds.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstring>
#include <limits>
#include <new>

#include "config.hpp"

#if defined(HPP_BACKEND_CUDA) && defined(__CUDACC__)
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>
#endif

namespace hpp {

/// Where an allocation lives. In the serial build every space is host memory.
enum class Space { Device, Host, HostPinned, Shared };

namespace detail {
// One alignment for every allocation, so that free() need not know the type
// the memory was allocated as; 64 bytes = a cache line and any SIMD vector.
constexpr std::size_t kAllocAlign = 64;
} // namespace detail

#if defined(HPP_BACKEND_CUDA) && defined(__CUDACC__)
namespace detail {
[[noreturn]] inline void cuda_fail(const char* what, cudaError_t err) {
  (void)cudaGetLastError();
  throw std::runtime_error(std::string("hpp: ") + what + ": " +
                           cudaGetErrorString(err) + " (" +
                           cudaGetErrorName(err) + ")");
}
} // namespace detail

/// Raw, uninitialised storage for n objects of T: Device = cudaMalloc,
/// Shared = cudaMallocManaged, HostPinned = cudaMallocHost, Host = aligned
/// new; aligned to at least 64 bytes. alloc<T>(0) returns a unique non-null
/// pointer. Throws std::bad_alloc when memory is exhausted or n * sizeof(T)
/// overflows.
template <class T> T* alloc(std::size_t n, Space space = Space::Device) {
  static_assert(alignof(T) <= detail::kAllocAlign,
                "hpp::alloc supports alignments up to 64 bytes");
  if (n > std::numeric_limits<std::size_t>::max() / sizeof(T))
    throw std::bad_alloc();
  const std::size_t bytes = n * sizeof(T) ? n * sizeof(T) : 1;
  void* p = nullptr;
  cudaError_t err = cudaSuccess;
  switch (space) {
  case Space::Device:
    err = cudaMalloc(&p, bytes);
    break;
  case Space::Shared:
    err = cudaMallocManaged(&p, bytes);
    break;
  case Space::HostPinned:
    err = cudaMallocHost(&p, bytes);
    break;
  case Space::Host:
    return static_cast<T*>(
        ::operator new(bytes, std::align_val_t(detail::kAllocAlign)));
  }
  if (err != cudaSuccess) {
    (void)cudaGetLastError();
    throw std::bad_alloc();
  }
  return static_cast<T*>(p);
}

/// Releases memory from hpp::alloc (of any T and space); nullptr is ignored.
template <class T> void free(T* p) {
  if (!p)
    return;
  void* q = const_cast<void*>(static_cast<const volatile void*>(p));
  cudaPointerAttributes a{};
  cudaError_t err = cudaPointerGetAttributes(&a, q);
  if (err != cudaSuccess)
    detail::cuda_fail("hpp::free: cudaPointerGetAttributes", err);
  switch (a.type) {
  case cudaMemoryTypeDevice:
  case cudaMemoryTypeManaged:
    err = cudaFree(q);
    break;
  case cudaMemoryTypeHost:
    err = cudaFreeHost(q);
    break;
  default: // unregistered: Space::Host
    ::operator delete(q, std::align_val_t(detail::kAllocAlign));
    return;
  }
  if (err != cudaSuccess)
    detail::cuda_fail("hpp::free", err);
}

/// Copies bytes between any two spaces (unified addressing tells the
/// direction); returns when the copy is complete. Like cudaMemcpy it is
/// ordered after the work already queued on the legacy default stream.
inline void deep_copy(void* dst, const void* src, std::size_t bytes) {
  if (bytes == 0)
    return;
  const cudaError_t err = cudaMemcpy(dst, src, bytes, cudaMemcpyDefault);
  if (err != cudaSuccess)
    detail::cuda_fail("hpp::deep_copy", err);
}

#else
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

/// Copies bytes between any two spaces; returns when the copy is complete.
/// The ranges may overlap (the serial build copies with memmove).
inline void deep_copy(void* dst, const void* src, std::size_t bytes) {
  if (bytes != 0)
    std::memmove(dst, src, bytes);
}

#endif

} // namespace hpp
