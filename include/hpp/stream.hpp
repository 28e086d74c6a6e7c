//===- stream.hpp - Streams, fences and asynchronous copies -----*- C++ -*-===//
/// \file
/// hpp::Stream is the execution-space instance of hpp (Kokkos::Cuda(stream)):
/// policies take one as their first argument and `nowait` work is ordered on
/// it. A default-constructed Stream is managed: the runtime creates it and
/// the last copy destroys it. Stream(native) wraps a stream the user owns
/// (a cudaStream_t / hipStream_t) and never destroys it. Stream(Device(n))
/// is a managed stream on device n: regions, copies and reductions queued on
/// it run on that device whichever device is current, so one host thread
/// can keep several devices busy.
///
/// The serial build runs all work when it is called, so every stream is
/// always Complete and fence() returns at once. In a program linked with a
/// GPU runtime a Stream is a real CUDA or HIP stream (fence/status/copies
/// on it) in every file; the kernels themselves come from hppc.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

#include "config.hpp"
#include "memory.hpp"

namespace hpp {

/// What Stream::status() reports, without waiting.
enum class StreamStatus {
  Complete, ///< everything queued so far has finished
  Running,  ///< work is still queued or running
  Error     ///< queued work failed; fence() throws the error
};

namespace detail {
// One definition per program, as alloc_bytes (memory.hpp): the header
// defines the serial behaviour weakly, a GPU runtime (libhpprt_cuda,
// libhpprt_hip) strongly, so a Stream means the same thing in every file
// of a program, translated or plain, and has one layout everywhere.
#ifdef HPP_RUNTIME_DEFINES_SHARED_FUNCTIONS
void* stream_create();
void stream_destroy(void* native);
void stream_fence(void* native);
int stream_status(void* native);
void copy_bytes_async(void* native, void* dst, const void* src, std::size_t bytes);
void fence_all(const char* label);
void* stream_create_on(int device);
int stream_device(void* native);
int device_count();
void device_initialize();
#else
HPP_WEAK void* stream_create();
HPP_WEAK void stream_destroy(void* native);
HPP_WEAK void stream_fence(void* native);
HPP_WEAK int stream_status(void* native);
HPP_WEAK void copy_bytes_async(void* native, void* dst, const void* src,
                               std::size_t bytes);
HPP_WEAK void fence_all(const char* label);
HPP_WEAK void* stream_create_on(int device);
HPP_WEAK int stream_device(void* native);
HPP_WEAK int device_count();
HPP_WEAK void device_initialize();

// Serial: all work runs when it is called. A managed stream still needs a
// handle of its own so that distinct streams compare unequal.
void* stream_create() { return new char; }
void stream_destroy(void* native) { delete static_cast<char*>(native); }
void stream_fence(void*) {}
int stream_status(void*) { return static_cast<int>(StreamStatus::Complete); }
void copy_bytes_async(void*, void* dst, const void* src, std::size_t bytes) {
  copy_bytes(dst, src, bytes);
}
void fence_all(const char*) {}
// The host is the one device of the serial build.
void* stream_create_on(int device) {
  if (device != 0)
    throw std::out_of_range("hpp: hpp::Stream(hpp::Device(" + std::to_string(device) +
                            ")): no such device (the host backend has one device, 0)");
  return stream_create();
}
int stream_device(void*) { return 0; }
int device_count() { return 1; }
void device_initialize() {}
#endif

/// Owns a managed stream's native handle; the Streams that share it count
/// references themselves (a shared_ptr would cost every file that includes
/// hpp.hpp the parse of <memory>).
struct StreamState {
  void* native = stream_create();
  long refs = 1;
  StreamState() = default;
  explicit StreamState(int device) : native(stream_create_on(device)) {}
  ~StreamState() { stream_destroy(native); }
  StreamState(const StreamState&) = delete;
  StreamState& operator=(const StreamState&) = delete;
};
} // namespace detail

/// Waits for all outstanding work (in a GPU program, all device work, in
/// every file); throws on an asynchronous error.
inline void fence() { detail::fence_all("hpp::fence: unnamed global fence"); }

/// fence() with a label for profiling tools (kokkosp_begin_fence), as
/// Kokkos::fence("label").
inline void fence(const std::string& label) { detail::fence_all(label.c_str()); }

/// A device by its number: the CUDA or HIP device id as the process sees
/// it (after CUDA_VISIBLE_DEVICES / HIP_VISIBLE_DEVICES); 0, the host, in
/// the serial and OpenMP builds.
struct Device {
  explicit Device(int id) : id(id) {}
  int id;
};

/// How many devices this process can use (1 in the serial and OpenMP
/// builds; 0 in a GPU program on a machine without a device).
inline int device_count() { return detail::device_count(); }

class Stream {
public:
  /// A new managed stream, destroyed with its last copy.
  Stream() : State(new detail::StreamState()) {}

