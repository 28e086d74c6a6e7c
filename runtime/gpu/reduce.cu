//===- reduce.cu - Host side of GPU reductions and scans ------------------===//
#include "reduce.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>

namespace hpprt {
namespace gpu {
namespace detail {

ResultBase::ResultBase(Launch &cfg, PoolKind kind, std::size_t slot_bytes,
                       unsigned capacity, std::size_t result_bytes)
    : cfg_(&cfg), kind_(kind), capacity_(capacity) {
  const HPPRT_GPU(Stream_t) stream = resolve_stream(cfg.stream);
  work_ = pool_acquire(kind, kPartialsOffset + capacity * slot_bytes, stream,
                       kind == PoolKind::Scan ? slot_bytes : 0);
  try {
    host_ = pool_acquire(PoolKind::Pinned,
                         std::max<std::size_t>(result_bytes, 16), stream);
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
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(StreamSynchronize)(stream_);
  pending_ = false;
  if (err != HPPRT_GPU(Success))
    ok_ = false;
  check(*cfg_, err, "the kernel failed");
}

} // namespace detail
} // namespace gpu
} // namespace hpprt
