//===- memory.cu - hpp::alloc, free, deep_copy and fence on CUDA ----------===//
///
/// \file
/// The strong definitions of the functions <hpp/memory.hpp> and
/// <hpp/stream.hpp> define weakly: linked into a program, these serve every
/// file of it, translated or plain, so that memory from hpp::alloc is the
/// same kind wherever it is allocated.
///
//===----------------------------------------------------------------------===//

#define HPP_RUNTIME_DEFINES_SHARED_FUNCTIONS
#include <hpp/memory.hpp>
#include <hpp/profiling.hpp>
#include <hpp/stream.hpp>

#include "../common/profiling.hpp"

#include <cuda_runtime.h>

#include <new>
#include <stdexcept>
#include <string>

namespace hpp {
namespace detail {
namespace {

[[noreturn]] void fail(const char *what, cudaError_t err) {
  (void)cudaGetLastError();
  throw std::runtime_error(std::string("hpp: ") + what + ": " + cudaGetErrorString(err) +
                           " (" + cudaGetErrorName(err) + ")");
}

// Kokkos Tools' names of the memory spaces.
const char *space_name(Space space) {
  switch (space) {
  case Space::Device:
    return "Cuda";
  case Space::Shared:
    return "CudaUVM";
  case Space::HostPinned:
    return "CudaHostPinned";
  case Space::Host:
    break;
  }
  return "Host";
}

// The space p points into; only asked when tools listen.
const char *space_of(const void *p) {
  cudaPointerAttributes a{};
  if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    (void)cudaGetLastError();
    return "Host";
  }
  switch (a.type) {
  case cudaMemoryTypeDevice:
    return "Cuda";
  case cudaMemoryTypeManaged:
    return "CudaUVM";
  case cudaMemoryTypeHost:
    return "CudaHostPinned";
  default:
    return "Host";
  }
}

std::uint32_t cuda_device_id(std::uint32_t instance) {
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess)
    (void)cudaGetLastError();
  return hpprt::profiling::device_id(hpprt::profiling::DeviceType::Cuda,
                                     static_cast<std::uint32_t>(device),
                                     instance);
}

} // namespace

bool cuda_shared_functions() { return true; }

namespace {
void *alloc_unreported(std::size_t bytes, Space space) {
  if (bytes == 0)
    bytes = 1; // a unique non-null pointer, as the serial build gives
  void *p = nullptr;
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
    return ::operator new(bytes, std::align_val_t(kAllocAlign));
  }
  if (err != cudaSuccess) {
    (void)cudaGetLastError();
    throw std::bad_alloc();
  }
  return p;
}
} // namespace

void *alloc_bytes(std::size_t bytes, Space space) {
  void *p = alloc_unreported(bytes, space);
  if (hpprt::profiling::tools_active())
    hpprt::profiling::allocate_data(space_name(space), "hpp::alloc", p, bytes);
  return p;
}

void free_bytes(void *p) {
  if (hpprt::profiling::tools_active())
    hpprt::profiling::deallocate_data(p);
  cudaPointerAttributes a{};
  cudaError_t err = cudaPointerGetAttributes(&a, p);
  if (err != cudaSuccess)
    fail("hpp::free: cudaPointerGetAttributes", err);
  switch (a.type) {
  case cudaMemoryTypeDevice:
  case cudaMemoryTypeManaged:
    err = cudaFree(p);
    break;
  case cudaMemoryTypeHost:
    err = cudaFreeHost(p);
    break;
  default: // not known to CUDA: Space::Host
    ::operator delete(p, std::align_val_t(kAllocAlign));
    return;
  }
  if (err != cudaSuccess)
    fail("hpp::free", err);
}

void copy_bytes(void *dst, const void *src, std::size_t bytes) {
  const bool tools = hpprt::profiling::tools_active();
  hpprt::DeepCopyScope scope(tools ? space_of(dst) : "", dst,
                             tools ? space_of(src) : "", src, bytes);
  if (bytes == 0)
    return;
  const cudaError_t err = cudaMemcpy(dst, src, bytes, cudaMemcpyDefault);
  if (err != cudaSuccess)
    fail("hpp::deep_copy", err);
}

void fence_all(const char *label) {
  const bool tools = hpprt::profiling::tools_active();
  hpprt::FenceScope scope(label, tools ? cuda_device_id(0) : 0);
  const cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess)
    fail("hpp::fence", err);
}

void push_profile_region(const char *name) {
  hpprt::profiling::push_region(name);
}

void pop_profile_region() { hpprt::profiling::pop_region(); }

} // namespace detail
} // namespace hpp
