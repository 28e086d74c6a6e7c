//===- device.hpp - The device of a process, a thread and a stream -*- C++ -*-===//
/// \file
/// Which device work runs on. The process's device is chosen once
/// (common/device_select.hpp: HPP_DEVICE, HPP_MAP_DEVICE_BY, the MPI local
/// rank) and made current in each host thread before its first device call
/// (the current device is per thread in CUDA and HIP). A stream created for
/// a device (hpp::Stream(hpp::Device(n))) carries its device: work queued
/// on it switches to that device for the call and back after.
//===----------------------------------------------------------------------===//
#pragma once

#include "config.hpp"

#include <vector>

namespace hpprt {
namespace gpu {
namespace detail {

/// Makes the process's chosen device current in the calling thread the
/// first time the thread calls it; stops the program with a message when
/// the environment asks for a device that cannot be used. A thread-local
/// test after the first call.
void use_chosen_device();

/// The device the calling thread made current at its first device call,
/// where its default-stream work runs.
int home_device();

/// Whether any stream created for a device is alive: until one is, no
/// lookup below is needed.
bool any_bound_streams();

/// The device stream was created for (create_bound_stream), or -1 for any
/// other stream (the current device's).
int bound_device(HPPRT_GPU(Stream_t) stream);

/// The device whose work stream queues: its bound device, else the
/// thread's home device.
int device_of(HPPRT_GPU(Stream_t) stream);

/// A new stream on device, recorded as bound to it; throws hpprt::Error
/// naming the visible devices when device does not exist.
HPPRT_GPU(Stream_t) create_bound_stream(int device);
/// Drops stream's record (before it is destroyed).
void forget_bound_stream(HPPRT_GPU(Stream_t) stream);
/// Every live bound stream (hpp::fence waits for them on every device).
std::vector<HPPRT_GPU(Stream_t)> bound_streams();

/// Makes a stream's device current for the scope of one region or copy and
/// restores the previous one after. Free when no stream was created for a
/// device (one relaxed load).
class DeviceSwitch {
public:
  DeviceSwitch() = default;
  explicit DeviceSwitch(HPPRT_GPU(Stream_t) stream) { enter(stream); }
  /// Switches to stream's device; a second call keeps the first's restore.
  void enter(HPPRT_GPU(Stream_t) stream);
  ~DeviceSwitch();
  DeviceSwitch(const DeviceSwitch &) = delete;
  DeviceSwitch &operator=(const DeviceSwitch &) = delete;

private:
  int previous_ = -1; ///< the device to make current again; -1: none
};

} // namespace detail
} // namespace gpu
} // namespace hpprt
