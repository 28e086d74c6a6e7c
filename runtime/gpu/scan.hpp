//===- scan.hpp - Single-pass device-wide scans -----------------*- C++ -*-===//
/// \file
/// Scans of flat loops with reduction(inscan, op: v), in one launch with
/// decoupled look-back (Merrill & Garland). Each block takes a tile (its
/// index on NVIDIA GPUs, which start blocks in index order, the next id of
/// an atomic counter on AMD ones: either way a tile only ever waits on
/// tiles that already started; scan_tiles_by_block), publishes its
/// aggregate, looks back over its predecessors' status words with one warp
/// (32 tiles at a time) until it meets an inclusive prefix, then publishes
/// its own inclusive prefix.
///
/// Items are warp-striped: a tile is scan_block * scan_items iterations;
/// warp w owns scan_items * 32 consecutive ones, and round k of the warp
/// covers 32 consecutive iterations, one per lane (scan_item()), so every
/// load and store of the generated loops is coalesced. The generated code
/// computes each item's contribution once (pass 1), calls scan_prefixes()
/// and then runs only the scan phase (pass 2) from registers.
///
/// A status word packs flag and value so that one 8-byte (T of 4 bytes or
/// less) or 16-byte (T of 8 bytes) load sees a consistent pair; the flag
/// says whether the value is the tile's aggregate or its inclusive prefix.
/// The status also carries the scan's epoch (status = epoch << 2 | flag),
/// and a word of another epoch reads as not yet published: the runtime
/// gives every scan on a buffer a new epoch instead of clearing the
/// states before each launch (a memset was a second operation per scan,
/// most of the gap to CUB at 2^20 items). The tile counter is reset by the
/// block that takes the last tile; the pool (pool_scan_epoch) clears a
/// buffer when the word size changes or the epochs wrap.
///
/// scan_prefixes() moves a warp's items through shared memory so that each
/// lane combines scan_items consecutive ones serially, then scans the
/// lanes' aggregates with shuffles and the warps' with one barrier. A
/// 64-lane wavefront goes through the exchange in two halves, so that its
/// shared memory leaves an AMD compute unit more than one block.
///
/// Determinism: integer scans are exact, so every run gives the same
/// results. For floating types the combine order inside a tile is fixed
/// (serial within a lane's consecutive items, a shuffle tree over the
/// lanes, warps in order), but the look-back combines earlier tiles' aggregates in a
/// grouping that depends on timing, so the prefixes of tiles after the
/// first, and the total, may differ in their last bits from run to run (a
/// scan of at most one tile is deterministic). Either way the grouping is
/// not the sequential left-to-right one, so rounding differs from a serial
/// loop.
//===----------------------------------------------------------------------===//
#pragma once

#include "reduce.hpp"

#include <cstring>
#include <type_traits>

