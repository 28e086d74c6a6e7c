//===- stream.hpp - Streams, fences and asynchronous copies -----*- C++ -*-===//
/// \file
/// hpp::Stream is the execution-space instance of hpp (Kokkos::Cuda(stream)):
/// policies take one as their first argument and `nowait` work is ordered on
/// it. A default-constructed Stream is managed: the runtime creates it and
/// the last copy destroys it. Stream(native) wraps a stream the user owns
/// (a cudaStream_t / hipStream_t) and never destroys it.
///
/// The serial build runs all work when it is called, so every stream is
/// always Complete and fence() returns at once. Under HPP_BACKEND_CUDA with
/// nvcc a Stream is a real CUDA stream (fence/status/copies on it); the
/// kernels themselves come from hppc.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "config.hpp"
#include "memory.hpp"

#if defined(HPP_BACKEND_CUDA) && defined(__CUDACC__)
#include <cuda_runtime.h>

#include <stdexcept>
#endif

namespace hpp {

/// What Stream::status() reports, without waiting.
enum class StreamStatus {
  Complete, ///< everything queued so far has finished
  Running,  ///< work is still queued or running
  Error     ///< queued work failed; fence() throws the error
};

#if defined(HPP_BACKEND_CUDA) && defined(__CUDACC__)

namespace detail {
[[noreturn]] inline void cuda_fail(const char* what, cudaError_t err) {
  (void)cudaGetLastError();
  throw std::runtime_error(std::string("hpp: ") + what + ": " +
                           cudaGetErrorString(err) + " (" +
                           cudaGetErrorName(err) + ")");
}

struct StreamState {
  cudaStream_t stream = nullptr;
  StreamState() {
    const cudaError_t err = cudaStreamCreate(&stream);
    if (err != cudaSuccess)
      cuda_fail("hpp::Stream: cudaStreamCreate", err);
  }
  ~StreamState() { (void)cudaStreamDestroy(stream); }
  StreamState(const StreamState&) = delete;
  StreamState& operator=(const StreamState&) = delete;
};
} // namespace detail

#else

namespace detail {
// Serial: a managed stream has no native handle; its state's address serves
// as one so that copies compare equal and distinct streams do not.
struct StreamState {
  char unused = 0;
};
} // namespace detail

#endif

namespace detail {
// Replaced for the whole program by a runtime with asynchronous work, as
// alloc_bytes is (memory.hpp); the serial build has none to wait for.
// The label is what profiling tools see (kokkosp_begin_fence).
#ifdef HPP_RUNTIME_DEFINES_SHARED_FUNCTIONS
void fence_all(const char* label);
#else
HPP_WEAK void fence_all(const char* label);
void fence_all(const char*) {}
#endif
} // namespace detail

/// Waits for all outstanding work (in a CUDA program, all device work, in
/// every file); throws on an asynchronous error.
inline void fence() { detail::fence_all("hpp::fence: unnamed global fence"); }

/// fence() with a label for profiling tools, as Kokkos::fence("label").
inline void fence(const std::string& label) {
  detail::fence_all(label.c_str());
}

class Stream {
public:
  /// A new managed stream, destroyed with its last copy.
  Stream() : State(std::make_shared<detail::StreamState>()) {}

  /// Wraps a native stream handle (cudaStream_t, hipStream_t) that the user
  /// keeps owning; nullptr is the device's default stream.
  explicit Stream(void* native) : Native(native) {}

  /// The native handle (cudaStream_t on CUDA).
  void* native() const {
#if defined(HPP_BACKEND_CUDA) && defined(__CUDACC__)
    return State ? static_cast<void*>(State->stream) : Native;
#else
    return State ? static_cast<void*>(State.get()) : Native;
#endif
  }

  /// True when the runtime created this stream (and destroys it).
  bool is_managed() const { return State != nullptr; }

  /// Waits until the work queued on this stream has finished; throws
  /// std::runtime_error if it failed.
  void fence() const {
#if defined(HPP_BACKEND_CUDA) && defined(__CUDACC__)
    const cudaError_t err =
        cudaStreamSynchronize(static_cast<cudaStream_t>(native()));
    if (err != cudaSuccess)
      detail::cuda_fail("hpp::Stream::fence", err);
#endif
  }

  /// Whether the work queued on this stream has finished; never waits.
  StreamStatus status() const {
#if defined(HPP_BACKEND_CUDA) && defined(__CUDACC__)
    const cudaError_t err =
        cudaStreamQuery(static_cast<cudaStream_t>(native()));
    if (err == cudaSuccess)
      return StreamStatus::Complete;
    if (err == cudaErrorNotReady) {
      (void)cudaGetLastError();
      return StreamStatus::Running;
    }
    return StreamStatus::Error;
#else
    return StreamStatus::Complete;
#endif
  }

  /// Two Streams are equal when they name the same native stream.
  friend bool operator==(const Stream& a, const Stream& b) {
    return a.native() == b.native();
  }
  friend bool operator!=(const Stream& a, const Stream& b) { return !(a == b); }

private:
  std::shared_ptr<detail::StreamState> State;
  void* Native = nullptr;
};

/// The stream that work without a stream argument runs on: the device's
/// default stream (unmanaged, native handle nullptr).
inline Stream default_stream() { return Stream(nullptr); }

/// Copies bytes between any two spaces, ordered on stream: the copy is
/// complete after stream.fence(). The serial build copies at once.
inline void deep_copy(const Stream& stream, void* dst, const void* src,
                      std::size_t bytes) {
#if defined(HPP_BACKEND_CUDA) && defined(__CUDACC__)
  if (bytes == 0)
    return;
  const cudaError_t err =
      cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault,
                      static_cast<cudaStream_t>(stream.native()));
  if (err != cudaSuccess)
    detail::cuda_fail("hpp::deep_copy", err);
#else
  (void)stream;
  deep_copy(dst, src, bytes);
#endif
}

} // namespace hpp
