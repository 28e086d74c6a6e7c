//===- queue.cu - Work the host did not wait for --------------------------===//
///
/// \file
/// The bookkeeping of queue.hpp: one record per stream (the first kernel
/// queued since the host last waited for it, how many, and the results to
/// deliver at its fence) shared by all host threads under one lock, and per
/// host thread the streams holding its implicit work. A record costs one
/// lock and one map lookup per launch that does not wait.
///
//===----------------------------------------------------------------------===//

#include "queue.hpp"

#include "../common/error.hpp"
#include "device.hpp"
#include "launch.hpp"

#include <algorithm>
#include <mutex>
#include <string>
#include <thread>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace hpprt {
namespace gpu {
namespace detail {
namespace {

using Stream = HPPRT_GPU(Stream_t);

struct StreamRecord {
  const char *name = nullptr; ///< the first kernel queued since the last wait
  const char *file = nullptr;
  int line = 0;
  unsigned count = 0;
  std::vector<std::unique_ptr<Delivery>> deliveries;
};

/// A stream's identity: its handle, and for the per-thread default stream
/// (one handle naming a different stream in each thread) the thread too.
/// No driver query: after a kernel fault every query fails, and the record
/// must still be found to name the kernel.
using Key = std::pair<std::uintptr_t, std::thread::id>;
Key key_of(Stream stream) {
  return {reinterpret_cast<std::uintptr_t>(stream),
          stream == HPPRT_GPU(StreamPerThread) ? std::this_thread::get_id() : std::thread::id()};
}

struct Records {
  std::mutex mutex;
  std::map<Key, StreamRecord> streams;
};

Records &records() {
  static Records *r = new Records; // outlives static destructors that fence
  return *r;
}

/// Streams holding this host thread's implicit work. Trivially
/// destructible, so that a managed stream destroyed by a static destructor
/// (after the thread's non-trivial thread_locals are gone) can still use it.
struct ThreadState {
  static constexpr int capacity = 16;
  Stream implicit[capacity];
  int count;
  Stream *begin() { return implicit; }
  Stream *end() { return implicit + count; }
};
thread_local ThreadState this_thread{};

/// The kernels r records, but for the last \p leave_out of them.
std::string describe(const StreamRecord &r, unsigned leave_out = 0) {
  if (r.count <= leave_out)
    return "";
  const unsigned count = r.count - leave_out;
  std::string s = std::string("kernel '") + r.name + "' (" + r.file + ":" +
                  std::to_string(r.line) + ")";
  if (count > 1)
    s += " or one of the " + std::to_string(count - 1) +
         " kernels queued after it on the same stream";
  return s;
}

/// describe() of stream's record, if it has one.
std::string describe_stream(Stream stream, unsigned leave_out) {
  Records &r = records();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.streams.find(key_of(stream));
  return it == r.streams.end() ? std::string() : describe(it->second, leave_out);
}

void forget_implicit(Stream stream) {
  ThreadState &t = this_thread;
  t.count = static_cast<int>(std::remove(t.begin(), t.end(), stream) - t.begin());
}

/// Takes stream's deliveries and clears its queued kernels; returns what
/// to blame if the wait failed.
std::vector<std::unique_ptr<Delivery>> take(Stream stream, std::string &culprit) {
  std::vector<std::unique_ptr<Delivery>> out;
  Records &r = records();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.streams.find(key_of(stream));
  if (it == r.streams.end())
    return out;
  culprit = describe(it->second);
  out = std::move(it->second.deliveries);
  r.streams.erase(it);
  return out;
}

void deliver_all(std::vector<std::unique_ptr<Delivery>> &ds, bool ok) {
  for (auto &d : ds)
    d->deliver(ok);
  ds.clear();
}

[[noreturn]] void throw_failed(const char *what, const std::string &culprit,
                               HPPRT_GPU(Error_t) err) {
  (void)HPPRT_GPU(GetLastError)();
  std::string msg = std::string("hpp: ") + what + ": ";
  msg += culprit.empty() ? std::string("queued work failed")
                         : culprit + " failed";
  throw Error(msg + ": " + error_text(err));
}

} // namespace

void queued(const Launch &cfg, bool implicit) {
  {
    Records &r = records();
    std::lock_guard<std::mutex> lock(r.mutex);
    StreamRecord &rec = r.streams[key_of(cfg.stream)];
    if (rec.count++ == 0) {
      rec.name = cfg.name;
      rec.file = cfg.file;
      rec.line = cfg.line;
    }
  }
  ThreadState &t = this_thread;
  if (!implicit || std::find(t.begin(), t.end(), cfg.stream) != t.end())
    return;
  if (t.count == ThreadState::capacity) {
    // Sixteen streams with early returns: the oldest is waited for.
    const Stream oldest = t.implicit[0];
    const HPPRT_GPU(Error_t) err = HPPRT_GPU(StreamSynchronize)(oldest);
    if (err != HPPRT_GPU(Success))
      throw_failed("waiting for a stream", queued_culprit(oldest), err);
    stream_waited(oldest);
  }
  t.implicit[t.count++] = cfg.stream;
}

void defer(Stream stream, std::unique_ptr<Delivery> d) {
  Records &r = records();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.streams[key_of(stream)].deliveries.push_back(std::move(d));
}

void order_after_implicit(Stream stream) {
  const bool many_devices = any_bound_streams();
  int here = 0;
  if (many_devices && HPPRT_GPU(GetDevice)(&here) != HPPRT_GPU(Success))
    (void)HPPRT_GPU(GetLastError)();
  for (Stream other : this_thread) {
    if (other == stream)
      continue;
    // The wait takes the event's state when it is queued, so the event can
    // be destroyed at once (its resources go when it completes).
    // An event is recorded on a stream of its own device; with streams
    // bound to devices the other stream may be on another one (and a
    // default-stream handle names the default stream of the current
    // device), so the record runs on other's device. The wait below may
    // cross devices.
    const int other_device = many_devices ? device_of(other) : here;
    if (other_device != here)
      (void)HPPRT_GPU(SetDevice)(other_device);
    HPPRT_GPU(Event_t) event = nullptr;
    HPPRT_GPU(Error_t) err =
        HPPRT_GPU(EventCreateWithFlags)(&event, HPPRT_GPU(EventDisableTiming));
    if (err == HPPRT_GPU(Success))
      err = HPPRT_GPU(EventRecord)(event, other);
    if (other_device != here)
      (void)HPPRT_GPU(SetDevice)(here);
    if (err == HPPRT_GPU(Success))
      err = HPPRT_GPU(StreamWaitEvent)(stream, event, 0);
    if (event)
      (void)HPPRT_GPU(EventDestroy)(event);
    if (err != HPPRT_GPU(Success)) {
      (void)HPPRT_GPU(GetLastError)();
      throw Error("hpp: ordering a stream after earlier regions: " + error_text(err));
    }
  }
}

void settle_implicit(const char *what) {
  ThreadState &t = this_thread;
  const std::vector<Stream> streams(t.begin(), t.end());
  t.count = 0;
  for (Stream s : streams) {
    const HPPRT_GPU(Error_t) err = HPPRT_GPU(StreamSynchronize)(s);
    if (err != HPPRT_GPU(Success))
      throw_failed(what, queued_culprit(s), err);
    stream_waited(s);
  }
}

void stream_waited(Stream stream) {
  forget_implicit(stream);
  Records &r = records();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.streams.find(key_of(stream));
  if (it == r.streams.end())
    return;
  if (it->second.deliveries.empty())
    r.streams.erase(it);
  else
    it->second.count = 0;
}

std::string queued_culprit(Stream stream) { return describe_stream(stream, 0); }

std::string queued_culprit_before_last(Stream stream) { return describe_stream(stream, 1); }

void fence_stream(Stream stream, const char *what) {
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(StreamSynchronize)(stream);
  forget_implicit(stream);
  std::string culprit;
  auto ds = take(stream, culprit);
  deliver_all(ds, err == HPPRT_GPU(Success));
  if (err != HPPRT_GPU(Success))
    throw_failed(what, culprit, err);
}

int status_stream(Stream stream) {
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(StreamQuery)(stream);
  if (err == HPPRT_GPU(ErrorNotReady)) {
    (void)HPPRT_GPU(GetLastError)();
    return 1; // StreamStatus::Running
  }
  if (err != HPPRT_GPU(Success))
    return 2; // StreamStatus::Error: fence() throws it
  forget_implicit(stream);
  std::string culprit;
  auto ds = take(stream, culprit);
  deliver_all(ds, true);
  return 0; // StreamStatus::Complete
}

void fence_device(const char *what) {
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(DeviceSynchronize)();
  this_thread.count = 0;
  std::vector<std::unique_ptr<Delivery>> ds;
  std::string culprit;
  {
    Records &r = records();
    std::lock_guard<std::mutex> lock(r.mutex);
    for (auto &entry : r.streams) {
      if (culprit.empty())
        culprit = describe(entry.second);
      for (auto &d : entry.second.deliveries)
        ds.push_back(std::move(d));
    }
    r.streams.clear();
  }
  deliver_all(ds, err == HPPRT_GPU(Success));
  if (err != HPPRT_GPU(Success))
    throw_failed(what, culprit, err);
}

void forget_stream(Stream stream) {
  try {
    fence_stream(stream, "destroying an hpp::Stream");
  } catch (const Error &e) {
    // A destructor cannot throw, and the failed work's results are lost:
    // stopping is the only answer that is not silently wrong.
    fatal(std::string(e.what()) +
          " (the stream was destroyed without a fence that would have reported it)");
  }
}

} // namespace detail
} // namespace gpu
} // namespace hpprt
