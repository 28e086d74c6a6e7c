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
#include <hpp/unique_token.hpp>
#include <hpp/view.hpp>

#include "../common/profiling.hpp"
#include "device.hpp"
#include "device_ranges.hpp"
#include "launch.hpp"


#include <algorithm>
#include <atomic>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>

namespace hpp {
namespace detail {
namespace {

[[noreturn]] void fail(const char *what, HPPRT_GPU(Error_t) err) {
  (void)HPPRT_GPU(GetLastError)();
  throw std::runtime_error(std::string("hpp: ") + what + ": " +
                           hpprt::gpu::detail::error_text(err));
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

// Space::Device is cudaMalloc / hipMalloc memory, which the host cannot
// dereference: views over it get separate host mirrors.
bool device_memory_is_host_memory() { return false; }

namespace {
void *alloc_unreported(std::size_t bytes, Space space) {
  if (bytes == 0)
    bytes = 1; // a unique non-null pointer, as the serial build gives
  hpprt::gpu::detail::use_chosen_device();
  void *p = nullptr;
  HPPRT_GPU(Error_t) err = HPPRT_GPU(Success);
  using hpprt::gpu::dialect::PointerKind;
  PointerKind kind = PointerKind::Device;
  switch (space) {
  case Space::Device:
    err = HPPRT_GPU(Malloc)(&p, bytes);
    break;
  case Space::Shared:
    err = HPPRT_GPU(MallocManaged)(&p, bytes);
    kind = PointerKind::Managed;
    break;
  case Space::HostPinned:
    err = hpprt::gpu::dialect::host_alloc(&p, bytes);
    kind = PointerKind::Pinned;
    break;
  case Space::Host:
    return ::operator new(bytes, std::align_val_t(kAllocAlign));
  }
  if (err != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    throw std::bad_alloc();
  }
  hpprt::gpu::detail::note_range(p, bytes, kind);
  return p;
}

} // namespace

void *alloc_bytes(std::size_t bytes, Space space, const char *label) {
  void *p = alloc_unreported(bytes, space);
  if (hpprt::profiling::tools_active())
    hpprt::profiling::allocate_data(space_name(space), label, p, bytes);
  return p;
}

namespace {
void release_bytes(void *p) {
  hpprt::gpu::detail::settle_implicit("hpp::free");
  if (hpprt::profiling::tools_active())
    hpprt::profiling::deallocate_data(p);
  using hpprt::gpu::dialect::PointerKind;
  PointerKind kind = PointerKind::Pageable;
  HPPRT_GPU(Error_t) err = HPPRT_GPU(Success);
  if (hpprt::gpu::detail::known_kind(p, kind))
    hpprt::gpu::detail::forget_range(p);
  else
    err = hpprt::gpu::dialect::pointer_kind(p, kind);
  if (err != HPPRT_GPU(Success))
    fail("hpp::free: " HPPRT_GPU_PREFIX "PointerGetAttributes", err);
  switch (kind) {
  case PointerKind::Device:
    err = HPPRT_GPU(Free)(p);
    break;
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
} // namespace

void free_bytes(void *p) {
  // Views and tokens free their memory in destructors. While an exception
  // unwinds through them (the report of a failed kernel, naming it and its
  // line), the failure has left the device context unusable and every free
  // fails as well: throwing again would end the program in std::terminate
  // with "hpp::free: unspecified launch failure" instead of the report.
  // The memory goes with the context; the exception in flight is the error.
  if (std::uncaught_exceptions() > 0) {
    try {
      release_bytes(p);
    } catch (...) {
      (void)HPPRT_GPU(GetLastError)();
    }
    return;
  }
  release_bytes(p);
}

void copy_bytes(void *dst, const void *src, std::size_t bytes) {
  const bool tools = hpprt::profiling::tools_active();
  hpprt::DeepCopyScope scope(tools ? space_of(dst) : "", dst,
                             tools ? space_of(src) : "", src, bytes);
  if (bytes == 0)
    return;
  hpprt::gpu::detail::use_chosen_device();
  // The host reads or writes memory that regions which did not wait may
  // still use.
  hpprt::gpu::detail::settle_implicit("hpp::deep_copy");
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

bool host_accessible(const void *p) {
  if (!p)
    return true;
  // What hpp handed out is known without asking the driver.
  dialect::PointerKind kind = dialect::PointerKind::Pageable;
  if (hpprt::gpu::detail::known_kind(p, kind))
    return kind != dialect::PointerKind::Device;
  if (dialect::pointer_kind(p, kind) != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    return true; // unknown to the GPU runtime: host memory
  }
  return kind != dialect::PointerKind::Device;
}

void *stream_create() {
  hpprt::gpu::detail::use_chosen_device();
  HPPRT_GPU(Stream_t) stream = nullptr;
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(StreamCreate)(&stream);
  if (err != HPPRT_GPU(Success))
    fail("hpp::Stream: " HPPRT_GPU_PREFIX "StreamCreate", err);
  return static_cast<void *>(stream);
}

void stream_destroy(void *native) {
  const auto stream = static_cast<HPPRT_GPU(Stream_t)>(native);
  // A stream is destroyed on its own device (as it was created).
  hpprt::gpu::detail::DeviceSwitch on_device(stream);
  hpprt::gpu::detail::forget_stream(stream);
  // Forgotten before the handle is freed for reuse by another thread's
  // new stream.
  hpprt::gpu::detail::forget_bound_stream(stream);
  (void)HPPRT_GPU(StreamDestroy)(stream);
}

void *stream_create_on(int device) {
  return static_cast<void *>(hpprt::gpu::detail::create_bound_stream(device));
}

int stream_device(void *native) {
  const auto stream = static_cast<HPPRT_GPU(Stream_t)>(native);
  return hpprt::gpu::detail::device_of(stream);
}

int device_count() {
  int count = 0;
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(GetDeviceCount)(&count);
  if (err == HPPRT_GPU(ErrorNoDevice) || err == HPPRT_GPU(ErrorInsufficientDriver)) {
    (void)HPPRT_GPU(GetLastError)();
    return 0;
  }
  if (err != HPPRT_GPU(Success))
    fail("hpp::device_count", err);
  return count;
}

void device_initialize() { hpprt::gpu::detail::use_chosen_device(); }

namespace {
// A null native handle is the default stream of the program's files, not
// of this one (compiled for the legacy stream).
HPPRT_GPU(Stream_t) named(void *native) {
  return hpprt::gpu::detail::resolve_stream(static_cast<HPPRT_GPU(Stream_t)>(native));
}
} // namespace

void stream_fence(void *native) {
  const bool tools = hpprt::profiling::tools_active();
  hpprt::FenceScope scope("hpp::Stream::fence",
                          tools ? hpprt::gpu::detail::tools_device_id(1) : 0);
  hpprt::gpu::detail::fence_stream(named(native),
                                   "hpp::Stream::fence");
}

int stream_status(void *native) {
  return hpprt::gpu::detail::status_stream(named(native));
}

void copy_bytes_async(void *native, void *dst, const void *src, std::size_t bytes) {
  if (bytes == 0)
    return;
  const bool tools = hpprt::profiling::tools_active();
  hpprt::DeepCopyScope scope(tools ? space_of(dst) : "", dst, tools ? space_of(src) : "", src,
                             bytes);
  const auto stream = named(native);
  hpprt::gpu::detail::DeviceSwitch on_device(stream);
  hpprt::gpu::detail::order_after_implicit(stream);
  const HPPRT_GPU(Error_t) err =
      HPPRT_GPU(MemcpyAsync)(dst, src, bytes, HPPRT_GPU(MemcpyDefault),
                             stream);
  if (err != HPPRT_GPU(Success))
    fail("hpp::deep_copy", err);
}

void fence_all(const char *label) {
  const bool tools = hpprt::profiling::tools_active();
  hpprt::FenceScope scope(label, tools ? hpprt::gpu::detail::tools_device_id(0) : 0);
  hpprt::gpu::detail::use_chosen_device();
  // Streams created for other devices are not reached by a device-wide
  // synchronisation of the current one.
  for (HPPRT_GPU(Stream_t) s : hpprt::gpu::detail::bound_streams())
    hpprt::gpu::detail::fence_stream(s, "hpp::fence");
  hpprt::gpu::detail::fence_device("hpp::fence");
}

void push_profile_region(const char *name) {
  hpprt::profiling::push_region(name);
}

void pop_profile_region() { hpprt::profiling::pop_region(); }

/// Threads the device can hold at once: a default UniqueToken has one id
/// for each, so a kernel whose threads each hold one id never waits.
/// Queried once per device (a property query takes microseconds).
int concurrency_value() {
  hpprt::gpu::detail::use_chosen_device();
  int device = 0;
  HPPRT_GPU(Error_t) err = HPPRT_GPU(GetDevice)(&device);
  if (err != HPPRT_GPU(Success))
    fail("hpp::concurrency", err);
  constexpr int cached_devices = 64;
  static std::atomic<int> cache[cached_devices] = {};
  if (device >= 0 && device < cached_devices)
    if (const int n = cache[device].load(std::memory_order_relaxed))
      return n;
  hpprt::gpu::dialect::DeviceLimits limits;
  err = hpprt::gpu::dialect::query_device(device, limits);
  if (err != HPPRT_GPU(Success))
    fail("hpp::concurrency", err);
  const int n = std::max(1, limits.multiprocessors * limits.max_threads_per_multiprocessor);
  if (device >= 0 && device < cached_devices)
    cache[device].store(n, std::memory_order_relaxed);
  return n;
}

} // namespace detail
} // namespace hpp