namespace hpprt {
namespace gpu {

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

#ifdef HPPRT_GPU_COMPILE
/// A status of this epoch: the flag, or kTileInvalid for another epoch's.
template <class S> __device__ inline unsigned tile_flag(S status, unsigned epoch) {
  return static_cast<unsigned>(status >> 2) == epoch ? static_cast<unsigned>(status & 3u)
                                                     : kTileInvalid;
}

template <class T>
__device__ void store_tile(TileWord<T> *p, unsigned epoch, unsigned flag, const T &v) {
  TileWord<T> w;
  memset(&w, 0, sizeof(w));
  w.status = static_cast<decltype(w.status)>(epoch) << 2 | flag;
  w.value = v;
  if constexpr (sizeof(TileWord<T>) == 8) {
    unsigned long long bits;
    memcpy(&bits, &w, 8);
    warp::store_coherent(reinterpret_cast<unsigned long long *>(p), bits);
  } else {
    warp::Bits128 bits;
    memcpy(&bits, &w, 16);
    warp::store_coherent(reinterpret_cast<warp::Bits128 *>(p), bits);
  }
}
template <class T> __device__ TileWord<T> load_tile(const TileWord<T> *p) {
  TileWord<T> w;
  if constexpr (sizeof(TileWord<T>) == 8) {
    const unsigned long long bits =
        warp::load_coherent(reinterpret_cast<const unsigned long long *>(p));
    memcpy(&w, &bits, 8);
  } else {
    const warp::Bits128 bits =
        warp::load_coherent(reinterpret_cast<const warp::Bits128 *>(p));
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
  /// The loop's iterations: the thread holding the last one stores total.
  index_t n;
  /// Tags this scan's tile states; 0 (all states zero) when the states
  /// are cleared before each launch, as a benchmark may do.
  unsigned epoch;
};

/// reduction(inscan, op: v) of a flat loop. result() is initial ⊕ all.
template <class Op, class T> class Scan : public detail::ResultBase {
  static_assert(std::is_trivially_copyable<T>::value && sizeof(T) <= 8,
                "hpp: " HPPRT_GPU_NAME " scans support trivially copyable types of at most "
                "8 bytes");

public:
  Scan(Launch &cfg, const T &initial)
      : ResultBase(cfg, detail::PoolKind::Scan, sizeof(detail::TileWord<T>),
                   tiles_for(cfg.iterations), sizeof(T)),
        initial_(initial), iterations_(cfg.iterations) {
    std::memcpy(host_slot(), &initial_, sizeof(T));
  }

  DeviceScan<Op, T> device() const {
    return {counter(), reinterpret_cast<detail::TileWord<T> *>(partials()),
            reinterpret_cast<T *>(device_slot()), initial_, iterations_, scan_epoch()};
  }

  /// Blocks until the launch is done; the total, initial value included.
  T result() {
    wait();
    T r;
    std::memcpy(&r, host_slot(), sizeof(T));
    return r;
  }

  /// `nowait`: target receives result() at the stream's fence.
  void result_at_fence(T &target) {
    deliver_at_fence([&target](const char *slot) { std::memcpy(&target, slot, sizeof(T)); });
  }

private:
  static unsigned tiles_for(index_t n) {
    const index_t tile = static_cast<index_t>(scan_block) * scan_items;
    const index_t t = n > 0 ? (n + tile - 1) / tile : 1;
    return static_cast<unsigned>(t);
  }
  T initial_;
  index_t iterations_;
};

#ifdef HPPRT_GPU_COMPILE
/// Whether a scan's blocks take their tiles in block index order (true)
/// or from an atomic counter in the order they start. NVIDIA GPUs start a
/// grid's blocks in index order, so every tile's predecessors have started
/// before it and its look-back never waits on a block that cannot run;
/// cub::DeviceScan relies on the same. The counter was a fixed cost of
/// about 6 us a scan on an H200 (2^23 items: 0.87-0.93 of CUB with it,
/// 1.00-1.07 by index; benchmarks/cuda/scan_shape `orders`). AMD GPUs
/// promise no such order: there the counter stays, as rocPRIM keeps its
/// ordered block ids. A compile-time choice: a run-time flag read in
/// scan_tile made nvcc copy the kernel's scan handle to the stack, which
/// cost the 2^28 scans 12%.
#ifdef HPPRT_GPU_AMD_WAVEFRONTS
constexpr bool scan_tiles_by_block = false;
#else
constexpr bool scan_tiles_by_block = true;
#endif

namespace detail {
/// The next tile of s's counter, in the order blocks start. Called once per
/// block by all its threads.
template <class Op, class T>
__device__ index_t counter_tile(const DeviceScan<Op, T> &s) {
  __shared__ unsigned tile;
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    tile = atomicAdd(s.tile_counter, 1u);
    // Every block takes one tile, so the last one taken is the counter's
    // last use in this launch: zero again for the next scan on the buffer.
    if (tile == gridDim.x - 1)
      atomicExch(s.tile_counter, 0u);
  }
  __syncthreads();
  const index_t t = tile;
  __syncthreads();
  return t;
}
} // namespace detail

/// This block's tile: its index, or the next tile of the counter in the
/// order blocks start (scan_tiles_by_block). Called once per block by all
/// its threads.
template <class Op, class T>
__device__ index_t scan_tile(const DeviceScan<Op, T> &s) {
  if constexpr (scan_tiles_by_block)
    return static_cast<index_t>(blockIdx.x);
  else
    return detail::counter_tile(s);
}

namespace detail {

/// How a tile's look-back waits for its predecessors (0: it does not).
/// StartNs: after publishing its aggregate, before the first look (the
/// nearest predecessors are usually about to publish). PollNs: between
/// looks that found a predecessor not yet published. Spinning without
/// a pause sends every waiting warp's loads to L2, where they compete with
/// the tiles' own data; grids too small to fill the device do not wait.
template <unsigned StartNs, unsigned PollNs> struct LookbackWait {
  static constexpr unsigned start_ns = StartNs, poll_ns = PollNs;
};
/// Measured on an H100 at 2^20 to 2^28 items (benchmarks/cuda/scan_shape):
/// without waits the scan ran at 0.89-0.96x cub::DeviceScan at 2^28, with
/// these 1.02-1.05x; shorter waits were 1-3% slower, longer polls too.
using DefaultLookbackWait = LookbackWait<1500, 400>;

template <class Wait> __device__ inline bool lookback_naps() {
  return (Wait::start_ns || Wait::poll_ns) && gridDim.x >= 500;
}

/// Run by the 32 lanes of one warp: publishes the tile's aggregate, looks
/// back to the nearest inclusive prefix, publishes the tile's inclusive
/// prefix and returns (in every lane) the tile's exclusive prefix, the
/// initial value included.
template <class Wait = DefaultLookbackWait, class Op, class T>
__device__ T tile_lookback(const DeviceScan<Op, T> &s, index_t tile,
                           const T &block_agg, unsigned lane) {
  if (tile == 0) {
    if (lane == 0) {
      T inc = s.initial;
      Op::join(inc, block_agg);
      store_tile(s.tiles, s.epoch, kTileInclusive, inc);
    }
    return s.initial;
  }
  const T id = Op::template identity<T>();
  if (lane == 0)
    store_tile(s.tiles + tile, s.epoch, kTilePartial, block_agg);
  const bool naps = lookback_naps<Wait>();
  if (Wait::start_ns && naps)
    warp::nap<Wait::start_ns>();
  T running = id; // combined aggregates of the tiles seen so far
  index_t base = tile - 1;
  for (;;) {
    const index_t j = base - static_cast<index_t>(lane);
    TileWord<T> w;
    w.value = id;
    unsigned flag = kTilePartial;
    for (;;) {
      if (j >= 0) {
        w = load_tile(s.tiles + j);
        flag = tile_flag(w.status, s.epoch);
      }
      if (!warp::any(warp::full_mask, j >= 0 && flag == kTileInvalid))
        break;
      if (Wait::poll_ns && naps)
        warp::nap<Wait::poll_ns>();
    }
    const warp::mask_t inclusive =
        warp::ballot(warp::full_mask, j >= 0 && flag == kTileInclusive);
    const int stop = inclusive ? warp::first_lane_plus_one(inclusive) - 1
                               : static_cast<int>(warp::size) - 1;
    // Window value: farthest tile first (lane stop), nearest last (lane 0).
    T win = shfl(warp::full_mask, w.value, stop);
    for (int k = stop - 1; k >= 0; --k) {
      const T o = shfl(warp::full_mask, w.value, k);
      Op::join(win, o);
    }
    Op::join(win, running);
    running = win;
    if (inclusive)
      break;
    base -= warp::size;
  }
  if (lane == 0) {
    T inc = running;
    Op::join(inc, block_agg);
    store_tile(s.tiles + tile, s.epoch, kTileInclusive, inc);
  }
  return running;
}

/// scan_item() and scan_prefixes() for K items per thread (the public
/// functions use K = scan_items; other K let a benchmark compare tile
/// sizes, with a grid of ceil(n / (scan_block * K)) tiles).
template <int K, int Block = scan_block>
__device__ inline index_t scan_item_k(index_t tile, int k) {
  constexpr int size = static_cast<int>(warp::size);
  const int w = static_cast<int>(threadIdx.x) / size;
  const int l = static_cast<int>(threadIdx.x) % size;
  return tile * (static_cast<index_t>(Block) * K) +
         static_cast<index_t>((w * K + k) * size + l);
}

/// Combines the warps' totals into the tile's aggregate, runs the look-back
/// in warp 0 and returns, in every thread, the prefix of the calling warp's
/// items: initial value, earlier tiles, earlier warps of this tile.
template <int Block, class Wait, class Op, class T>
__device__ T warp_prefix(const DeviceScan<Op, T> &s, index_t tile,
                         const T &warp_agg) {
  constexpr int warps = Block / static_cast<int>(warp::size);
  __shared__ T warp_total[warps];
  __shared__ T tile_prefix;
  const unsigned lane = threadIdx.x % warp::size;
  const unsigned warp_id = threadIdx.x / warp::size;
  const T id = Op::template identity<T>();
  if (lane == 0)
    warp_total[warp_id] = warp_agg;
  __syncthreads();
  T before_warp = id; // the tile's warps before this one
  T block_agg = id;
#pragma unroll
  for (int w = 0; w < warps; ++w) {
    if (w == static_cast<int>(warp_id))
      before_warp = block_agg;
    Op::join(block_agg, warp_total[w]);
  }
  if (warp_id == 0) {
    const T prefix = tile_lookback<Wait>(s, tile, block_agg, lane);
    if (lane == 0)
      tile_prefix = prefix;
  }
  __syncthreads();
  T p = tile_prefix;
  Op::join(p, before_warp);
  __syncthreads(); // warp_total and tile_prefix may be reused
  return p;
}

/// The shared memory of scan_prefixes_k's transpose, one buffer for every
/// value type (at most 8 bytes) of a block shape: a loop with several
/// inscan variables of different types scans them one after the other,
/// and a buffer per type (35 KB each for 8-byte types at 256 x 16) would
/// pass the 48 KB of static shared memory a kernel may have.
/// A lane's K consecutive items in the exchange, padded to an odd number of
/// words so that the lanes' rows start in different banks.
constexpr int exchange_row(int K) { return K % 2 == 0 ? K + 1 : K; }

/// The lanes of a warp whose rows are in the exchange at once: a whole
/// NVIDIA warp; a 64-lane wavefront goes through in two halves. A block's
/// buffer is Block / warp::size * Lanes rows: 256 x 17 words (34 KB) for
/// 8 warps of 32, half that for 4 wavefronts of 64, where the whole
/// wavefront's rows would leave a 64 KB compute unit one block of 256
/// threads (one wave per SIMD); half of it leaves three.
constexpr unsigned exchange_lanes = warp::size < 32 ? warp::size : 32;

template <int Block, int K, unsigned Lanes = exchange_lanes>
__device__ inline unsigned long long *exchange_buffer() {
  __shared__ unsigned long long buf[(Block / warp::size) * Lanes * exchange_row(K)];
  return buf;
}

/// Shared-memory transpose: the warp's 32 * K items go through shared
/// memory so that each lane scans K consecutive items serially; one shuffle
/// scan of the lanes' totals per warp (instead of one per round of 32
/// items) keeps the shuffle unit and the tile's critical path short: 2^28
/// int64 on an H200 ran at 0.75x CUB this way, 0.40-0.54x with a shuffle
/// scan per round. Rows are
/// padded to an odd number of 8-byte words: no bank conflicts either way.
/// A warp of more than Lanes lanes goes through the exchange in parts of
/// Lanes lanes (the rounds K / parts * p onwards hold part p's items),
/// twice: once for the lanes' totals, once for their prefixes.
template <int K, bool Inclusive = false, int Block = scan_block,
          class Wait = DefaultLookbackWait, unsigned Lanes = exchange_lanes, class Op,
          class T>
__device__ void scan_prefixes_k(const DeviceScan<Op, T> &s, index_t tile,
                                const T (&contrib)[K], T (&excl)[K]) {
  static_assert(Block % warp::size == 0, "scan blocks are whole warps");
  constexpr int parts = static_cast<int>(warp::size / Lanes);
  static_assert(parts * Lanes == warp::size && K % parts == 0,
                "the exchange's parts split the warp's lanes and rounds evenly");
  constexpr int rounds = K / parts; // of the warp's K rounds, per part
  constexpr int row = exchange_row(K); // lane l's items at (l % Lanes) * row
  const unsigned lane = threadIdx.x % warp::size;
  const unsigned warp_id = threadIdx.x / warp::size;
  const int part = static_cast<int>(lane / Lanes);
  T *mine = reinterpret_cast<T *>(exchange_buffer<Block, K, Lanes>()) + warp_id * Lanes * row;
  // Warp-local item i = k * warp::size + lane is consecutive item i % K of lane
  // i / K, which is in part p when k is among p's rounds.
  auto put = [&](int p, const T(&from)[K]) {
#pragma unroll
    for (int k = p * rounds; k < (p + 1) * rounds; ++k) {
      const int i = k * static_cast<int>(warp::size) + static_cast<int>(lane);
      mine[(i / K - p * static_cast<int>(Lanes)) * row + i % K] = from[k];
    }
  };
  auto get = [&](int p, T(&to)[K]) {
#pragma unroll
    for (int k = p * rounds; k < (p + 1) * rounds; ++k) {
      const int i = k * static_cast<int>(warp::size) + static_cast<int>(lane);
      to[k] = mine[(i / K - p * static_cast<int>(Lanes)) * row + i % K];
    }
  };
  // The row that lane l of each part reads (its own in part l / Lanes).
  auto row_of_lane = [&] { return mine + (lane % Lanes) * row; };
  T lane_agg = Op::template identity<T>();
#pragma unroll
  for (int p = 0; p < parts; ++p) {
    put(p, contrib);
    warp::sync();
    const T *seq = row_of_lane();
    T agg = seq[0];
#pragma unroll
    for (int j = 1; j < K; ++j)
      Op::join(agg, seq[j]);
    if (part == p)
      lane_agg = agg;
    if (parts > 1)
      warp::sync(); // the next part overwrites the rows
  }
  // Exclusive scan of the lanes' aggregates, earlier lanes on the left.
  T incl = lane_agg;
#pragma unroll
  for (unsigned d = 1; d < warp::size; d *= 2) {
    T o = shfl_up(warp::full_mask, incl, d);
    if (lane >= d) {
      Op::join(o, incl);
      incl = o;
    }
  }
  const T lane_before = shfl_up(warp::full_mask, incl, 1);
  const T warp_agg = shfl(warp::full_mask, incl, static_cast<int>(warp::size) - 1);
  T r = warp_prefix<Block, Wait>(s, tile, warp_agg);
  if (lane > 0)
    Op::join(r, lane_before);
  // The thread holding the loop's last item stores the total: that item's
  // inclusive prefix, joined in the order the item's own prefix is, so
  // that an inclusive scan's total equals its last element bit for bit
  // (the tile's look-back value groups floating-point sums differently).
  // Generated code keeps no total of its own (registers: docs).
  const index_t mine_first = tile * (static_cast<index_t>(Block) * K) +
                             static_cast<index_t>(warp_id * warp::size + lane) * K;
  const index_t last_at = s.n - 1 - mine_first;
  const int last_j = s.total && last_at >= 0 && last_at < K ? static_cast<int>(last_at) : -1;
  // Parts in reverse: the last one's items are still in the rows.
#pragma unroll
  for (int p = parts - 1; p >= 0; --p) {
    if (p < parts - 1) {
      put(p, contrib);
      warp::sync();
    }
    if (part == p) {
      T *seq = row_of_lane();
#pragma unroll
      for (int j = 0; j < K; ++j) {
        const T v = seq[j];
        if (Inclusive) {
          Op::join(r, v);
          seq[j] = r;
        } else {
          seq[j] = r;
          Op::join(r, v);
        }
        if (j == last_j) {
          *s.total = r;
          __threadfence_system();
        }
      }
    }
    warp::sync();
    get(p, excl);
    warp::sync(); // the next part, or the next scan, reuses the rows
  }
}

} // namespace detail

/// The iteration of the calling thread's k-th item of a tile (warp-striped:
/// round k of warp w covers 32 consecutive iterations, one per lane).
///
/// The result is hidden from the optimizer, so that the unrolled items'
/// user indices are computed each on its own. Seen from them, item k's
/// iteration is item 0's plus 32k; nvcc 13 (sm_90) then derived item 0's
/// address of `in[(long long)(i - lb)]`, for an `int i` from near
/// INT_MIN, from item 1's by adding (2^32 - 32) * 8 bytes: a zero- where a
/// sign-extended -32 was meant, an illegal address on the GPU where the
/// serial loop is correct (utils/difftest seed 2811, kernels 430 and 492;
/// exec/scan_index_extremes). Each item's index arithmetic costs a few
/// integer instructions more; the loads stay coalesced.
__device__ inline index_t scan_item(index_t tile, int k) {
  index_t iv = detail::scan_item_k<scan_items>(tile, k);
#if defined(__CUDA_ARCH__)
  asm("" : "+l"(iv));
#elif defined(__HIP_DEVICE_COMPILE__)
  asm("" : "+v"(iv));
#endif
  return iv;
}

/// Given this thread's per-item contributions (the identity for items past
/// the end), writes each item's exclusive prefix: the initial value, every
/// earlier tile and every earlier item of this tile in iteration order.
/// Every thread of the block calls it once per tile.
template <class Op, class T>
__device__ void scan_prefixes(const DeviceScan<Op, T> &s, index_t tile,
                              const T (&contrib)[scan_items],
                              T (&excl)[scan_items]) {
  detail::scan_prefixes_k<scan_items>(s, tile, contrib, excl);
}

/// The same, in place: \p items holds the contributions on entry (every
/// contribution is read before any prefix is written) and each item's
/// exclusive (or, with Inclusive, inclusive) prefix on return. One array
/// instead of two keeps a scan's items in registers.
template <bool Inclusive, class Op, class T>
__device__ void scan_prefixes_in_place(const DeviceScan<Op, T> &s, index_t tile,
                                       T (&items)[scan_items]) {
  detail::scan_prefixes_k<scan_items, Inclusive>(s, tile, items, items);
}

/// Called by every thread of every block at the end of a scan kernel whose
/// total the host reads (Scan::result()): the last block to get here sets
/// the total's ready word, so the host reads the total once every tile has
/// stored its items, not when the thread holding the last item stored the
/// total (other tiles may then still be running, or still fail). The count
/// of finished blocks is the word after the tile counter, zero between
/// launches: the last block resets it. Grids of more than scan_ready_tiles
/// blocks skip it (launch.hpp says why).
template <class Op, class T> __device__ void finish_scan(const DeviceScan<Op, T> &s) {
  if (gridDim.x > scan_ready_tiles)
    return;
  __syncthreads(); // the block's items are stored
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    __threadfence();
    unsigned *finished = s.tile_counter + 1;
    if (atomicAdd(finished, 1u) == gridDim.x - 1) {
      *finished = 0;
      __threadfence_system();
      detail::publish_ready(s.total);
    }
  }
}

#endif // HPPRT_GPU_COMPILE

} // namespace gpu
} // namespace hpprt
