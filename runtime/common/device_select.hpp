//===- device_select.hpp - Which device a process uses ----------*- C++ -*-===//
/// \file
/// The decision, from the environment and the number of visible devices,
/// of the device a GPU process makes current before its first device call
/// (one device per MPI rank, as Kokkos maps devices by local rank).
/// Backend-neutral and free of GPU calls, so that it is tested on the CPU;
/// the GPU runtimes (runtime/gpu/device.cu) apply the choice.
///
/// Order: HPP_DEVICE=<n> names the device outright; otherwise, unless
/// HPP_MAP_DEVICE_BY=none, the node-local rank that the launcher exports
/// (OMPI_COMM_WORLD_LOCAL_RANK, MPI_LOCALRANKID, SLURM_LOCALID, the first
/// one set) picks device rank % count; a process no launcher started keeps
/// the device the GPU runtime makes current (CUDA_VISIBLE_DEVICES applies).
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <string>

namespace hpprt {

struct DeviceChoice {
  /// The device to make current; -1 leaves the current one.
  int device = -1;
  /// Why (for messages): "HPP_DEVICE", "local rank 1 (SLURM_LOCALID)", "".
  std::string reason;
  /// Printed once as "hpp: warning: ..." when not empty.
  std::string warning;
  /// Not empty when the program cannot run as asked: it stops with
  /// "hpp: error: ..." rather than use a device the user did not mean.
  std::string error;
  /// The error is that too few devices are visible (the caller can add why
  /// its device query failed).
  bool too_few_devices = false;
};

/// Reads a variable; null when it is not set (std::getenv's contract).
using EnvLookup = std::function<const char *(const char *)>;

/// The choice for a process that sees device_count devices of the backend
/// called backend ("CUDA", "HIP").
DeviceChoice choose_device(const EnvLookup &env, int device_count,
                           const char *backend);

} // namespace hpprt
