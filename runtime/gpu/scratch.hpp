//===- scratch.hpp - Device and pinned buffer pools -------------*- C++ -*-===//
/// \file
/// Level-1 scratch, reduction partials, scan tile states and the pinned host
/// slots that receive results all come from pools kept between launches (a
/// cudaMalloc or hipMalloc per region would stall the device). Pools are
/// shared by every host thread and stream, and safe to use from many
/// threads at once:
///  - the one lock guards only the list of buffers; no allocation, free or
///    synchronisation of the GPU runtime happens while it is held;
///  - device buffers are allocated and freed in stream order
///    (cudaMallocAsync / hipMallocAsync on the stream that will use them)
///    where the device supports it; elsewhere growth keeps the smaller
///    buffers rather than free them (a free would synchronise the device);
///  - a buffer released while its kernel may still run (nowait) is pending:
///    the next launch on the same stream may take it at once (stream order
///    makes it wait for that kernel; "same" by the stream's id where the GPU
///    runtime has one, CUDA 12), any other stream once an event recorded at
///    the release has completed. Pinned slots, which the host writes, are
///    reused only after that event.
/// Pools are freed at exit.
//===----------------------------------------------------------------------===//
#pragma once

#include "config.hpp"

#include <cstddef>

namespace hpprt {
namespace gpu {
namespace detail {

/// Buffers of different kinds are never exchanged: Reduce and Scan buffers
/// keep the invariant that their counter (first 4 bytes) is zero, and
/// Scan buffers hold tile states of past epochs only (pool_scan_epoch).
enum class PoolKind { Scratch, Reduce, Scan, Pinned };

struct PoolBuffer {
  char *ptr = nullptr;    ///< host address (Pinned) or device address
  char *device = nullptr; ///< address the device uses
  std::size_t bytes = 0;
  void *entry = nullptr; ///< the pool's record of it (opaque); null = none
  /// The stream in whose order the buffer is ready (its allocation, its
  /// zeroing, the last kernel that used it); see pool_use_on.
  HPPRT_GPU(Stream_t) stream = nullptr;
};

/// A buffer of at least bytes bytes, ready for work queued on stream from
/// now on (Pinned: mapped pinned host memory, idle; Reduce: with a zero
/// arrival counter; Scan: a zero tile counter). stream must not be null: the runtime is compiled for
/// the legacy default stream, so name the stream the caller means (the
/// dialect's HPPRT_GPU_DEFAULT_STREAM in the caller's file). Throws
/// hpprt::Error when memory cannot be allocated.
/// scan_word (Scan buffers): the tile word size the caller will use; a
/// free buffer last used with that size (or never) is preferred, since
/// any other one must be cleared (pool_scan_epoch).
PoolBuffer pool_acquire(PoolKind kind, std::size_t bytes,
                        HPPRT_GPU(Stream_t) stream, std::size_t scan_word = 0);

/// Makes buffer ready for work queued on stream when it was acquired for
/// another one (an event on the old stream that the new one waits for);
/// nothing when the streams are the same. Returns the GPU runtime's error.
HPPRT_GPU(Error_t) pool_use_on(PoolBuffer &buffer, HPPRT_GPU(Stream_t) stream);

enum class Release {
  Now,         ///< the stream is synchronised: reusable at once
  AfterStream, ///< reusable once the work queued so far on stream is done
  Discard,     ///< contents are unknown (a kernel failed): never reuse
};
void pool_release(PoolBuffer &buffer, Release how, HPPRT_GPU(Stream_t) stream);

/// The epoch with which the next scan on a Scan buffer tags its tile states
/// (scan.hpp): states of earlier epochs read as not yet published, so the
/// buffer needs no clearing between scans. clear says that it must be
/// cleared first all the same: its states were written with another word
/// size (a value of an old wide word may look like a narrow status word),
/// or the epochs wrapped. A new buffer is zero, i.e. epoch 0 everywhere,
/// and epochs handed out start at 1.
struct ScanEpoch {
  unsigned epoch;
  bool clear;
};
constexpr unsigned kMaxScanEpoch = (1u << 30) - 1; ///< fits a 32-bit word with 2 flag bits
ScanEpoch pool_scan_epoch(PoolBuffer &buffer, std::size_t word_bytes);

/// pool_scan_epoch's rule over a buffer's last epoch and word size (0: the
/// buffer is zero), which it updates.
inline ScanEpoch next_scan_epoch(unsigned &epoch, std::size_t &word, std::size_t word_bytes) {
  const bool clear = (word != 0 && word != word_bytes) || epoch >= kMaxScanEpoch;
  if (clear)
    epoch = 0;
  word = word_bytes;
  return {++epoch, clear};
}

/// Bytes held by the pools of one kind on the current device (tests).
std::size_t pool_bytes(PoolKind kind);

} // namespace detail
} // namespace gpu
} // namespace hpprt
