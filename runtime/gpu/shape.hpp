//===- shape.hpp - A region's block and occupancy on a device ---*- C++ -*-===//
/// \file
/// Internal to the GPU runtime (launch.cu, autotune.cu): what launch
/// planning derives from a kernel's attributes and the occupancy API, and
/// the request it depends on.
//===----------------------------------------------------------------------===//
#pragma once

#include "../common/tune.hpp"
#include "launch.hpp"

#include <algorithm>
#include <cstddef>

namespace hpprt {
namespace gpu {
namespace detail {

/// What plan_launch derives from the kernel's attributes and the occupancy
/// API. It depends only on the key below (every validation that can fail is
/// a function of the key too), so a region launched again with the same
/// shape reuses it: one map lookup instead of cudaFuncGetAttributes or
/// hipFuncGetAttributes and one or two occupancy queries. Only successful
/// plans are stored, so a launch that fails validation fails again, with its
/// message, every time.
struct Shape {
  dim3 block{1, 1, 1};
  std::size_t shared_bytes = 0;
  int per_sm = 0; ///< resident blocks per multiprocessor
  HPPRT_GPU(FuncAttributes) attr{};
};

struct ShapeKey {
  const void *kernel;
  int device;
  RegionKind kind;
  int team_size, vector_length;
  bool nested_vector;
  int auto_vector; ///< auto_vector_length() of the launch, 0 = a warp
  std::size_t scratch[4]; ///< rounded team0, thread0, team1, thread1
  int tile_band, tile_width; ///< given_tile() of the launch

  bool operator==(const ShapeKey &o) const {
    return kernel == o.kernel && device == o.device && kind == o.kind &&
           team_size == o.team_size && vector_length == o.vector_length &&
           nested_vector == o.nested_vector && auto_vector == o.auto_vector &&
           std::equal(scratch, scratch + 4, o.scratch) && tile_band == o.tile_band &&
           tile_width == o.tile_width;
  }
};

/// The tiles a `tile(...)` clause asks of cfg (Launch::tile_band and
/// tile_width, their zeros filled in: rows to make flat_block threads, a
/// warp-wide strip) where they apply: a flat loop over collapsed loops
/// without results, tiles not turned off by HPP_COLLAPSE_TILES. {0, 0}
/// elsewhere. fail()s on a negative size (hppc checks constant sizes; a
/// template's reach the runtime).
struct TileShape {
  int band = 0, width = 0;
};
TileShape given_tile(const Launch &cfg, int warp);

/// The vector length an AUTO team of cfg gets from its vector loops' trip
/// counts (vector_for_trips), or 0 when they do not decide it (a warp).
int auto_vector_length(const Launch &cfg, int warp);

/// Whether cfg, a flat loop over collapsed loops without results, may run
/// as tiles of rows in blocks of `threads` (tile_collapsed), unless
/// HPP_COLLAPSE_TILES=off.
bool may_tile(const Launch &cfg, int threads, int warp);

/// Whether tiles are cfg's mapping before any tuning: where its rows share
/// reads (hppc's analysis), or everywhere under HPP_COLLAPSE_TILES=always;
/// may_tile() still decides whether they can run.
bool tiles_by_default(const Launch &cfg);

/// The block, shared memory and occupancy of a launch of kernel with cfg's
/// shape, or with the block of `given` (a tuning candidate) in place of
/// cfg's sizes; fail()s with the reason when the shape cannot run.
Shape compute_shape(Launch &cfg, const void *kernel,
                    const dialect::DeviceLimits &prop,
                    const std::size_t (&scratch)[4],
                    const tune::Candidate *given = nullptr);

} // namespace detail
} // namespace gpu
} // namespace hpprt
