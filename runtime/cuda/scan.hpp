//===- scan.hpp - Single-pass device-wide scans -----------------*- C++ -*-===//
/// \file
/// Scans of flat loops with reduction(inscan, op: v), in one launch with
/// decoupled look-back (Merrill & Garland). Each block takes a tile id from
/// an atomic counter (so a tile only ever waits on tiles that already
/// started), publishes its aggregate, looks back over its predecessors'
/// status words with one warp (32 tiles at a time) until it meets an
/// inclusive prefix, then publishes its own inclusive prefix.
///
/// A status word packs flag and value so that one 8-byte (T of 4 bytes or
/// less) or 16-byte (T of 8 bytes) load sees a consistent pair; the flag
/// says whether the value is the tile's aggregate or its inclusive prefix.
///
/// Integer scans are exact. Floating-point scans are deterministic within a
/// tile but the look-back combines earlier tiles in a timing-dependent
/// grouping, so their last bits may vary from run to run.
//===----------------------------------------------------------------------===//
#pragma once

#include "reduce.hpp"

#include <cstring>
#include <type_traits>

namespace hpprt {
namespace cuda {

namespace detail {

enum : unsigned { kTileInvalid = 0, kTilePartial = 1, kTileInclusive = 2 };

template <class T, bool Wide = (sizeof(T) > 4)> struct TileWord;
template <class T> struct alignas(8) TileWord<T, false> {
  unsigned status;
  T value;
};
template <class T> struct alignas(16) TileWord<T, true> {
  unsigned long long status;
  T value;
};

#ifdef __CUDACC__
template <class T>
__device__ void store_tile(TileWord<T> *p, unsigned status, const T &v) {
  TileWord<T> w;
  memset(&w, 0, sizeof(w));
  w.status = status;
  w.value = v;
  if constexpr (sizeof(TileWord<T>) == 8) {
    unsigned long long bits;
    memcpy(&bits, &w, 8);
    __stcg(reinterpret_cast<unsigned long long *>(p), bits);
  } else {
    ulonglong2 bits;
    memcpy(&bits, &w, 16);
    __stcg(reinterpret_cast<ulonglong2 *>(p), bits);
  }
}
template <class T> __device__ TileWord<T> load_tile(const TileWord<T> *p) {
  TileWord<T> w;
  if constexpr (sizeof(TileWord<T>) == 8) {
    const unsigned long long bits =
        __ldcg(reinterpret_cast<const unsigned long long *>(p));
    memcpy(&w, &bits, 8);
  } else {
    const ulonglong2 bits = __ldcg(reinterpret_cast<const ulonglong2 *>(p));
    memcpy(&w, &bits, 16);
  }
  return w;
}
#endif

} // namespace detail

/// What the kernel captures of a Scan.
template <class Op, class T> struct DeviceScan {
  unsigned *tile_counter;
  detail::TileWord<T> *tiles;
  T *total; ///< mapped pinned host memory
  T initial;
};

/// reduction(inscan, op: v) of a flat loop. result() is initial ⊕ all.
template <class Op, class T> class Scan : public detail::ResultBase {
  static_assert(std::is_trivially_copyable<T>::value && sizeof(T) <= 8,
                "hpp: CUDA scans support trivially copyable types of at most "
                "8 bytes");

public:
  Scan(Launch &cfg, const T &initial)
      : ResultBase(cfg, detail::PoolKind::Scan, sizeof(detail::TileWord<T>),
                   tiles_for(cfg.iterations), sizeof(T)),
        initial_(initial) {
    std::memcpy(host_slot(), &initial_, sizeof(T));
  }

  DeviceScan<Op, T> device() const {
    return {counter(), reinterpret_cast<detail::TileWord<T> *>(partials()),
            reinterpret_cast<T *>(device_slot()), initial_};
  }

  /// Blocks until the launch is done; the total, initial value included.
  T result() {
    wait();
    T r;
    std::memcpy(&r, host_slot(), sizeof(T));
    return r;
  }

private:
  static unsigned tiles_for(index_t n) {
    const index_t tile = static_cast<index_t>(scan_block) * scan_items;
    const index_t t = n > 0 ? (n + tile - 1) / tile : 1;
    return static_cast<unsigned>(t);
  }
  T initial_;
};

#ifdef __CUDACC__
/// This block's tile (dynamic, in start order). Called once per block by all
/// its threads.
template <class Op, class T>
__device__ index_t scan_tile(const DeviceScan<Op, T> &s) {
  __shared__ unsigned tile;
  if (threadIdx.x == 0 && threadIdx.y == 0)
    tile = atomicAdd(s.tile_counter, 1u);
  __syncthreads();
  const index_t t = tile;
  __syncthreads();
  return t;
}

/// The exclusive prefix (initial value included) of the calling thread's
/// items: block-wide exclusive scan of the threads' aggregates in thread
/// order, plus the tile's prefix found by look-back. All threads call it.
template <class Op, class T>
__device__ T scan_exclusive_prefix(const DeviceScan<Op, T> &s, index_t tile,
                                   T agg) {
  __shared__ T warp_total[32];
  __shared__ T tile_prefix;
  const unsigned tid = detail::linear_tid();
  const unsigned lane = tid & 31u;
  const unsigned warp = tid / 32u;
  const unsigned lanes = detail::warp_lanes();
  const unsigned mask = detail::lanes_mask(lanes);
  const T id = Op::template identity<T>();

  // Inclusive scan over the warp, earlier lanes on the left of each join.
  T incl = agg;
  for (unsigned d = 1; d < 32; d *= 2) {
    T o = detail::shfl_up(mask, incl, d);
    if (lane >= d) {
      Op::join(o, incl);
      incl = o;
    }
  }
  T excl = detail::shfl_up(mask, incl, 1);
  if (lane == 0)
    excl = id;
  if (lane == lanes - 1)
    warp_total[warp] = incl;
  __syncthreads();
  const unsigned warps = (detail::block_threads() + 31u) / 32u;
  T before = id; // warps before this one
  T block_agg = id;
  for (unsigned w = 0; w < warps; ++w) {
    if (w == warp)
      before = block_agg;
    Op::join(block_agg, warp_total[w]);
  }

  if (warp == 0) {
    T prefix = s.initial;
    if (tile == 0) {
      if (lane == 0) {
        T inc = s.initial;
        Op::join(inc, block_agg);
        detail::store_tile(s.tiles, detail::kTileInclusive, inc);
      }
    } else {
      if (lane == 0)
        detail::store_tile(s.tiles + tile, detail::kTilePartial, block_agg);
      T running = id; // combined aggregates of the tiles seen so far
      index_t base = tile - 1;
      for (;;) {
        const index_t j = base - static_cast<index_t>(lane);
        detail::TileWord<T> w;
        w.status = detail::kTilePartial;
        w.value = id;
        do {
          if (j >= 0)
            w = detail::load_tile(s.tiles + j);
        } while (__any_sync(0xffffffffu,
                            j >= 0 && w.status == detail::kTileInvalid));
        const unsigned inclusive = __ballot_sync(
            0xffffffffu, j >= 0 && w.status == detail::kTileInclusive);
        const int stop = inclusive ? __ffs(inclusive) - 1 : 31;
        // Window value: farthest tile first (lane stop), nearest last (lane 0).
        T win = detail::shfl(0xffffffffu, w.value, stop);
        for (int k = stop - 1; k >= 0; --k) {
          const T o = detail::shfl(0xffffffffu, w.value, k);
          Op::join(win, o);
        }
        Op::join(win, running);
        running = win;
        if (inclusive)
          break;
        base -= 32;
      }
      prefix = running;
      if (lane == 0) {
        T inc = prefix;
        Op::join(inc, block_agg);
        detail::store_tile(s.tiles + tile, detail::kTileInclusive, inc);
      }
    }
    if (lane == 0)
      tile_prefix = prefix;
  }
  __syncthreads();
  T r = tile_prefix;
  Op::join(r, before);
  Op::join(r, excl);
  __syncthreads();
  return r;
}

/// Called by the thread holding the last iteration with its final value.
template <class Op, class T>
__device__ void scan_store_total(const DeviceScan<Op, T> &s, const T &value) {
  *s.total = value;
  __threadfence_system();
}
#endif // __CUDACC__

} // namespace cuda
} // namespace hpprt
