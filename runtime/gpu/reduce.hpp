//===- reduce.hpp - Reductions on CUDA and HIP ------------------*- C++ -*-===//
/// \file
/// Team-level collectives (vector / thread / team_vector allreduce, loc
/// variants, broadcasts) and device-wide reductions finished in the same
/// launch: each block puts one partial, the last block to arrive combines
/// them and writes the result into mapped pinned host memory, so a
/// reduction on a stream never needs a second kernel or a blocking copy.
///
/// Determinism: every combine runs in an order fixed by the block shape and
/// the grid (shuffle trees, warp partials in warp order, partials combined
/// in a fixed strided-then-tree order), never by timing; the same input,
/// device and configuration give the same bits. Loc reductions: the better
/// value wins, ties go to the lowest index (the highest with HighestOnTies).
///
/// Operators: the entry points take the operator as an object, defaulted for
/// the stateless built-in ones, so that a UserOp (reduction(user(...): v))
/// brings its reducer; the built-in paths are unchanged. Value types need
/// only be trivially copyable and default-constructible: shuffles move them
/// as 32-bit words, the grid combine reads them as words when their size and
/// alignment allow and as bytes otherwise. Operators are copied as objects
/// (into the kernel's captures, by value in device code), never as bytes, so
/// a reducer may hold Views; hppc checks that the device can copy it.
///
/// Shared memory: each collective instantiation (Op, T) owns a static
/// __shared__ array of 32 T (one per warp; raw storage when T has a
/// constructor, which __shared__ variables cannot run), plus one flag per finish_*
/// instantiation; these count as the kernel's static shared memory, which
/// launch() takes into account. Collectives end with a barrier, so they can
/// be called several times in a row; all threads of the block must call the
/// block-level ones (thread_*, team_vector_*, team_broadcast, finish_*).
//===----------------------------------------------------------------------===//
#pragma once

#include "../common/reduce_ops.hpp"
#include "launch.hpp"
#include "warp.hpp"


#include <cstring>
#include <functional>
#include <limits>
#include <type_traits>
#include <utility>

