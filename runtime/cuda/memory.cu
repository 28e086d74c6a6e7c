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
#include <hpp/stream.hpp>

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

} // namespace

bool cuda_shared_functions() { return true; }

void *alloc_bytes(std::size_t bytes, Space space) {
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

void free_bytes(void *p) {
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
  if (bytes == 0)
    return;
  const cudaError_t err = cudaMemcpy(dst, src, bytes, cudaMemcpyDefault);
  if (err != cudaSuccess)
    fail("hpp::deep_copy", err);
}

void fence_all() {
  const cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess)
    fail("hpp::fence", err);
}

} // namespace detail
} // namespace hpp
