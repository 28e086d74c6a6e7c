//===- scratch.hpp - Device and pinned buffer pools -------------*- C++ -*-===//
/// \file
/// Level-1 scratch, reduction partials, scan tile states and the pinned host
/// slots that receive results all come from pools kept between launches (a
/// cudaMalloc or hipMalloc per region would synchronise the device). A buffer released
/// while its kernel may still run (nowait) is reused only once an event
/// recorded on its stream has completed. Pools are freed at exit.
//===----------------------------------------------------------------------===//
#pragma once

#include "config.hpp"


#include <cstddef>

namespace hpprt {
namespace gpu {
namespace detail {

/// Buffers of different kinds are never exchanged: Reduce buffers keep the
/// invariant that their arrival counter (first 4 bytes) is zero.
enum class PoolKind { Scratch, Reduce, Scan, Pinned };

struct PoolBuffer {
  char *ptr = nullptr;    ///< host address (Pinned) or device address
  char *device = nullptr; ///< address the device uses
  std::size_t bytes = 0;
  int id = -1; ///< pool entry; -1 = none
};

/// A buffer of at least bytes bytes (Pinned: mapped pinned host memory;
/// Reduce: zero-filled when first allocated). Throws hpprt::Error.
PoolBuffer pool_acquire(PoolKind kind, std::size_t bytes);

enum class Release {
  Now,         ///< the stream is synchronised: reusable at once
  AfterStream, ///< reusable once the work queued so far on stream is done
  Discard,     ///< contents are unknown (a kernel failed): never reuse
};
void pool_release(PoolBuffer &buffer, Release how, HPPRT_GPU(Stream_t) stream);

/// Bytes held by the pools of one kind on the current device (tests).
std::size_t pool_bytes(PoolKind kind);

} // namespace detail
} // namespace gpu
} // namespace hpprt