namespace hpprt {
namespace gpu {

template <class V, class I> struct LocPair {
  V val;
  I idx;
};

namespace detail {


#ifdef HPPRT_GPU_COMPILE
// Shuffles of any trivially copyable T, one 32-bit word at a time.
template <class T> struct Words {
  static constexpr int n = static_cast<int>((sizeof(T) + 3) / 4);
  unsigned w[n];
};
template <class T> __device__ Words<T> to_words(const T &v) {
  Words<T> r{};
  memcpy(r.w, &v, sizeof(T));
  return r;
}
template <class T> __device__ T from_words(const Words<T> &w) {
  T v;
  memcpy(&v, w.w, sizeof(T));
  return v;
}
template <class T>
__device__ T shfl_xor(warp::mask_t mask, const T &v, int lm, int width) {
  Words<T> w = to_words(v);
#pragma unroll
  for (int i = 0; i < Words<T>::n; ++i)
    w.w[i] = warp::shfl_xor(mask, w.w[i], lm, width);
  return from_words<T>(w);
}
template <class T>
__device__ T shfl_down(warp::mask_t mask, const T &v, unsigned d) {
  Words<T> w = to_words(v);
#pragma unroll
  for (int i = 0; i < Words<T>::n; ++i)
    w.w[i] = warp::shfl_down(mask, w.w[i], d);
  return from_words<T>(w);
}
template <class T> __device__ T shfl_up(warp::mask_t mask, const T &v, unsigned d) {
  Words<T> w = to_words(v);
#pragma unroll
  for (int i = 0; i < Words<T>::n; ++i)
    w.w[i] = warp::shfl_up(mask, w.w[i], d);
  return from_words<T>(w);
}
template <class T>
__device__ T shfl(warp::mask_t mask, const T &v, int src,
                int width = static_cast<int>(warp::size)) {
  Words<T> w = to_words(v);
#pragma unroll
  for (int i = 0; i < Words<T>::n; ++i)
    w.w[i] = warp::shfl(mask, w.w[i], src, width);
  return from_words<T>(w);
}

/// Load that bypasses L1 (other blocks wrote the data in this launch).
template <class T> __device__ T load_cg(const T *p) {
  if constexpr (sizeof(T) % 4 == 0 && alignof(T) >= 4) {
    Words<T> w;
#pragma unroll
    for (int i = 0; i < Words<T>::n; ++i)
      w.w[i] = warp::load_coherent(reinterpret_cast<const unsigned *>(p) + i);
    return from_words<T>(w);
  } else if constexpr (std::is_scalar<T>::value) {
    return *const_cast<const volatile T *>(p);
  } else {
    // A class cannot be copied from a volatile object: copy its bytes.
    T v;
    const volatile unsigned char *src =
        reinterpret_cast<const volatile unsigned char *>(p);
    unsigned char *dst = reinterpret_cast<unsigned char *>(&v);
    for (unsigned i = 0; i < sizeof(T); ++i)
      dst[i] = src[i];
    return v;
  }
}

__device__ inline unsigned linear_tid() {
  return threadIdx.y * blockDim.x + threadIdx.x;
}
__device__ inline unsigned block_threads() { return blockDim.x * blockDim.y; }

/// The lanes of the calling thread's vector inside its warp.
__device__ inline warp::mask_t vector_mask() {
  const unsigned w = blockDim.x;
  if (w >= warp::size)
    return warp::full_mask;
  const unsigned base = (linear_tid() % warp::size) & ~(w - 1u);
  return ((warp::mask_t(1) << w) - 1) << base;
}

/// The lanes of the calling thread's warp that exist (the last warp of a
/// block whose size is not a multiple of 32 is partial).
__device__ inline unsigned warp_lanes() {
  const unsigned warp_id = linear_tid() / warp::size;
  const unsigned left = block_threads() - warp_id * warp::size;
  return left >= warp::size ? warp::size : left;
}
__device__ inline warp::mask_t lanes_mask(unsigned lanes) {
  return warp::lanes_mask(lanes);
}

/// Combines (a, b) into a with the loc rule: better value wins, ties go to
/// the lowest index (the highest with HighestOnTies). Symmetric, so every
/// lane computes the same pair.
template <class Op, class V, class I>
__device__ void loc_join(V &val, I &idx, const V &v, const I &i) {
  if (loc_wins<Op>(v, i, val, idx)) {
    val = v;
    idx = i;
  }
}

/// A __shared__ variable cannot be constructed: a T with a constructor
/// gets raw storage instead.
template <class T> struct alignas(T) SharedSlot {
  unsigned char bytes[sizeof(T)];
};
template <class T>
using WarpSlot =
    std::conditional_t<std::is_trivially_default_constructible<T>::value, T,
                       SharedSlot<T>>;

/// Reduces v over the whole block; every thread gets the result.
template <class Op, class T> __device__ T block_allreduce(T v, Op op = {}) {
  __shared__ WarpSlot<T> warp_slot[warp::max_per_block];
  T *const warp_part = reinterpret_cast<T *>(warp_slot);
  const unsigned lane = linear_tid() % warp::size;
  const unsigned lanes = warp_lanes();
  const warp::mask_t mask = lanes_mask(lanes);
  // Tree over the warp, lower lane first in every join.
  for (unsigned d = warp::size / 2; d > 0; d /= 2) {
    const T o = shfl_down(mask, v, d);
    if (lane + d < lanes)
      op.join(v, o);
  }
  if (lane == 0)
    warp_part[linear_tid() / warp::size] = v;
  __syncthreads();
  const unsigned warps = (block_threads() + warp::size - 1) / warp::size;
  T r = warp_part[0];
  for (unsigned w = 1; w < warps; ++w)
    op.join(r, warp_part[w]);
  __syncthreads(); // warp_part may be reused by the next call
  return r;
}

template <class Op, class V, class I>
__device__ LocPair<V, I> block_allreduce_loc(LocPair<V, I> p) {
  __shared__ LocPair<V, I> warp_part[warp::max_per_block];
  const unsigned lane = linear_tid() % warp::size;
  const unsigned lanes = warp_lanes();
  const warp::mask_t mask = lanes_mask(lanes);
  for (unsigned d = warp::size / 2; d > 0; d /= 2) {
    const V ov = shfl_down(mask, p.val, d);
    const I oi = shfl_down(mask, p.idx, d);
    if (lane + d < lanes)
      loc_join<Op>(p.val, p.idx, ov, oi);
  }
  if (lane == 0)
    warp_part[linear_tid() / warp::size] = p;
  __syncthreads();
  const unsigned warps = (block_threads() + warp::size - 1) / warp::size;
  LocPair<V, I> r = warp_part[0];
  for (unsigned w = 1; w < warps; ++w)
    loc_join<Op>(r.val, r.idx, warp_part[w].val, warp_part[w].idx);
  __syncthreads();
  return r;
}
#endif // HPPRT_GPU_COMPILE

} // namespace detail

#ifdef HPPRT_GPU_COMPILE
/// Reduces v over the lanes of the calling thread's vector; all lanes get
/// the result. Only the thread's lanes need to be converged.
template <class Op, class T> __device__ T vector_allreduce(T v, Op op = {}) {
  const warp::mask_t mask = detail::vector_mask();
  const int width = static_cast<int>(blockDim.x);
  for (int d = width / 2; d > 0; d /= 2) {
    T o = detail::shfl_xor(mask, v, d, width);
    if (threadIdx.x & static_cast<unsigned>(d)) { // o is the lower lane
      op.join(o, v);
      v = o;
    } else {
      op.join(v, o);
    }
  }
  return v;
}

template <class Op, class V, class I>
__device__ void vector_allreduce_loc(V &val, I &idx) {
  const warp::mask_t mask = detail::vector_mask();
  const int width = static_cast<int>(blockDim.x);
  for (int d = width / 2; d > 0; d /= 2) {
    const V ov = detail::shfl_xor(mask, val, d, width);
    const I oi = detail::shfl_xor(mask, idx, d, width);
    detail::loc_join<Op>(val, idx, ov, oi);
  }
}

/// Reduces over the team's threads, taking lane 0's value of each thread.
template <class Op, class T> __device__ T thread_allreduce(T v, Op op = {}) {
  if (threadIdx.x != 0)
    v = op.template identity<T>();
  return detail::block_allreduce(v, op);
}

template <class Op, class V, class I>
__device__ void thread_allreduce_loc(V &val, I &idx) {
  LocPair<V, I> p{val, idx};
  if (threadIdx.x != 0)
    p = {Op::template identity<V>(), loc_identity_index<Op, I>()};
  p = detail::block_allreduce_loc<Op>(p);
  val = p.val;
  idx = p.idx;
}

/// Reduces over every (thread, lane) of the team.
template <class Op, class T>
__device__ T team_vector_allreduce(T v, Op op = {}) {
  return detail::block_allreduce(v, op);
}

template <class Op, class V, class I>
__device__ void team_vector_allreduce_loc(V &val, I &idx) {
  LocPair<V, I> p = detail::block_allreduce_loc<Op>(LocPair<V, I>{val, idx});
  val = p.val;
  idx = p.idx;
}

/// The team leader's v, to every thread and lane of the team.
template <class T> __device__ T team_broadcast(T v) {
  __shared__ T value;
  if (threadIdx.x == 0 && threadIdx.y == 0)
    value = v;
  __syncthreads();
  v = value;
  __syncthreads();
  return v;
}

/// Lane 0's v, to every lane of the calling thread.
template <class T> __device__ T vector_broadcast(T v) {
  return detail::shfl(detail::vector_mask(), v, 0,
                      static_cast<int>(blockDim.x));
}
#endif // HPPRT_GPU_COMPILE

/// What the kernel captures of a Reduction.
template <class Op, class T> struct DeviceReduction {
  unsigned *counter; ///< arrivals; reset to 0 by the last block
  T *partials;       ///< one per block
  T *result;         ///< mapped pinned host memory
};

/// A Reduction delivered into device memory (Reduction::device_into):
/// the last block writes initial ⊕ the result into target, where the
/// program reads it through later work on the device; a null target sends
/// the result to the host slot as DeviceReduction does.
template <class Op, class T> struct DeviceReductionInto : DeviceReduction<Op, T> {
  T *target;
  T initial;
};

template <class Op, class V, class I> struct DeviceLocReduction {
  unsigned *counter;
  LocPair<V, I> *partials;
  LocPair<V, I> *result;
};

namespace detail {

/// Where a result's ready word lies in its pinned slot: after the value,
/// 8-byte aligned. The host clears it before each launch; the block
/// that writes the result sets it once the value is visible to the host,
/// so a host waiting for the value (ResultBase::wait) can read it without
/// waiting for the kernel's end and the stream's completion to reach it.
constexpr std::size_t ready_offset(std::size_t result_bytes) {
  return (result_bytes + 7) / 8 * 8;
}

#ifdef HPPRT_GPU_COMPILE
/// Sets the ready word of the result at slot. Called after the value was
/// stored and __threadfence_system() made it visible to the host.
template <class T> __device__ inline void publish_ready(T *slot) {
  *reinterpret_cast<volatile unsigned *>(reinterpret_cast<char *>(slot) +
                                         ready_offset(sizeof(T))) = 1u;
}
#endif

/// Non-template half of Reduction/LocReduction: buffers, stream, waiting.
class ResultBase : public Participant {
public:
  /// slot_bytes per block (Reduce) or tile (Scan); capacity slots.
  ResultBase(Launch &cfg, PoolKind kind, std::size_t slot_bytes,
             unsigned capacity, std::size_t result_bytes);
  ~ResultBase();
  ResultBase(const ResultBase &) = delete;
  ResultBase &operator=(const ResultBase &) = delete;

