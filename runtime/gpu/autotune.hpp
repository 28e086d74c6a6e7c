//===- autotune.hpp - HPP_TUNE=1 on CUDA and HIP ----------------*- C++ -*-===//
/// \file
/// Internal to the GPU runtime: plan_launch asks the tuner which shape an
/// AUTO region's launch runs, finish_launch tells it how the launch went.
/// The first launches of each region and size class run the candidates of
/// common/tune.hpp, timed by events recorded on the launch's stream around
/// the kernel; a time is read when it is ready (cudaEventQuery at a later
/// launch of the region, or at exit), never waited for, so tuning adds no
/// synchronisation to nowait and device-only regions. Without HPP_TUNE
/// plan_launch pays one test of a flag.
//===----------------------------------------------------------------------===//
#pragma once

#include "launch.hpp"
#include "shape.hpp"

namespace hpprt {
namespace gpu {
namespace detail {

/// Whether HPP_TUNE asks for tuning (read once).
bool tuning();

/// Replaces shape (the automatic one for key) by the one this launch of
/// cfg runs and sets per_sm_cap (0: none), tiles (on entry the automatic
/// mapping of a flat loop over collapsed loops: tiles of rows or not) and
/// ticket. Scans are not tuned.
void tune_plan(Launch &cfg, const void *kernel, const ShapeKey &key,
               const dialect::DeviceLimits &prop,
               const std::size_t (&scratch)[4], bool results, Shape &shape,
               int &per_sm_cap, bool &tiles, TuneTicket &ticket);

/// Records the start event of a timed launch on cfg.stream, just before
/// the kernel.
void tune_start(const Launch &cfg, TuneTicket &ticket);

/// After the kernel was launched (err: the launch's error): records the
/// stop event of a timed launch; when a candidate other than the automatic
/// shape failed to launch because its shape cannot run (shape_refused),
/// drops it, plans again and returns true. Other errors are left to the
/// caller to report.
bool tune_launched(Launch &cfg, Plan &plan, HPPRT_GPU(Error_t) err);

} // namespace detail
} // namespace gpu
} // namespace hpprt
