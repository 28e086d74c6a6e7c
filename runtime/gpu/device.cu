//===- device.cu - The device of a process, a thread and a stream ---------===//
///
/// \file
/// Applies common/device_select's choice: once per process it is decided,
/// once per host thread it is made current. Streams created for a device
/// are recorded here so that work queued on them can switch to it.
///
//===----------------------------------------------------------------------===//

#include "device.hpp"

#include "../common/device_select.hpp"
#include "../common/error.hpp"
#include "launch.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace hpprt {
namespace gpu {
namespace detail {
namespace {

using Stream = HPPRT_GPU(Stream_t);

std::once_flag chosen_once;
int chosen = -1; // written once under chosen_once
std::string chosen_reason;

void choose() {
  int count = 0;
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(GetDeviceCount)(&count);
  if (err != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    count = 0;
  }
  const DeviceChoice c = choose_device(std::getenv, count, HPPRT_GPU_NAME);
  if (!c.error.empty())
    fatal(c.error + (c.too_few_devices && err != HPPRT_GPU(Success)
                         ? " (" HPPRT_GPU_PREFIX "GetDeviceCount: " + error_text(err) + ")"
                         : std::string()));
  if (!c.warning.empty()) {
    std::fflush(stdout);
    std::fputs(("hpp: warning: " + c.warning + "\n").c_str(), stderr);
  }
  chosen = c.device;
  chosen_reason = c.reason;
  if (chosen >= 0 && std::getenv("HPP_DEVICE_VERBOSE"))
    std::fprintf(stderr, "hpp: using " HPPRT_GPU_NAME " device %d (%s)\n", chosen,
                 chosen_reason.c_str());
}

/// The device each thread made current at its first device call: where
/// its default-stream work runs.
thread_local bool thread_ready = false;
thread_local int thread_home = 0;

struct BoundStreams {
  std::mutex mutex;
  std::map<Stream, int> devices;
};
BoundStreams &bound() {
  static BoundStreams *b = new BoundStreams; // outlives static destructors
  return *b;
}
std::atomic<int> bound_count{0};

int current_device() {
  int device = 0;
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(GetDevice)(&device);
  if (err != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    throw Error("hpp: " HPPRT_GPU_PREFIX "GetDevice: " + error_text(err));
  }
  return device;
}

void set_device(int device, const char *why) {
  const HPPRT_GPU(Error_t) err = HPPRT_GPU(SetDevice)(device);
  if (err != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    throw Error(std::string("hpp: ") + why + ": " HPPRT_GPU_PREFIX "SetDevice(" +
                std::to_string(device) + "): " + error_text(err));
  }
}

} // namespace

void use_chosen_device() {
  if (thread_ready)
    return;
  std::call_once(chosen_once, choose);
  thread_ready = true;
  if (chosen >= 0) {
    const HPPRT_GPU(Error_t) err = HPPRT_GPU(SetDevice)(chosen);
    if (err != HPPRT_GPU(Success))
      fatal("cannot use " HPPRT_GPU_NAME " device " + std::to_string(chosen) + " (" +
            chosen_reason + "): " + error_text(err));
    thread_home = chosen;
    return;
  }
  int device = 0;
  if (HPPRT_GPU(GetDevice)(&device) != HPPRT_GPU(Success))
    (void)HPPRT_GPU(GetLastError)();
  thread_home = device;
}

int home_device() {
  use_chosen_device();
  return thread_home;
}

bool any_bound_streams() { return bound_count.load(std::memory_order_relaxed) != 0; }

int bound_device(Stream stream) {
  if (!any_bound_streams())
    return -1;
  BoundStreams &b = bound();
  std::lock_guard<std::mutex> lock(b.mutex);
  auto it = b.devices.find(stream);
  return it == b.devices.end() ? -1 : it->second;
}

int device_of(Stream stream) {
  const int d = bound_device(stream);
  return d >= 0 ? d : home_device();
}

Stream create_bound_stream(int device) {
  use_chosen_device();
  int count = 0;
  HPPRT_GPU(Error_t) err = HPPRT_GPU(GetDeviceCount)(&count);
  if (err != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    count = 0;
  }
  if (device < 0 || device >= count)
    throw Error("hpp: hpp::Stream(hpp::Device(" + std::to_string(device) +
                ")): no such device (" + std::to_string(count) + " " HPPRT_GPU_NAME
                " device" + (count == 1 ? "" : "s") + " visible)");
  // A stream belongs to the device current when it is created.
  const int previous = current_device();
  if (previous != device)
    set_device(device, "hpp::Stream for a device");
  Stream stream = nullptr;
  err = HPPRT_GPU(StreamCreate)(&stream);
  if (previous != device)
    (void)HPPRT_GPU(SetDevice)(previous);
  if (err != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    throw Error("hpp: hpp::Stream: " HPPRT_GPU_PREFIX "StreamCreate on device " +
                std::to_string(device) + ": " + error_text(err));
  }
  BoundStreams &b = bound();
  std::lock_guard<std::mutex> lock(b.mutex);
  b.devices[stream] = device;
  bound_count.fetch_add(1, std::memory_order_relaxed);
  return stream;
}

void forget_bound_stream(Stream stream) {
  if (!any_bound_streams())
    return;
  BoundStreams &b = bound();
  std::lock_guard<std::mutex> lock(b.mutex);
  if (b.devices.erase(stream))
    bound_count.fetch_sub(1, std::memory_order_relaxed);
}

std::vector<Stream> bound_streams() {
  std::vector<Stream> out;
  if (!any_bound_streams())
    return out;
  BoundStreams &b = bound();
  std::lock_guard<std::mutex> lock(b.mutex);
  for (const auto &entry : b.devices)
    out.push_back(entry.first);
  return out;
}

void DeviceSwitch::enter(Stream stream) {
  use_chosen_device();
  const int device = bound_device(stream);
  if (device < 0)
    return;
  const int current = current_device();
  if (current == device)
    return;
  set_device(device, "switching to a stream's device");
  if (previous_ < 0)
    previous_ = current;
}

DeviceSwitch::~DeviceSwitch() {
  if (previous_ >= 0 && HPPRT_GPU(SetDevice)(previous_) != HPPRT_GPU(Success))
    (void)HPPRT_GPU(GetLastError)();
}

} // namespace detail
} // namespace gpu
} // namespace hpprt
