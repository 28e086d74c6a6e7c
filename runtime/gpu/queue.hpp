//===- queue.hpp - Work the host did not wait for ---------------*- C++ -*-===//
/// \file
/// What the runtime remembers about work queued on a stream that the host
/// has not waited for: regions launched with `nowait`, regions that need not
/// block (every captured pointer is device memory and no result goes to a
/// host variable), and results to hand to the user's variables when the
/// stream is fenced.
///
/// Sequential semantics are kept by three rules:
/// - a region that returned without `nowait` is complete for every later
///   operation of the same host thread: a launch or copy on another stream
///   first waits for it on the GPU (an event, no host wait); a synchronous
///   copy (hpp::deep_copy) first waits for it on the host;
/// - results of `nowait` reductions and scans reach the user's variables at
///   the stream's fence (Stream::fence, a Complete status(), hpp::fence, or
///   the destruction of a managed stream), never earlier or later;
/// - an error of queued work surfaces at the next wait on its stream and
///   names the first kernel queued there since the last wait.
//===----------------------------------------------------------------------===//
#pragma once

#include "config.hpp"

#include <functional>
#include <memory>

namespace hpprt {
namespace gpu {

struct Launch;

namespace detail {

/// A result delivered at the fence of its stream. ok is false when the
/// stream's work failed: the result is then dropped, never delivered.
class Delivery {
public:
  virtual ~Delivery() = default;
  virtual void deliver(bool ok) = 0;
};

/// Records a launch the host did not wait for. implicit: the region had no
/// `nowait` (rule one above applies to it).
void queued(const Launch &cfg, bool implicit);
/// Hands d to the user at stream's fence.
void defer(HPPRT_GPU(Stream_t) stream, std::unique_ptr<Delivery> d);
/// Before work is queued on stream: it waits on the GPU for this host
/// thread's implicit work on other streams.
void order_after_implicit(HPPRT_GPU(Stream_t) stream);
/// Before the host reads or writes memory through a synchronous call:
/// waits for this host thread's implicit work; throws its errors.
void settle_implicit(const char *what);
/// After the host waited for stream successfully: queued launches are done
/// (deliveries stay until the fence).
void stream_waited(HPPRT_GPU(Stream_t) stream);
/// The error text of a failed wait on stream, naming the work queued there.
std::string queued_culprit(HPPRT_GPU(Stream_t) stream);
/// The same for a wait for the last kernel queued on stream: the work
/// queued before it, or empty when it is the only one since the last wait.
std::string queued_culprit_before_last(HPPRT_GPU(Stream_t) stream);

/// Stream::fence: waits, then delivers; throws naming the queued kernel.
void fence_stream(HPPRT_GPU(Stream_t) stream, const char *what);
/// Stream::status: never waits; Complete delivers as a fence would.
int status_stream(HPPRT_GPU(Stream_t) stream);
/// hpp::fence: waits for the device, then delivers on every stream.
void fence_device(const char *what);
/// A managed stream's last copy: its work is waited for and delivered first.
void forget_stream(HPPRT_GPU(Stream_t) stream);

} // namespace detail
} // namespace gpu
} // namespace hpprt