  /// Wraps a native stream handle (cudaStream_t, hipStream_t) that the user
  /// keeps owning; nullptr is the device's default stream.
  explicit Stream(void* native) : Native(native) {}

  /// A new managed stream on device d, destroyed with its last copy. Throws
  /// std::runtime_error (or std::out_of_range in the serial build) when d
  /// does not exist.
  explicit Stream(Device d) : State(new detail::StreamState(d.id)) {}

  // Copies share the managed stream; the last one destroys it.
  Stream(const Stream& o) : State(o.State), Native(o.Native) { retain(); }
  Stream(Stream&& o) noexcept : State(o.State), Native(o.Native) { o.State = nullptr; }
  Stream& operator=(const Stream& o) {
    if (this != &o) {
      o.retain();
      drop();
      State = o.State;
      Native = o.Native;
    }
    return *this;
  }
  Stream& operator=(Stream&& o) noexcept {
    if (this != &o) {
      drop();
      State = o.State;
      Native = o.Native;
      o.State = nullptr;
    }
    return *this;
  }
  ~Stream() { drop(); }

  /// The device this stream's work runs on: the one it was created for,
  /// else the device the calling thread uses.
  int device() const { return detail::stream_device(native()); }

  /// The native handle (cudaStream_t on CUDA, hipStream_t on HIP).
  void* native() const { return State ? State->native : Native; }

  /// True when the runtime created this stream (and destroys it).
  bool is_managed() const { return State != nullptr; }

  /// Waits until the work queued on this stream has finished; throws
  /// std::runtime_error if it failed.
  void fence() const { detail::stream_fence(native()); }

  /// Whether the work queued on this stream has finished; never waits.
  StreamStatus status() const {
    return static_cast<StreamStatus>(detail::stream_status(native()));
  }

  /// Two Streams are equal when they name the same native stream.
  friend bool operator==(const Stream& a, const Stream& b) {
    return a.native() == b.native();
  }
  friend bool operator!=(const Stream& a, const Stream& b) { return !(a == b); }

private:
  void retain() const {
    if (State)
      __atomic_fetch_add(&State->refs, 1, __ATOMIC_RELAXED);
  }
  void drop() {
    if (State && __atomic_sub_fetch(&State->refs, 1, __ATOMIC_ACQ_REL) == 0)
      delete State;
    State = nullptr;
  }

  detail::StreamState* State = nullptr;
  void* Native = nullptr;
};

/// The stream that work without a stream argument runs on: the device's
/// default stream (unmanaged, native handle nullptr).
inline Stream default_stream() { return Stream(nullptr); }

/// Copies bytes between any two spaces, ordered on stream: the copy is
/// complete after stream.fence(). The serial build copies at once.
inline void deep_copy(const Stream& stream, void* dst, const void* src,
                      std::size_t bytes) {
  detail::copy_bytes_async(stream.native(), dst, src, bytes);
}

} // namespace hpp
