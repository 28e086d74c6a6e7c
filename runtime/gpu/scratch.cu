//===- scratch.cu - Device and pinned buffer pools ------------------------===//
/// \file
/// One list of buffers for every host thread and stream. The mutex guards
/// the list only: calls that allocate, free or wait (cudaMalloc*, cudaFree*,
/// cudaHostAlloc, synchronisation) run outside it, so a thread growing a
/// pool never stalls another thread's launch, and growth never waits for the
/// device. The GPU calls made under the lock never block: cudaEventQuery,
/// cudaStreamGetId.
///
/// Each host thread also keeps the last idle buffer of each kind it
/// released (ThreadCache): a loop of reductions takes the same two buffers
/// launch after launch, and the lock, the free-list lookup and a list node
/// per buffer were 0.21-0.23 us of host time per buffer on an H200's host.
//===----------------------------------------------------------------------===//
#include "scratch.hpp"
#include "device.hpp"

#include "../common/error.hpp"

#include <atomic>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace hpprt {
namespace gpu {
namespace detail {
namespace {

enum class State { Free, Busy, Pending };

/// Entries live in a deque (never erased), so an Entry* handed out in a
/// PoolBuffer stays valid while other threads add entries. A Busy entry
/// belongs to the thread that acquired it: that thread alone touches its
/// event, outside the lock; the list fields are read and written under it.
struct Entry {
  PoolKind kind = PoolKind::Scratch;
  int device = 0;
  char *ptr = nullptr;
  char *dev = nullptr;
  std::size_t bytes = 0;
  State state = State::Free;
  bool live = false;  ///< false: a free slot in the list
  bool async = false; ///< allocated in stream order (freed the same way)
  HPPRT_GPU(Event_t) event = nullptr; ///< created when first needed
  /// Pending: the id of the stream of the release (dialect::stream_id), if
  /// known. Ids, not handles: a destroyed stream's handle may name a new
  /// stream, and the per-thread handle names one stream per host thread.
  bool has_stream_id = false;
  unsigned long long stream_id = 0;
  /// Scan: the epoch of the last scan handed this buffer and the size of
  /// its tile words (0: zero since allocated or cleared). Touched only by
  /// the thread that holds the buffer.
  unsigned scan_epoch = 0;
  std::size_t scan_word = 0;
};

/// A buffer taken out of the list to be freed outside the lock.
struct Retired {
  char *ptr;
  bool async;
  HPPRT_GPU(Event_t) event;
};

constexpr int kMaxDevices = 64;

/// Whether device allocates in stream order, asked once per device.
bool stream_ordered(int device) {
  static std::atomic<signed char> known[kMaxDevices] = {};
  if (device < 0 || device >= kMaxDevices)
    return false;
  signed char v = known[device].load(std::memory_order_relaxed);
  if (v == 0) {
    v = dialect::stream_ordered_allocation(device) ? 1 : -1;
    known[device].store(v, std::memory_order_relaxed);
  }
  return v > 0;
}

void destroy_at_exit(Entry &e) {
  // Errors are ignored: at exit the runtime may already be unloading, and
  // after a failed kernel the context may be gone.
  if (e.kind == PoolKind::Pinned)
    (void)hpprt::gpu::dialect::host_free(e.ptr);
  else
    (void)HPPRT_GPU(Free)(e.ptr); // also frees stream-ordered allocations
  if (e.event)
    (void)HPPRT_GPU(EventDestroy)(e.event);
  e.live = false;
  e.event = nullptr;
  (void)HPPRT_GPU(GetLastError)();
}

[[noreturn]] void fail_alloc(PoolKind kind, std::size_t size,
                             HPPRT_GPU(Error_t) err) {
  (void)HPPRT_GPU(GetLastError)();
  throw Error("hpp: cannot allocate " + std::to_string(size) + " bytes of " +
              (kind == PoolKind::Pinned ? "pinned host" : "device") +
              " memory for the runtime: " + HPPRT_GPU(GetErrorString)(err));
}

class Pool;
Pool &pool();

/// This host thread's last released idle buffer of each kind, out of the
/// list and still Busy (owned by the thread): acquire takes it without the
/// lock when it fits. Trivially destructible, so that a buffer released by
/// a static destructor after the thread's other thread_locals are gone
/// (closed) still finds it; CacheFlush hands the buffers back to the list
/// when the thread ends.
struct ThreadCache {
  static constexpr int kinds = 4;
  Entry *last[kinds];
  bool closed; ///< the thread is ending: release through the list
};
thread_local ThreadCache this_thread_cache{};

struct CacheFlush {
  ~CacheFlush();
};
thread_local CacheFlush this_thread_flush;

class Pool {
public:
  ~Pool() {
    for (Entry &e : entries_)
      if (e.live && e.state != State::Busy)
        destroy_at_exit(e);
  }

