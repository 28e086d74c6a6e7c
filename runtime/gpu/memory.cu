//===- memory.cu - hpp::alloc, free, deep_copy, fence and streams on GPUs -===//
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
#include "launch.hpp"


#include <new>
#include <stdexcept>
#include <string>

namespace hpp {
namespace detail {
namespace {

[[noreturn]] void fail(const char *what, HPPRT_GPU(Error_t) err) {
  (void)HPPRT_GPU(GetLastError)();
  throw std::runtime_error(std::string("hpp: ") + what + ": " + HPPRT_GPU(GetErrorString)(err) +
                           " (" + HPPRT_GPU(GetErrorName)(err) + ")");
}

namespace dialect = hpprt::gpu::dialect;

// Kokkos Tools' names of the memory spaces.
const char *space_name(Space space) {
  switch (space) {
  case Space::Device:
    return dialect::tools_space_device;
  case Space::Shared:
    return dialect::tools_space_managed;
  case Space::HostPinned:
    return dialect::tools_space_pinned;
  case Space::Host:
    break;
  }
  return "Host";
}

// The space p points into; only asked when tools listen.
const char *space_of(const void *p) {
  dialect::PointerKind kind = dialect::PointerKind::Pageable;
  if (dialect::pointer_kind(p, kind) != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    return "Host";
  }
  switch (kind) {
  case dialect::PointerKind::Device:
    return dialect::tools_space_device;
  case dialect::PointerKind::Managed:
    return dialect::tools_space_managed;
  case dialect::PointerKind::Pinned:
    return dialect::tools_space_pinned;
  case dialect::PointerKind::Pageable:
    break;
  }
  return "Host";
}

} // namespace

bool gpu_shared_functions() { return true; }

namespace {
void *alloc_unreported(std::size_t bytes, Space space) {
  if (bytes == 0)
    bytes = 1; // a unique non-null pointer, as the serial build gives
  void *p = nullptr;
  HPPRT_GPU(Error_t) err = HPPRT_GPU(Success);
  switch (space) {
  case Space::Device:
    err = HPPRT_GPU(Malloc)(&p, bytes);
    break;
  case Space::Shared:
    err = HPPRT_GPU(MallocManaged)(&p, bytes);
    break;
  case Space::HostPinned:
    err = hpprt::gpu::dialect::host_alloc(&p, bytes);
    break;
  case Space::Host:
    return ::operator new(bytes, std::align_val_t(kAllocAlign));
  }
  if (err != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
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
  using hpprt::gpu::dialect::PointerKind;
  PointerKind kind = PointerKind::Pageable;
  HPPRT_GPU(Error_t) err = hpprt::gpu::dialect::pointer_kind(p, kind);
  if (err != HPPRT_GPU(Success))
    fail("hpp::free: " HPPRT_GPU_PREFIX "PointerGetAttributes", err);
  switch (kind) {
  case PointerKind::Device:
  case PointerKind::Managed:
    err = HPPRT_GPU(Free)(p);
    break;
  case PointerKind::Pinned:
    err = hpprt::gpu::dialect::host_free(p);
    break;
  case PointerKind::Pageable: // not known to the GPU runtime: Space::Host
    ::operator delete(p, std::align_val_t(kAllocAlign));
    return;
  }
  if (err != HPPRT_GPU(Success))
    fail("hpp::free", err);
}

void copy_bytes(void *dst, const void *src, std::size_t bytes) {
  const bool tools = hpprt::profiling::tools_active();
  hpprt::DeepCopyScope scope(tools ? space_of(dst) : "", dst,
                             tools ? space_of(src) : "", src, bytes);
  if (bytes == 0)
    return;
  // On the program's default stream by name (cudaMemcpy in this file would
  // use the legacy one, waiting for every thread's per-thread stream).
  const HPPRT_GPU(Stream_t) stream = hpprt::gpu::detail::resolve_stream(nullptr);
  HPPRT_GPU(Error_t) err =
      HPPRT_GPU(MemcpyAsync)(dst, src, bytes, HPPRT_GPU(MemcpyDefault), stream);
  if (err == HPPRT_GPU(Success))
    err = HPPRT_GPU(StreamSynchronize)(stream);
  if (err != HPPRT_GPU(Success))
    fail("hpp::deep_copy", err);
}

void *stream_create() {
  HPPRT_GPU(Stream_t) stream = nullptr;
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(StreamCreate)(&stream);
  if (err != HPPRT_GPU(Success))
    fail("hpp::Stream: " HPPRT_GPU_PREFIX "StreamCreate", err);
  return static_cast<void *>(stream);
}

void stream_destroy(void *native) {
  (void)HPPRT_GPU(StreamDestroy)(static_cast<HPPRT_GPU(Stream_t)>(native));
}

namespace {
// A null native handle is the default stream of the program's files, not
// of this one (compiled for the legacy stream).
HPPRT_GPU(Stream_t) named(void *native) {
  return hpprt::gpu::detail::resolve_stream(static_cast<HPPRT_GPU(Stream_t)>(native));
}
} // namespace

void stream_fence(void *native) {
  const HPPRT_GPU(Error_t) err =
      HPPRT_GPU(StreamSynchronize)(named(native));
  if (err != HPPRT_GPU(Success))
    fail("hpp::Stream::fence", err);
}

int stream_status(void *native) {
  const HPPRT_GPU(Error_t) err =
      HPPRT_GPU(StreamQuery)(named(native));
  if (err == HPPRT_GPU(Success))
    return static_cast<int>(StreamStatus::Complete);
  if (err == HPPRT_GPU(ErrorNotReady)) {
    (void)HPPRT_GPU(GetLastError)();
    return static_cast<int>(StreamStatus::Running);
  }
  return static_cast<int>(StreamStatus::Error);
}

void copy_bytes_async(void *native, void *dst, const void *src, std::size_t bytes) {
  if (bytes == 0)
    return;
  const HPPRT_GPU(Error_t) err =
      HPPRT_GPU(MemcpyAsync)(dst, src, bytes, HPPRT_GPU(MemcpyDefault), named(native));
  if (err != HPPRT_GPU(Success))
    fail("hpp::deep_copy", err);
}

void fence_all(const char *label) {
  const bool tools = hpprt::profiling::tools_active();
  hpprt::FenceScope scope(label, tools ? hpprt::gpu::detail::tools_device_id(0) : 0);
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(DeviceSynchronize)();
  if (err != HPPRT_GPU(Success))
    fail("hpp::fence", err);
}

void push_profile_region(const char *name) {
  hpprt::profiling::push_region(name);
}

void pop_profile_region() { hpprt::profiling::pop_region(); }

} // namespace detail
} // namespace hpp
