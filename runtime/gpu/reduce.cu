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
    : cfg_(&cfg), kind_(kind), slot_bytes_(slot_bytes), capacity_(capacity) {
  const HPPRT_GPU(Stream_t) stream = resolve_stream(cfg.stream);
  work_ = pool_acquire(kind, kPartialsOffset + capacity * slot_bytes, stream);
  try {
    host_ = pool_acquire(PoolKind::Pinned,
                         std::max<std::size_t>(result_bytes, 16), stream);
  } catch (...) {
    pool_release(work_, Release::Now, stream);
    throw;
  }
  if (kind == PoolKind::Scan) {
    // Chosen now: the kernel's captured DeviceScan is made before launch.
    const ScanEpoch e = pool_scan_epoch(work_, slot_bytes);
    epoch_ = e.epoch;
    clear_ = e.clear;
  }
  cfg.participants.push_back(this);
}

ResultBase::~ResultBase() {
  const Release how = pending_ ? Release::AfterStream : Release::Now;
  pool_release(work_, ok_ ? how : Release::Discard, stream_);
  pool_release(host_, ok_ ? how : Release::Discard, stream_);
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
  // the pool asks, or this scan is launched again with the same epoch.
  if (kind_ == PoolKind::Scan) {
    // All of it: words past this grid may carry epochs that later, larger
    // scans will use.
    if (clear_)
      check(cfg, HPPRT_GPU(MemsetAsync)(work_.device, 0, work_.bytes, cfg.stream),
            HPPRT_GPU_PREFIX "MemsetAsync (scan tile states)");
    clear_ = true;
  }
}

void ResultBase::done(HPPRT_GPU(Stream_t) stream, bool ran, bool synced, bool ok) {
  stream_ = stream;
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