  PoolBuffer acquire(PoolKind kind, std::size_t bytes,
                     HPPRT_GPU(Stream_t) stream, std::size_t scan_word) {
    use_chosen_device();
    int device = 0;
    (void)HPPRT_GPU(GetDevice)(&device);
    ThreadCache &cache = this_thread_cache;
    Entry *&mine = cache.last[static_cast<int>(kind)];
    if (mine && mine->device == device && mine->bytes >= bytes &&
        (!scan_word || mine->scan_word == scan_word || mine->scan_word == 0)) {
      Entry &e = *mine;
      mine = nullptr;
      return buffer(e, stream);
    }
    std::vector<Retired> retired;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      reclaim_pending(kind, device);
      // The smallest free buffer of this kind and device that fits.
      auto it = free_.lower_bound(FreeKey{kind, device, bytes});
      if (scan_word)
        it = same_scan_word(it, kind, device, scan_word);
      if (it != free_.end() && it->first.kind == kind && it->first.device == device) {
        Entry &e = *it->second;
        free_.erase(it);
        e.state = State::Busy;
        return buffer(e, stream);
      }
      unsigned long long sid = 0;
      const bool has_sid = kind != PoolKind::Pinned && dialect::stream_id(stream, sid);
      if (Entry *e = take_same_stream(kind, device, bytes, has_sid, sid)) {
        e->state = State::Busy;
        return buffer(*e, stream);
      }
      // Growing: idle buffers of this kind that are too small go, freed in
      // stream order below. Where that is not possible (pinned memory, a
      // device without stream-ordered allocation) they stay for smaller
      // requests: freeing them would synchronise the device.
      for (auto f = free_.lower_bound(FreeKey{kind, device, 0}); f != free_.end() &&
                                                                 f->first.kind == kind &&
                                                                 f->first.device == device;) {
        Entry &e = *f->second;
        if (!e.async) {
          ++f;
          continue;
        }
        retired.push_back({e.ptr, e.async, e.event});
        e = Entry();
        dead_.push_back(&e);
        f = free_.erase(f);
      }
    }

    for (const Retired &r : retired) {
      (void)HPPRT_GPU(FreeAsync)(r.ptr, stream);
      if (r.event)
        (void)HPPRT_GPU(EventDestroy)(r.event);
      (void)HPPRT_GPU(GetLastError)();
    }

    // A power of two, so that slowly growing requests allocate seldom.
    std::size_t size = kind == PoolKind::Pinned ? 64 : 64 * 1024;
    while (size < bytes)
      size *= 2;
    Entry e;
    e.kind = kind;
    e.device = device;
    e.bytes = size;
    e.state = State::Busy;
    e.live = true;
    HPPRT_GPU(Error_t) err;
    if (kind == PoolKind::Pinned) {
      err = dialect::host_alloc_mapped(reinterpret_cast<void **>(&e.ptr), size);
      if (err == HPPRT_GPU(Success))
        err = HPPRT_GPU(HostGetDevicePointer)(reinterpret_cast<void **>(&e.dev),
                                              e.ptr, 0);
      if (err != HPPRT_GPU(Success) && e.ptr)
        (void)dialect::host_free(e.ptr);
    } else {
      e.async = stream_ordered(device);
      err = e.async ? HPPRT_GPU(MallocAsync)(reinterpret_cast<void **>(&e.ptr),
                                              size, stream)
                    : HPPRT_GPU(Malloc)(reinterpret_cast<void **>(&e.ptr), size);
      e.dev = e.ptr;
      // Reduce buffers start with a zero arrival counter, Scan buffers with
      // a zero tile counter and tile states of epoch 0, set in the order
      // of the stream the buffer is handed to.
      if (err == HPPRT_GPU(Success) && (kind == PoolKind::Reduce || kind == PoolKind::Scan))
        err = HPPRT_GPU(MemsetAsync)(e.ptr, 0, size, stream);
      if (err != HPPRT_GPU(Success) && e.ptr)
        (void)(e.async ? HPPRT_GPU(FreeAsync)(e.ptr, stream)
                       : HPPRT_GPU(Free)(e.ptr));
    }
    if (err != HPPRT_GPU(Success))
      fail_alloc(kind, size, err);

