//===- scratch.cu - Device and pinned buffer pools ------------------------===//
#include "scratch.hpp"

#include "../common/error.hpp"

#include <mutex>
#include <string>
#include <vector>

namespace hpprt {
namespace gpu {
namespace detail {
namespace {

enum class State { Free, Busy, Pending };

struct Entry {
  PoolKind kind;
  int device;
  char *ptr;
  char *dev;
  std::size_t bytes;
  State state;
  HPPRT_GPU(Event_t) event; // recorded at an AfterStream release; created lazily
  bool live;
};

void free_entry(Entry &e) {
  // Errors are ignored: at exit the runtime may already be unloading, and
  // after a failed kernel the context may be gone.
  if (e.kind == PoolKind::Pinned)
    (void)hpprt::gpu::dialect::host_free(e.ptr);
  else
    (void)HPPRT_GPU(Free)(e.ptr);
  if (e.event)
    (void)HPPRT_GPU(EventDestroy)(e.event);
  e.live = false;
  e.event = nullptr;
  (void)HPPRT_GPU(GetLastError)();
}

class Pool {
public:
  ~Pool() {
    for (Entry &e : entries_)
      if (e.live && e.state != State::Busy)
        free_entry(e);
  }

  PoolBuffer acquire(PoolKind kind, std::size_t bytes) {
    int device = 0;
    (void)HPPRT_GPU(GetDevice)(&device);
    std::lock_guard<std::mutex> lock(mutex_);
    Entry *best = nullptr;
    for (Entry &e : entries_) {
      if (!e.live || e.kind != kind || e.device != device)
        continue;
      if (e.state == State::Pending) {
        const HPPRT_GPU(Error_t) q = HPPRT_GPU(EventQuery)(e.event);
        if (q == HPPRT_GPU(ErrorNotReady))
          continue;
        (void)HPPRT_GPU(GetLastError)();
        e.state = State::Free;
      }
      if (e.state == State::Free && e.bytes >= bytes &&
          (!best || e.bytes < best->bytes))
        best = &e;
    }
    if (!best) {
      // Grow: free buffers of this kind that are too small, then allocate a
      // power of two so that slowly growing requests do not allocate often.
      for (Entry &e : entries_)
        if (e.live && e.kind == kind && e.device == device &&
            e.state == State::Free && e.bytes < bytes)
          free_entry(e);
      std::size_t size = kind == PoolKind::Pinned ? 64 : 64 * 1024;
      while (size < bytes)
        size *= 2;
      Entry e{kind, device, nullptr, nullptr, size, State::Free, nullptr, true};
      HPPRT_GPU(Error_t) err;
      if (kind == PoolKind::Pinned) {
        err = dialect::host_alloc_mapped(reinterpret_cast<void **>(&e.ptr), size);
        if (err == HPPRT_GPU(Success))
          err = HPPRT_GPU(HostGetDevicePointer)(reinterpret_cast<void **>(&e.dev),
                                         e.ptr, 0);
      } else {
        err = HPPRT_GPU(Malloc)(reinterpret_cast<void **>(&e.ptr), size);
        e.dev = e.ptr;
        // Reduce buffers start with a zero arrival counter; the memset runs
        // on the legacy stream, which the synchronize completes.
        if (err == HPPRT_GPU(Success) && kind == PoolKind::Reduce) {
          err = HPPRT_GPU(Memset)(e.ptr, 0, size);
          if (err == HPPRT_GPU(Success))
            err = HPPRT_GPU(DeviceSynchronize)();
        }
      }
      if (err != HPPRT_GPU(Success)) {
        (void)HPPRT_GPU(GetLastError)();
        throw Error("hpp: cannot allocate " + std::to_string(size) +
                    " bytes of " +
                    (kind == PoolKind::Pinned ? "pinned host" : "device") +
                    " memory for the runtime: " + HPPRT_GPU(GetErrorString)(err));
      }
      entries_.push_back(e);
      best = &entries_.back();
    }
    best->state = State::Busy;
    PoolBuffer b;
    b.ptr = best->ptr;
    b.device = best->dev;
    b.bytes = best->bytes;
    b.id = static_cast<int>(best - entries_.data());
    return b;
  }

  void release(PoolBuffer &b, Release how, HPPRT_GPU(Stream_t) stream) {
    if (b.id < 0)
      return;
    std::lock_guard<std::mutex> lock(mutex_);
    Entry &e = entries_[static_cast<std::size_t>(b.id)];
    b = PoolBuffer();
    switch (how) {
    case Release::Now:
      e.state = State::Free;
      break;
    case Release::AfterStream:
      if (!e.event && HPPRT_GPU(EventCreateWithFlags)(
                          &e.event, HPPRT_GPU(EventDisableTiming)) != HPPRT_GPU(Success)) {
        e.event = nullptr;
        e.live = false; // cannot tell when it is free: give it up (leak)
        (void)HPPRT_GPU(GetLastError)();
        break;
      }
      if (HPPRT_GPU(EventRecord)(e.event, stream) != HPPRT_GPU(Success)) {
        e.live = false;
        (void)HPPRT_GPU(GetLastError)();
        break;
      }
      e.state = State::Pending;
      break;
    case Release::Discard:
      e.live = false; // leaked on purpose: a failed kernel may still own it
      break;
    }
  }

  std::size_t bytes(PoolKind kind) {
    int device = 0;
    (void)HPPRT_GPU(GetDevice)(&device);
    std::lock_guard<std::mutex> lock(mutex_);
    std::size_t n = 0;
    for (const Entry &e : entries_)
      if (e.live && e.kind == kind && e.device == device)
        n += e.bytes;
    return n;
  }

private:
  std::mutex mutex_;
  // Indices into entries_ are handed out, so entries are never erased.
  std::vector<Entry> entries_;
};

Pool &pool() {
  static Pool p;
  return p;
}

} // namespace

PoolBuffer pool_acquire(PoolKind kind, std::size_t bytes) {
  return pool().acquire(kind, bytes);
}

void pool_release(PoolBuffer &buffer, Release how, HPPRT_GPU(Stream_t) stream) {
  pool().release(buffer, how, stream);
}

std::size_t pool_bytes(PoolKind kind) { return pool().bytes(kind); }

} // namespace detail
} // namespace gpu
} // namespace hpprt