  void prepare(const Launch &cfg, const Plan &plan) override;
  void done(HPPRT_GPU(Stream_t) stream, bool ran, bool synced, bool ok) override;

protected:
  /// Waits until the result is in the host slot (if not there yet). It is
  /// read as soon as its ready word is set (finish_reduction, finish_scan),
  /// while the kernel may still be ending (its last block has nothing left
  /// to do). HPP_RESULT_WAIT=stream waits for the stream every time (to
  /// compare the two).
  void wait();
  /// `nowait`: write(host slot) runs at the fence of the launch's stream,
  /// which then owns the buffers; at once when nothing was launched.
  void deliver_at_fence(std::function<void(const char *)> write);
  char *host_slot() const { return host_.ptr; }
  unsigned *ready_word() const { return reinterpret_cast<unsigned *>(host_.ptr + ready_at_); }
  char *device_slot() const { return host_.device; }
  unsigned *counter() const {
    return reinterpret_cast<unsigned *>(work_.device);
  }
  char *partials() const { return work_.device + kPartialsOffset; }
  /// Whether a kernel was launched with these buffers.
  bool launched() const { return ran_; }
  /// Scan: the epoch of this scan's tile states (pool_scan_epoch).
  unsigned scan_epoch() const { return epoch_; }

  static constexpr std::size_t kPartialsOffset = 256;

private:
  /// Spins on the ready word; false when the stream finished or failed
  /// first, after a millisecond, or at once where the program asked the
  /// device not to spin (the caller then waits for the stream).
  bool await_ready() const;