    std::lock_guard<std::mutex> lock(mutex_);
    Entry *slot = nullptr;
    if (!dead_.empty()) {
      slot = dead_.back();
      dead_.pop_back();
    } else {
      entries_.emplace_back();
      slot = &entries_.back();
    }
    *slot = e;
    return buffer(*slot, stream);
  }

  static HPPRT_GPU(Error_t) use_on(PoolBuffer &b, HPPRT_GPU(Stream_t) stream) {
    if (!b.entry || b.stream == stream)
      return HPPRT_GPU(Success);
    // b's entry is Busy: this thread owns its event.
    Entry &e = *static_cast<Entry *>(b.entry);
    HPPRT_GPU(Error_t) err = make_event(e);
    if (err == HPPRT_GPU(Success))
      err = HPPRT_GPU(EventRecord)(e.event, b.stream);
    if (err == HPPRT_GPU(Success))
      err = HPPRT_GPU(StreamWaitEvent)(stream, e.event, 0);
    if (err == HPPRT_GPU(Success))
      b.stream = stream;
    return err;
  }

  void release(PoolBuffer &b, Release how, HPPRT_GPU(Stream_t) stream) {
    if (!b.entry)
      return;
    Entry &e = *static_cast<Entry *>(b.entry);
    b = PoolBuffer();
    ThreadCache &cache = this_thread_cache;
    if (how == Release::Now && !cache.closed) {
      Entry *&mine = cache.last[static_cast<int>(e.kind)];
      if (!mine) {
        (void)&this_thread_flush; // constructed on first use: flushes at thread exit
        mine = &e;
        return;
      }
    }
    unsigned long long sid = 0;
    bool has_sid = false;
    if (how == Release::AfterStream) {
      has_sid = e.kind != PoolKind::Pinned && dialect::stream_id(stream, sid);
      // Recorded before the entry is published as Pending: a thread that
      // sees it Pending sees the event too (the lock orders them).
      HPPRT_GPU(Error_t) err = make_event(e);
      if (err == HPPRT_GPU(Success))
        err = HPPRT_GPU(EventRecord)(e.event, stream);
      if (err != HPPRT_GPU(Success)) {
        (void)HPPRT_GPU(GetLastError)();
        how = Release::Discard; // cannot tell when it is free: give it up
      }
    }
    std::lock_guard<std::mutex> lock(mutex_);
    switch (how) {
    case Release::Now:
      make_free(e);
      break;
    case Release::AfterStream:
      e.state = State::Pending;
      e.has_stream_id = has_sid;
      e.stream_id = sid;
      pending_.push_back(&e);
      break;
    case Release::Discard:
      // Leaked on purpose: a failed kernel may still own it. The slot is
      // reused for another buffer.
      e = Entry();
      dead_.push_back(&e);
      break;
    }
  }

  /// The calling thread's cached buffers go back to the list.
  void flush(ThreadCache &cache) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Entry *&e : cache.last)
      if (e) {
        make_free(*e);
        e = nullptr;
      }
  }

