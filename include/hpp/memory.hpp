//===- memory.hpp - Allocation and copies in memory spaces ------*- C++ -*-===//
/// \file
/// hpp::alloc / hpp::free in the spaces of SPEC §5 and the blocking
/// hpp::deep_copy. In the serial build every space is host memory; a
/// program linked with the CUDA runtime gets real CUDA memory kinds in
/// every file, translated or not (see detail::alloc_bytes).
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstring>
#include <limits>
#include <new>

#include "config.hpp"

namespace hpp {

/// Where an allocation lives. In the serial build every space is host memory.
enum class Space { Device, Host, HostPinned, Shared };

namespace detail {
// One alignment for every allocation, so that free() need not know the type
// the memory was allocated as; 64 bytes = a cache line and any SIMD vector.
constexpr std::size_t kAllocAlign = 64;
} // namespace detail

namespace detail {
// One definition per program. A plain file and a translated one of the
// same program must agree on what alloc, free and deep_copy do, so the
// templates below call these functions, which the header defines weakly
// with the serial behaviour (host memory for every space). A backend
// runtime that has other memory (libhpprt_cuda) defines them strongly; the
// linker then uses its definitions in every file of the program, translated
// or not, and the serial build, which links no runtime, keeps these.
// `label` names the allocation to attached tools (Kokkos Tools'
// allocate_data): "hpp::alloc", or a View's label.
#ifdef HPP_RUNTIME_DEFINES_SHARED_FUNCTIONS
void* alloc_bytes(std::size_t bytes, Space space, const char* label);
void free_bytes(void* p);
void copy_bytes(void* dst, const void* src, std::size_t bytes);
bool host_accessible(const void* p);
#else
HPP_WEAK void* alloc_bytes(std::size_t bytes, Space space, const char* label);
HPP_WEAK void free_bytes(void* p);
HPP_WEAK void copy_bytes(void* dst, const void* src, std::size_t bytes);
HPP_WEAK bool host_accessible(const void* p);

// Not inline: a call must reach whichever definition the linker keeps
// (compilers do not inline weak functions).
void* alloc_bytes(std::size_t bytes, Space, const char*) {
  return ::operator new(bytes ? bytes : 1, std::align_val_t(kAllocAlign));
}
void free_bytes(void* p) { ::operator delete(p, std::align_val_t(kAllocAlign)); }
void copy_bytes(void* dst, const void* src, std::size_t bytes) {
  // The ranges may overlap: the serial build copies with memmove.
  if (bytes != 0)
    std::memmove(dst, src, bytes);
}
bool host_accessible(const void*) { return true; }
#endif

/// hpp::alloc under the name tools see (a View's label).
template <class T> T* alloc_labelled(std::size_t n, Space space, const char* label) {
  static_assert(alignof(T) <= kAllocAlign, "hpp::alloc supports alignments up to 64 bytes");
  if (n > std::numeric_limits<std::size_t>::max() / sizeof(T))
    throw std::bad_alloc();
  return static_cast<T*>(alloc_bytes(n * sizeof(T), space, label));
}

#if (defined(HPP_BACKEND_CUDA) || defined(HPP_BACKEND_HIP)) &&                 \
    (defined(__CUDACC__) || defined(__HIPCC__))
// A file compiled for a GPU backend makes the linker take the GPU
// runtime's definitions (an archive member is linked only when something
// refers to it).
bool gpu_shared_functions();
inline const bool uses_gpu_shared_functions = gpu_shared_functions();
#endif
} // namespace detail

/// Raw, uninitialised storage for n objects of T (no constructor runs),
/// aligned to at least 64 bytes: Device = cudaMalloc, Shared =
/// cudaMallocManaged, HostPinned = cudaMallocHost, Host = aligned new in a
/// CUDA program (the hip* calls in a HIP program); host memory for every
/// space in the serial build.
/// alloc<T>(0) returns a unique non-null pointer. Throws std::bad_alloc
/// when memory is exhausted or n * sizeof(T) overflows.
template <class T> T* alloc(std::size_t n, Space space = Space::Device) {
  return detail::alloc_labelled<T>(n, space, "hpp::alloc");
}

/// Releases memory from hpp::alloc (of any T and space); nullptr is ignored.
template <class T> void free(T* p) {
  if (p)
    detail::free_bytes(const_cast<void*>(static_cast<const volatile void*>(p)));
}

/// Whether the host can read and write *p: false only for device memory of
/// a GPU program (Space::Device, cudaMalloc); host, pinned and managed
/// memory, and every pointer of the serial and OpenMP builds, are.
inline bool is_host_accessible(const void* p) { return detail::host_accessible(p); }

/// Copies bytes between any two spaces; returns when the copy is complete
/// (in a CUDA program, ordered after the work queued on the default stream).
inline void deep_copy(void* dst, const void* src, std::size_t bytes) {
  detail::copy_bytes(dst, src, bytes);
}



} // namespace hpp