  const Launch *cfg_;
  PoolKind kind_;
  std::size_t ready_at_; // offset of the ready word in the host slot
  PoolBuffer work_, host_;
  unsigned capacity_;
  HPPRT_GPU(Stream_t) stream_ = nullptr;
  bool pending_ = false; // launched, not yet waited for
  bool ok_ = true;
  /// A kernel was launched with these buffers (for a Scan: with epoch_,
  /// so another launch must clear the tile states first).
  bool ran_ = false;
  unsigned epoch_ = 0;
};

} // namespace detail

/// reduction(op: v) of a region: initial ⊕ every block's contribution.
template <class Op, class T> class Reduction : public detail::ResultBase {
public:
  Reduction(Launch &cfg, const T &initial, Op op = {})
      : ResultBase(cfg, detail::PoolKind::Reduce, sizeof(T),
                   detail::max_partials(), sizeof(T)),
        initial_(initial), op_(op) {
    static_assert(std::is_trivially_copyable<T>::value,
                  "hpp: " HPPRT_GPU_NAME " reductions need trivially copyable types");
    static_assert(alignof(T) <= kPartialsOffset,
                  "hpp: " HPPRT_GPU_NAME " reductions need types aligned to at most 256 "
                  "bytes");
    const T id = op.template identity<T>();
    std::memcpy(host_slot(), &id, sizeof(T));
  }

  DeviceReduction<Op, T> device() const {
    return {counter(), reinterpret_cast<T *>(partials()),
            reinterpret_cast<T *>(device_slot())};
  }

  /// Blocks until the launch is done; initial ⊕ the device result.
  T result() {
    wait();
    T dev;
    std::memcpy(&dev, host_slot(), sizeof(T));
    T r = initial_;
    op_.join(r, dev);
    return r;
  }

  /// The device's handle for a result the program copies into device
  /// memory right after the region (`hpp::deep_copy(view, v)`, a rank-0
  /// View's parallel_reduce): when target is device-only memory the
  /// kernel's last block writes initial ⊕ the result there, and no host
  /// waits for it: the host can observe that memory only through runtime
  /// calls, which are ordered after the launch. Other memory (host
  /// visible, which the host could read at once) gets the result through
  /// the host as device() does.
  DeviceReductionInto<Op, T> device_into(T *target) {
    into_ = target && detail::all_device({target});
    DeviceReductionInto<Op, T> r{device(), into_ ? target : nullptr, initial_};
    return r;
  }

  /// Whether the launch wrote the result into device_into's target; when
  /// not (other memory, or no launch at all for zero iterations) the
  /// program takes result() to the target itself.
  bool delivered() const { return into_ && launched(); }

  /// `nowait`: target receives result() at the stream's fence.
  void result_at_fence(T &target) {
    deliver_at_fence([&target, initial = initial_, op = op_](const char *slot) {
      T dev;
      std::memcpy(&dev, slot, sizeof(T));
      T r = initial;
      op.join(r, dev);
      target = r;
    });
  }

private:
  T initial_;
  Op op_;
  bool into_ = false;
};

/// minloc/maxloc(val, idx): the device's best (lowest index on ties, the
/// highest with HighestOnTies) replaces the initial pair when the serial
/// body would have (loc_replaces_initial).
template <class Op, class V, class I>
class LocReduction : public detail::ResultBase {
public:
  LocReduction(Launch &cfg, const V &val, const I &idx)
      : ResultBase(cfg, detail::PoolKind::Reduce, sizeof(LocPair<V, I>),
                   detail::max_partials(), sizeof(LocPair<V, I>)),
        val_(val), idx_(idx) {
    const LocPair<V, I> id{Op::template identity<V>(),
                           loc_identity_index<Op, I>()};
    std::memcpy(host_slot(), &id, sizeof(id));
  }

