//===- memory.cpp - hpp::alloc, free, deep_copy and fence on OpenMP -------===//
///
/// \file
/// The strong definitions of the functions <hpp/memory.hpp>,
/// <hpp/stream.hpp> and <hpp/profiling.hpp> define weakly. They behave as
/// the serial ones (every space is host memory, copies are memmove, a fence
/// has nothing to wait for) and report to the profiling tools. Translated
/// files refer to openmp_shared_functions() (hpprt.hpp), which links this
/// file into the program; every file of it then uses these definitions.
///
//===----------------------------------------------------------------------===//

#define HPP_RUNTIME_DEFINES_SHARED_FUNCTIONS
#include <hpp/memory.hpp>
#include <hpp/profiling.hpp>
#include <hpp/stream.hpp>
#include <hpp/unique_token.hpp>
#include <hpp/view.hpp>

#include <omp.h>

#include "../common/profiling.hpp"

#include <cstring>
#include <new>

namespace hpp {
namespace detail {

bool openmp_shared_functions() { return true; }

// Every space is host memory: a device view is its own host mirror.
bool device_memory_is_host_memory() { return true; }

void *alloc_bytes(std::size_t bytes, Space, const char *label) {
  void *p = ::operator new(bytes ? bytes : 1, std::align_val_t(kAllocAlign));
  if (hpprt::profiling::tools_active())
    hpprt::profiling::allocate_data("Host", label, p, bytes);
  return p;
}

void free_bytes(void *p) {
  if (hpprt::profiling::tools_active())
    hpprt::profiling::deallocate_data(p);
  ::operator delete(p, std::align_val_t(kAllocAlign));
}

void copy_bytes(void *dst, const void *src, std::size_t bytes) {
  hpprt::DeepCopyScope scope("Host", dst, "Host", src, bytes);
  // The ranges may overlap, as in the serial build.
  if (bytes != 0)
    std::memmove(dst, src, bytes);
}

void fence_all(const char *label) {
  // Regions on this backend finish before they return: nothing to wait for.
  hpprt::FenceScope scope(
      label, hpprt::profiling::device_id(hpprt::profiling::DeviceType::OpenMP,
                                         0, 0));
}

void push_profile_region(const char *name) {
  hpprt::profiling::push_region(name);
}

void pop_profile_region() { hpprt::profiling::pop_region(); }

int concurrency_value() { return omp_get_max_threads(); }

} // namespace detail
} // namespace hpp
