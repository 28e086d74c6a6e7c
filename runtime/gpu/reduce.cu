//===- reduce.cu - Host side of GPU reductions and scans ------------------===//
#include "reduce.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <utility>

namespace hpprt {
namespace gpu {
namespace detail {

ResultBase::ResultBase(Launch &cfg, PoolKind kind, std::size_t slot_bytes,
                       unsigned capacity, std::size_t result_bytes)
    : cfg_(&cfg), kind_(kind), ready_at_(ready_offset(result_bytes)), capacity_(capacity) {
  const HPPRT_GPU(Stream_t) stream = resolve_stream(cfg.stream);
  work_ = pool_acquire(kind, kPartialsOffset + capacity * slot_bytes, stream,
                       kind == PoolKind::Scan ? slot_bytes : 0);
  try {
    host_ = pool_acquire(PoolKind::Pinned,
                         std::max<std::size_t>(ready_at_ + 8, 16), stream);
  } catch (...) {
    pool_release(work_, Release::Now, stream);
    throw;
  }
  if (kind == PoolKind::Scan) {
    // Chosen now: the kernel's captured DeviceScan is made before launch.
    // A clear the pool asks for is queued now too, in the order of the
    // stream the buffer is ready on: the pool has already recorded the new
    // word size and epoch, and a launch may never come (zero iterations,
    // an error while planning).
    const ScanEpoch e = pool_scan_epoch(work_, slot_bytes);
    epoch_ = e.epoch;
    if (e.clear) {
      const HPPRT_GPU(Error_t) err =
          HPPRT_GPU(MemsetAsync)(work_.device, 0, work_.bytes, work_.stream);
      if (err != HPPRT_GPU(Success)) {
        pool_release(work_, Release::Discard, stream);
        pool_release(host_, Release::Now, stream);
        check(cfg, err, HPPRT_GPU_PREFIX "MemsetAsync (scan tile states)");
      }
    }
  }
  cfg.participants.push_back(this);
}

ResultBase::~ResultBase() {
  if (!ok_) {
    pool_release(work_, Release::Discard, stream_);
    pool_release(host_, Release::Discard, stream_);
    return;
  }
  // Not launched: work queued on the buffer in its own stream's order (its
  // zeroing at allocation, a scan's clear) may still be running, so it is
  // handed out again only after that work.
  if (!ran_) {
    const HPPRT_GPU(Stream_t) ready_on = work_.stream;
    pool_release(work_, Release::AfterStream, ready_on);
    pool_release(host_, Release::Now, ready_on);
    return;
  }
  const Release how = pending_ ? Release::AfterStream : Release::Now;
  pool_release(work_, how, stream_);
  pool_release(host_, how, stream_);
}

void ResultBase::prepare(const Launch &cfg, const Plan &plan) {
  if (!plan.run)
    return;
  // Cleared before the launch that sets it (the launch orders this store
  // before the kernel's).
  __atomic_store_n(ready_word(), 0u, __ATOMIC_RELAXED);
  // The stream may have been set after this reduction was created.
  check(cfg, pool_use_on(work_, cfg.stream),
        HPPRT_GPU_PREFIX "StreamWaitEvent (runtime buffers)");
  if (plan.grid.x > capacity_)
    fail(cfg, "internal error: a grid of " + std::to_string(plan.grid.x) +
                  " blocks exceeds the " + std::to_string(capacity_) +
                  " partial results prepared for it (was iterations changed "
                  "after the reduction or scan was created?)");
  // A scan's tile states of earlier epochs read as unpublished, and its
  // last tile resets the tile counter: no clearing between scans unless
  // the pool asked (done when this Scan was made), or this scan is
  // launched again with the same epoch.
  if (kind_ == PoolKind::Scan) {
    // All of it: words past this grid may carry epochs that later, larger
    // scans will use.
    if (ran_)
      check(cfg, HPPRT_GPU(MemsetAsync)(work_.device, 0, work_.bytes, cfg.stream),
            HPPRT_GPU_PREFIX "MemsetAsync (scan tile states)");
  }
}

void ResultBase::done(HPPRT_GPU(Stream_t) stream, bool ran, bool synced, bool ok) {
  stream_ = stream;
  ran_ = ran_ || ran;
  pending_ = ran && !synced;
  ok_ = ok;
}

namespace {
/// A nowait result: the buffers live until the fence delivers it.
class BufferDelivery : public Delivery {
public:
  BufferDelivery(PoolBuffer work, PoolBuffer host, std::function<void(const char *)> write)
      : work_(work), host_(host), write_(std::move(write)) {}
  void deliver(bool ok) override {
    if (ok)
      write_(host_.ptr);
    const Release how = ok ? Release::Now : Release::Discard;
    pool_release(work_, how, nullptr);
    pool_release(host_, how, nullptr);
  }

private:
  PoolBuffer work_, host_;
  std::function<void(const char *)> write_;
};
} // namespace

void ResultBase::deliver_at_fence(std::function<void(const char *)> write) {
  if (!pending_) {
    write(host_slot());
    return;
  }
  defer(stream_, std::make_unique<BufferDelivery>(work_, host_, std::move(write)));
  work_ = PoolBuffer();
  host_ = PoolBuffer();
  pending_ = false;
}

void ResultBase::wait() {
  if (!pending_)
    return;
  pending_ = false;
  // The ready word is set by the last block to finish (a reduction's last
  // block combines every block's partial; a scan's runs finish_scan), so
  // every block has run its body and made its writes visible to the device
  // (a kernel that failed never sets it), and the stream's earlier work
  // had ended before the kernel started. What is left of the kernel
  // touches no memory: its buffers can be handed out again at once, and
  // later work on other streams need not wait for the stream (which the
  // program may even destroy now, as it could after a waiting region).
  // A kernel that never sets the word (a scan without finish_scan, or of
  // more than scan_ready_tiles tiles) is waited for through its stream.
  const bool flagged = kind_ != PoolKind::Scan || cfg_->grid.x <= scan_ready_tiles;
  if (flagged && results_by_flag() && await_ready()) {
    stream_waited(stream_);
    return;
  }
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(StreamSynchronize)(stream_);
  if (err == HPPRT_GPU(Success)) {
    stream_waited(stream_);
    // The launch is complete: the region's other results need no wait of
    // their own (one synchronisation for a region's three reductions).
    for (Participant *p : cfg_->participants)
      if (p != this)
        p->done(stream_, true, true, true);
    return;
  }
  ok_ = false;
  // The launch was queued without a wait (device_only): the kernels
  // queued on the stream before it may have failed instead.
  fail_after_wait(*cfg_, queued_culprit_before_last(stream_), err, "the kernel failed");
}

namespace {
/// Whether the program lets a host thread spin while it waits for the
/// current device (its default scheduling). With blocking synchronisation
/// or yielding asked for (cudaSetDeviceFlags), a result is waited for
/// through the stream, as the program chose.
bool host_may_spin() {
  unsigned flags = 0;
  if (HPPRT_GPU(GetDeviceFlags)(&flags) != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    return false;
  }
  const unsigned mode = flags & HPPRT_GPU(DeviceScheduleMask);
  return mode != HPPRT_GPU(DeviceScheduleBlockingSync) && mode != HPPRT_GPU(DeviceScheduleYield);
}
} // namespace

bool ResultBase::await_ready() const {
  if (!host_may_spin())
    return false;
  const unsigned *ready = ready_word();
  const auto start = std::chrono::steady_clock::now();
  for (unsigned spin = 1;; ++spin) {
    if (__atomic_load_n(ready, __ATOMIC_ACQUIRE) != 0)
      return true;
    // Now and then: whether the stream ended (or failed) without setting
    // it, and whether the wait has been long enough to give the CPU back
    // through the stream's own wait.
    if (spin % 256 == 0) {
      if (HPPRT_GPU(StreamQuery)(stream_) != HPPRT_GPU(ErrorNotReady))
        return false;
      (void)HPPRT_GPU(GetLastError)(); // not an error
      if (std::chrono::steady_clock::now() - start > std::chrono::milliseconds(1))
        return false;
    }
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
}

} // namespace detail
} // namespace gpu
} // namespace hpprt
