//===- device_select.cpp - Which device a process uses --------------------===//
#include "device_select.hpp"

#include <cerrno>
#include <climits>
#include <cstdlib>

namespace hpprt {
namespace {

/// A non-negative decimal number, whole (no sign, no trailing text), or -1:
/// "1x" or "-1" must not silently become a device number.
long parse_index(const char *text) {
  if (!text || *text < '0' || *text > '9')
    return -1;
  errno = 0;
  char *end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (errno != 0 || *end != '\0' || v > INT_MAX)
    return -1;
  return v;
}

std::string devices_text(int count, const char *backend) {
  if (count == 0)
    return std::string("no ") + backend + " device is visible";
  std::string s = std::to_string(count) + " " + backend + " device" +
                  (count == 1 ? "" : "s") + " (0";
  if (count > 1)
    s += "-" + std::to_string(count - 1);
  return s + ") visible";
}

// The launchers' names for the node-local rank, and for the number of
// ranks on the node, in the order they are trusted.
struct LauncherVars {
  const char *rank, *size;
};
constexpr LauncherVars kLaunchers[] = {
    {"OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_SIZE"}, // Open MPI
    {"MPI_LOCALRANKID", "MPI_LOCALNRANKS"},                       // MPICH
    {"SLURM_LOCALID", nullptr},                                   // srun
};

} // namespace

DeviceChoice choose_device(const EnvLookup &env, int device_count,
                           const char *backend) {
  DeviceChoice c;
  if (const char *text = env("HPP_DEVICE")) {
    const long d = parse_index(text);
    c.reason = "HPP_DEVICE";
    if (d < 0)
      c.error = std::string("HPP_DEVICE='") + text +
                "' is not a device number (expected 0, 1, ...)";
    else if (d >= device_count) {
      c.error = "HPP_DEVICE=" + std::to_string(d) + " but " +
                devices_text(device_count, backend);
      c.too_few_devices = true;
    }
    else
      c.device = static_cast<int>(d);
    return c;
  }

  const char *by = env("HPP_MAP_DEVICE_BY");
  const std::string mapping = by ? by : "local_rank";
  if (mapping == "none")
    return c;
  if (mapping != "local_rank") {
    c.error = "HPP_MAP_DEVICE_BY='" + mapping +
              "' is not a mapping (expected local_rank or none)";
    return c;
  }

  for (const LauncherVars &l : kLaunchers) {
    const char *text = env(l.rank);
    if (!text)
      continue;
    const long rank = parse_index(text);
    if (rank < 0) {
      c.error = std::string(l.rank) + "='" + text +
                "' is not a local rank; set HPP_DEVICE or HPP_MAP_DEVICE_BY=none";
      return c;
    }
    c.reason = "local rank " + std::to_string(rank) + " (" + l.rank + ")";
    if (device_count <= 0) {
      c.error = c.reason + " needs a device but " + devices_text(0, backend);
      c.too_few_devices = true;
      return c;
    }
    c.device = static_cast<int>(rank % device_count);
    // One warning per node: local rank 0 says it when the launcher tells
    // the node's rank count, otherwise each rank that shares does.
    const long size = l.size ? parse_index(env(l.size)) : -1;
    const bool shares = size >= 0 ? size > device_count : rank >= device_count;
    const bool speaks = size >= 0 ? rank == 0 : shares;
    if (shares && speaks)
      c.warning = "more ranks per node than devices: " +
                  (size >= 0 ? std::to_string(size) + " ranks"
                             : "local rank " + std::to_string(rank)) +
                  " on " + devices_text(device_count, backend) +
                  "; ranks share devices (rank r uses device r % " +
                  std::to_string(device_count) + ")";
    return c;
  }
  if (by)
    c.warning = "HPP_MAP_DEVICE_BY=local_rank but no launcher set a local rank "
                "(OMPI_COMM_WORLD_LOCAL_RANK, MPI_LOCALRANKID, SLURM_LOCALID); "
                "keeping the current device";
  return c;
}

} // namespace hpprt