  DeviceLocReduction<Op, V, I> device() const {
    return {counter(), reinterpret_cast<LocPair<V, I> *>(partials()),
            reinterpret_cast<LocPair<V, I> *>(device_slot())};
  }

  std::pair<V, I> result() {
    wait();
    LocPair<V, I> dev;
    std::memcpy(&dev, host_slot(), sizeof(dev));
    V v = val_;
    I i = idx_;
    if (loc_replaces_initial<Op>(dev.val, dev.idx, v, i)) {
      v = dev.val;
      i = dev.idx;
    }
    return {v, i};
  }

  /// `nowait`: val and idx receive result() at the stream's fence.
  void result_at_fence(V &val, I &idx) {
    deliver_at_fence([&val, &idx, v0 = val_, i0 = idx_](const char *slot) {
      LocPair<V, I> dev;
      std::memcpy(&dev, slot, sizeof(dev));
      V v = v0;
      I i = i0;
      if (loc_replaces_initial<Op>(dev.val, dev.idx, v, i)) {
        v = dev.val;
        i = dev.idx;
      }
      val = v;
      idx = i;
    });
  }

private:
  V val_;
  I idx_;
};

#ifdef HPPRT_GPU_COMPILE
namespace detail {
/// The last-block protocol shared by both finish functions. Returns true in
/// every thread of the last block to arrive, after a fence that makes all
/// partials visible.
__device__ inline bool arrive_last(unsigned *counter, bool leader) {
  __shared__ bool last;
  if (leader) {
    __threadfence(); // the partial is visible before the arrival counts
    const unsigned ticket = atomicAdd(counter, 1u);
    last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  const bool r = last;
  __syncthreads();
  if (r)
    __threadfence();
  return r;
}
} // namespace detail

namespace detail {
/// Every block's value into r's partials. True in the leader of the last
/// block to arrive, which then holds the grid's result in acc.
template <class Op, class T>
__device__ bool combine_partials(const DeviceReduction<Op, T> &r, T value,
                                 bool every_thread, Op op, T &acc) {
  if (every_thread)
    value = block_allreduce(value, op);
  const bool leader = threadIdx.x == 0 && threadIdx.y == 0;
  if (leader)
    r.partials[blockIdx.x] = value;
  if (!arrive_last(r.counter, leader))
    return false;
  acc = op.template identity<T>();
  for (unsigned b = linear_tid(); b < gridDim.x; b += block_threads())
    op.join(acc, load_cg(r.partials + b));
  acc = block_allreduce(acc, op);
  if (leader)
    *r.counter = 0; // ready for the next launch that uses this buffer
  return leader;
}
} // namespace detail

/// Called once by every thread of every block at the end of the kernel.
/// every_thread: all threads' values count (flat loops); otherwise only the
/// team leader's (team regions, where all threads hold the team value).
/// op: the operator object (a UserOp).
template <class Op, class T>
__device__ void finish_reduction(const DeviceReduction<Op, T> &r, T value,
                                 bool every_thread, Op op) {
  T acc;
  if (!detail::combine_partials(r, value, every_thread, op, acc))
    return;
  *r.result = acc;
  __threadfence_system();
  detail::publish_ready(r.result);
}

/// The same for a result delivered into device memory: the target gets
/// initial ⊕ the result (the host slot, when there is no target).
template <class Op, class T>
__device__ void finish_reduction(const DeviceReductionInto<Op, T> &r, T value,
                                 bool every_thread, Op op) {
  if (!r.target) {
    finish_reduction(static_cast<const DeviceReduction<Op, T> &>(r), value, every_thread, op);
    return;
  }
  T acc;
  if (!detail::combine_partials(r, value, every_thread, op, acc))
    return;
  T v = r.initial;
  op.join(v, acc);
  *r.target = v;
}

/// The built-in operators' form. (A separate overload rather than a
/// defaulted op: the generated code of the tuned built-in reductions stays
/// the same, PTX for PTX.)
template <class Op, class T>
__device__ void finish_reduction(const DeviceReduction<Op, T> &r, T value,
                                 bool every_thread) {
  finish_reduction(r, value, every_thread, Op{});
}
template <class Op, class T>
__device__ void finish_reduction(const DeviceReductionInto<Op, T> &r, T value,
                                 bool every_thread) {
  finish_reduction(r, value, every_thread, Op{});
}

template <class Op, class V, class I>
__device__ void finish_loc_reduction(const DeviceLocReduction<Op, V, I> &r,
                                     V val, I idx, bool every_thread) {
  LocPair<V, I> p{val, idx};
  if (every_thread)
    p = detail::block_allreduce_loc<Op>(p);
  const bool leader = threadIdx.x == 0 && threadIdx.y == 0;
  if (leader)
    r.partials[blockIdx.x] = p;
  if (!detail::arrive_last(r.counter, leader))
    return;
  LocPair<V, I> acc{Op::template identity<V>(),
                    loc_identity_index<Op, I>()};
  for (unsigned b = detail::linear_tid(); b < gridDim.x;
       b += detail::block_threads())
    detail::loc_join<Op>(acc.val, acc.idx, detail::load_cg(&r.partials[b].val),
                         detail::load_cg(&r.partials[b].idx));
  acc = detail::block_allreduce_loc<Op>(acc);
  if (leader) {
    *r.result = acc;
    *r.counter = 0;
    __threadfence_system();
    detail::publish_ready(r.result);
  }
}
#endif // HPPRT_GPU_COMPILE

} // namespace gpu
} // namespace hpprt