  std::size_t bytes(PoolKind kind) {
    use_chosen_device();
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
  /// Free buffers ordered by kind, device and size: the best fit is one
  /// lookup, however many buffers nowait results have made the pool hold.
  struct FreeKey {
    PoolKind kind;
    int device;
    std::size_t bytes;
    bool operator<(const FreeKey &o) const {
      if (kind != o.kind)
        return kind < o.kind;
      if (device != o.device)
        return device < o.device;
      return bytes < o.bytes;
    }
  };

  void make_free(Entry &e) {
    e.state = State::Free;
    free_.emplace(FreeKey{e.kind, e.device, e.bytes}, &e);
  }

  using FreeIter = std::multimap<FreeKey, Entry *>::iterator;

  /// Among the few smallest free Scan buffers from \p it on, one last used
  /// with tile words of \p word bytes (or zero since allocated): a loop
  /// with two scans of different value types would otherwise swap their
  /// buffers at every launch and clear both. \p it when there is none.
  FreeIter same_scan_word(FreeIter it, PoolKind kind, int device, std::size_t word) {
    FreeIter f = it;
    for (int seen = 0; seen < 8 && f != free_.end() && f->first.kind == kind &&
                       f->first.device == device;
         ++seen, ++f)
      if (f->second->scan_word == word || f->second->scan_word == 0)
        return f;
    return it;
  }

  /// Pending buffers of kind on device whose kernels are done become free.
  /// Under the lock: cudaEventQuery never blocks.
  void reclaim_pending(PoolKind kind, int device) {
    for (std::size_t i = 0; i < pending_.size();) {
      Entry &e = *pending_[i];
      if (e.kind != kind || e.device != device ||
          HPPRT_GPU(EventQuery)(e.event) == HPPRT_GPU(ErrorNotReady)) {
        ++i;
        continue;
      }
      (void)HPPRT_GPU(GetLastError)();
      make_free(e);
      pending_[i] = pending_.back();
      pending_.pop_back();
    }
  }

  /// The smallest pending buffer that fits and was released on the stream
  /// asking: work queued later on a stream runs after the kernel that
  /// still uses the buffer. Pinned slots are written by the host, so they
  /// always wait for their event (they carry no stream id).
  Entry *take_same_stream(PoolKind kind, int device, std::size_t bytes, bool has_sid,
                          unsigned long long sid) {
    if (!has_sid)
      return nullptr;
    std::size_t best = pending_.size();
    for (std::size_t i = 0; i < pending_.size(); ++i) {
      const Entry &e = *pending_[i];
      if (e.kind == kind && e.device == device && e.has_stream_id && e.stream_id == sid &&
          e.bytes >= bytes && (best == pending_.size() || e.bytes < pending_[best]->bytes))
        best = i;
    }
    if (best == pending_.size())
      return nullptr;
    Entry *e = pending_[best];
    pending_[best] = pending_.back();
    pending_.pop_back();
    return e;
  }

  static PoolBuffer buffer(Entry &e, HPPRT_GPU(Stream_t) stream) {
    PoolBuffer b;
    b.ptr = e.ptr;
    b.device = e.dev;
    b.bytes = e.bytes;
    b.entry = &e;
    b.stream = stream;
    return b;
  }

  static HPPRT_GPU(Error_t) make_event(Entry &e) {
    if (e.event)
      return HPPRT_GPU(Success);
    const HPPRT_GPU(Error_t) err =
        HPPRT_GPU(EventCreateWithFlags)(&e.event, HPPRT_GPU(EventDisableTiming));
    if (err != HPPRT_GPU(Success))
      e.event = nullptr;
    return err;
  }

  std::mutex mutex_;
  std::deque<Entry> entries_;
  std::multimap<FreeKey, Entry *> free_;
  std::vector<Entry *> pending_;
  std::vector<Entry *> dead_; ///< slots of entries_ to reuse

};

Pool &pool() {
  static Pool p;
  return p;
}

CacheFlush::~CacheFlush() {
  ThreadCache &cache = this_thread_cache;
  cache.closed = true;
  pool().flush(cache);
}

} // namespace

PoolBuffer pool_acquire(PoolKind kind, std::size_t bytes,
                        HPPRT_GPU(Stream_t) stream, std::size_t scan_word) {
  return pool().acquire(kind, bytes, stream, scan_word);
}

HPPRT_GPU(Error_t) pool_use_on(PoolBuffer &buffer, HPPRT_GPU(Stream_t) stream) {
  return Pool::use_on(buffer, stream);
}

void pool_release(PoolBuffer &buffer, Release how, HPPRT_GPU(Stream_t) stream) {
  pool().release(buffer, how, stream);
}

ScanEpoch pool_scan_epoch(PoolBuffer &buffer, std::size_t word_bytes) {
  // The holder alone touches these fields; the pool's lock orders them
  // between holders.
  Entry &e = *static_cast<Entry *>(buffer.entry);
  return next_scan_epoch(e.scan_epoch, e.scan_word, word_bytes);
}

std::size_t pool_bytes(PoolKind kind) { return pool().bytes(kind); }

} // namespace detail
} // namespace gpu
} // namespace hpprt
