//===- unique_token.hpp - Unique ids for concurrent work --------*- C++ -*-===//
/// \file
/// hpp::UniqueToken hands out ids in [0, size()) such that no two pieces of
/// work running at the same time hold the same id (Kokkos'
/// Experimental::UniqueToken): index per-worker buffers with it. Copies of a
/// token share its ids, so a token captured by value in a region works on
/// every backend. Scope::Instance tokens are independent of each other; all
/// Scope::Global tokens draw from one process-wide pool, so their ids never
/// collide, also across kernels running at the same time on different
/// streams.
///
/// The ids are a bitset in memory every backend reaches (Space::Shared):
/// acquire() sets a clear bit with an atomic OR, release() clears it with
/// an atomic AND. A GPU thread starts at the bit of its hardware slot on
/// NVIDIA GPUs, of its position in the grid elsewhere (and the lanes of a
/// warp that start in one word share one atomic),
/// so without contention one atomic suffices; a host thread starts at its
/// last id. A default token has concurrency() ids: the most pieces of
/// work that can run at once (1 serial, omp_get_max_threads() on OpenMP,
/// resident threads of the device on CUDA/HIP), so one id per running piece
/// of work is always available.
///
/// Errors. acquire() with every id held waits for a release, but not for
/// ever: after HPP_TOKEN_WAIT_MS milliseconds (read when the token is
/// made; default 10 s) it fails,
/// since a token that stays full means ids are not released (an id taken
/// twice by the same work, a sized token smaller than the work that holds
/// ids at once). release() of an id that is not held (released twice, or
/// acquired from another token) fails. On the host a failure throws
/// (std::runtime_error / std::invalid_argument, which leave a region as
/// any exception does); in a kernel it prints the reason and traps, and
/// the runtime reports the failed kernel with its region's file:line.
/// Where nothing else runs that could release an id (the serial build, an
/// OpenMP program outside a parallel region), acquire() with every id held
/// throws at once.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "clock.hpp"
#include "config.hpp"
#include "memory.hpp"
#ifdef _OPENMP
#include <omp.h>
#endif

namespace hpp {

enum class Scope { Instance, Global };

namespace detail {
// One definition per program, as alloc_bytes (memory.hpp): serial 1, the
// OpenMP runtime omp_get_max_threads(), the GPU runtimes the device's
// resident threads (multiprocessors × threads per multiprocessor).
#ifdef HPP_RUNTIME_DEFINES_SHARED_FUNCTIONS
int concurrency_value();
#else
HPP_WEAK int concurrency_value();
int concurrency_value() { return 1; }
#endif
} // namespace detail

/// The number of pieces of work that can run at once: the size of a
/// default UniqueToken (Kokkos' ExecutionSpace::concurrency()).
inline int concurrency() { return detail::concurrency_value(); }

namespace detail {

/// What a token's copies share, passed by value into kernels: the bitset
/// (bit i set = id i held; bits past size are set for good) and its size.
struct TokenIds {
  std::uint32_t* bits = nullptr;
  std::int32_t size = 0;
  std::int32_t words = 0;
  /// How long acquire() waits while every id is held.
  std::uint64_t wait_ns = 0;
  /// 1 for the global pool (error messages).
  std::int32_t global = 0;
};

inline std::uint64_t token_wait_ns() {
  const char* env = std::getenv("HPP_TOKEN_WAIT_MS");
  long long ms = env ? std::atoll(env) : 0;
  if (ms <= 0)
    ms = 10000;
  return std::uint64_t(ms) * 1000000u;
}

inline TokenIds make_token_ids(std::int32_t size, bool global) {
  if (size < 1)
    throw std::invalid_argument("hpp::UniqueToken: size must be positive, got " +
                                std::to_string(size));
  TokenIds ids;
  ids.size = size;
  ids.words = (size + 31) / 32;
  ids.wait_ns = token_wait_ns();
  ids.global = global;
  std::vector<std::uint32_t> init(std::size_t(ids.words), 0u);
  if (size % 32 != 0)
    init.back() = ~((1u << (size % 32)) - 1u);
  ids.bits = alloc<std::uint32_t>(init.size(), Space::Shared);
  deep_copy(ids.bits, init.data(), init.size() * sizeof(std::uint32_t));
  return ids;
}

/// Host-side ownership of an Instance token's bitset; kernels never see it.
struct TokenOwner {
  long refs = 1;
  std::uint32_t* bits = nullptr;
};

/// The pool of every Scope::Global token: created on first use, sized for
/// the device (or host) concurrency, never freed (kernels of other
/// translation units may use it until the process exits).
inline const TokenIds& global_token_ids() {
  static const TokenIds ids = make_token_ids(concurrency(), true);
  return ids;
}

[[noreturn]] inline void token_host_exhausted(const TokenIds& t) {
  throw std::runtime_error(
      std::string("hpp::UniqueToken::acquire: all ") + std::to_string(t.size) + " ids of " +
      (t.global ? "the global token" : "the token") + " stayed held for " +
      std::to_string(t.wait_ns / 1000000u) +
      " ms; ids are acquired without being released, or the token is smaller "
      "than the work holding ids at once (HPP_TOKEN_WAIT_MS sets the wait)");
}

#ifdef HPP_DEVICE_PASS
__device__ inline std::uint64_t token_clock_ns() {
#if defined(__CUDA_ARCH__)
  std::uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
#else
  return std::uint64_t(__builtin_amdgcn_s_memrealtime()) * 10u; // 100 MHz
#endif
}

__device__ inline void token_pause() {
#if defined(__CUDA_ARCH__)
  __nanosleep(200);
#else
  __builtin_amdgcn_s_sleep(4);
#endif
}

/// Where a thread starts looking for a clear bit. On NVIDIA GPUs: its
/// hardware slot (multiprocessor, warp slot, lane), which no two threads
/// resident at the same time share, in any kernel; a default token has one
/// bit per slot, so without contention the first bit tried is free. (The
/// position in the grid repeats every concurrency() threads: in a grid
/// larger than the device, a block that starts while an earlier block of
/// the same positions still holds its ids collides with it, and collisions
/// cascade: 3.6x slower than plain atomics in the token benchmark.) The
/// slot is only where the search starts; the atomics keep ids unique even
/// if the hardware moves a warp.
__device__ inline unsigned token_thread_position() {
#if defined(__CUDA_ARCH__)
  unsigned sm, warp, warps, lane;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(warp));
  asm("mov.u32 %0, %%nwarpid;" : "=r"(warps));
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return (sm * warps + warp) * 32u + lane;
#else
  const unsigned block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  const unsigned threads = blockDim.x * blockDim.y * blockDim.z;
  return block * threads + (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
#endif
}

#if defined(__CUDA_ARCH__)
__device__ inline int token_lane() {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return int(lane);
}
#endif

/// The bitset's atomics carry the token's ordering themselves: taking an
/// id is an acquire (the previous holder's writes happen before ours),
/// giving it back a release (ours happen before the next holder's), at
/// device scope. A __threadfence() beside plain atomics orders the same,
/// at the cost of a sequentially consistent fence per thread: 0.68x plain
/// atomics in the token lab (benchmarks/cuda/token_lab, H100) against
/// 0.81x with these.
__device__ inline std::uint32_t token_or_acquire(std::uint32_t* word, std::uint32_t bits) {
#if defined(__CUDA_ARCH__)
  std::uint32_t old;
  asm volatile("atom.acquire.gpu.or.b32 %0, [%1], %2;"
               : "=r"(old)
               : "l"(word), "r"(bits)
               : "memory");
  return old;
#else
  return __hip_atomic_fetch_or(word, bits, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT);
#endif
}
__device__ inline std::uint32_t token_and_release(std::uint32_t* word, std::uint32_t bits) {
#if defined(__CUDA_ARCH__)
  std::uint32_t old;
  asm volatile("atom.release.gpu.and.b32 %0, [%1], %2;"
               : "=r"(old)
               : "l"(word), "r"(bits)
               : "memory");
  return old;
#else
  return __hip_atomic_fetch_and(word, bits, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
#endif
}

[[noreturn]] __device__ inline void token_device_fail() {
#if defined(__CUDA_ARCH__)
  __trap();
#else
  __builtin_trap();
#endif
  __builtin_unreachable();
}
#endif

/// Sets a clear bit of word w, preferring bit `first`; returns its id or -1.
HPP_FUNCTION inline std::int32_t token_try_word(const TokenIds& t, std::int32_t w,
                                                 unsigned first) {
  std::uint32_t* word = t.bits + w;
#ifdef HPP_DEVICE_PASS
  // Read before writing: threads waiting on a full token then only load.
  std::uint32_t old = *reinterpret_cast<volatile std::uint32_t*>(word);
  if (!(old & (1u << first))) {
    old = token_or_acquire(word, 1u << first);
    if (!(old & (1u << first)))
      return w * 32 + std::int32_t(first);
  }
  while (~old != 0u) {
    const unsigned b = unsigned(__ffs(int(~old))) - 1u;
    old = token_or_acquire(word, 1u << b);
    if (!(old & (1u << b)))
      return w * 32 + std::int32_t(b);
  }
#else
  std::uint32_t old = __atomic_load_n(word, __ATOMIC_RELAXED);
  while (~old != 0u) {
    const unsigned b = (~old & (1u << first)) ? first : unsigned(__builtin_ctz(~old));
    old = __atomic_fetch_or(word, 1u << b, __ATOMIC_ACQUIRE);
    if (!(old & (1u << b)))
      return w * 32 + std::int32_t(b);
  }
#endif
  return -1;
}

#ifndef HPP_DEVICE_PASS
inline std::int32_t token_acquire_host(const TokenIds& t) {
  // A host thread starts where its last id was: its own slot while the
  // others keep theirs.
  static thread_local std::uint32_t last = 0;
  const std::uint32_t pos = last % std::uint32_t(t.words * 32);
  std::int64_t since = 0;
  bool waiting = false;
  for (;;) {
    for (std::int32_t i = 0; i < t.words; ++i) {
      const std::int32_t w = (std::int32_t(pos / 32) + i) % t.words;
      const std::int32_t id = token_try_word(t, w, i == 0 ? pos % 32 : 0u);
      if (id >= 0) {
        last = std::uint32_t(id);
        return id;
      }
    }
    // Outside parallel work nothing else runs that could release an id
    // (the serial build's documented behaviour).
#ifdef _OPENMP
    const bool alone = !omp_in_parallel();
#else
    const bool alone = true;
#endif
    if (alone)
      throw std::runtime_error("hpp::UniqueToken::acquire: all " + std::to_string(t.size) +
                               " ids are held and no other work runs that could release one");
    const std::int64_t now = monotonic_ns();
    if (!waiting) {
      since = now;
      waiting = true;
    } else if (std::uint64_t(now - since) > t.wait_ns) {
      token_host_exhausted(t);
    }
    yield_thread();
  }
}

inline void token_release_host(const TokenIds& t, std::int32_t id) {
  const bool in_range = id >= 0 && id < t.size;
  const std::uint32_t mask = in_range ? 1u << (id % 32) : 0u;
  const std::uint32_t old =
      in_range ? __atomic_fetch_and(t.bits + id / 32, ~mask, __ATOMIC_RELEASE) : 0u;
  if (!in_range || !(old & mask))
    throw std::invalid_argument("hpp::UniqueToken::release: id " + std::to_string(id) +
                                " is not held by " +
                                (t.global ? "the global token" : "this token") +
                                " (released twice, or acquired from another token)");
}
#endif

HPP_FUNCTION inline std::int32_t token_acquire(const TokenIds& t) {
#ifdef HPP_DEVICE_PASS
  const unsigned pos = token_thread_position() % unsigned(t.words * 32);
  const std::int32_t start = std::int32_t(pos / 32);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  {
    // The lanes of a warp that acquire together and start in the same
    // word set their bits with one atomic (their positions are distinct);
    // a lane whose bit was taken looks further below.
    const unsigned active = __activemask();
    const unsigned group = __match_any_sync(active, start);
    // Lanes of one position (a grid wider than 2^32 threads) compete: only
    // the first of them takes the fast path.
    const bool first = __ffs(int(__match_any_sync(active, pos))) - 1 == token_lane();
    const unsigned want = first ? 1u << (pos % 32) : 0u;
    const unsigned all = __reduce_or_sync(group, want);
    const int leader = __ffs(int(group)) - 1;
    std::uint32_t old = 0;
    if (token_lane() == leader)
      old = token_or_acquire(t.bits + start, all);
    old = __shfl_sync(group, old, leader);
    // The leader's acquire orders the other lanes' later accesses too:
    // __syncwarp orders memory among the lanes it synchronises.
    __syncwarp(group);
    if (first && !(old & want))
      return start * 32 + std::int32_t(pos % 32);
  }
#endif
  std::uint64_t since = 0;
  for (;;) {
    for (std::int32_t i = 0; i < t.words; ++i) {
      const std::int32_t w = (start + i) % t.words;
      const std::int32_t id = token_try_word(t, w, i == 0 ? pos % 32 : 0u);
      if (id >= 0)
        return id;
    }
    const std::uint64_t now = token_clock_ns();
    if (since == 0)
      since = now;
    else if (now - since > t.wait_ns) {
      printf("hpp: UniqueToken::acquire in block %u thread %u: all %d ids of %s stayed held "
             "for %llu ms; ids are acquired without being released, or the token is smaller "
             "than the work holding ids at once\n",
             unsigned(blockIdx.x), unsigned(threadIdx.y * blockDim.x + threadIdx.x), int(t.size),
             t.global ? "the global token" : "the token",
             (unsigned long long)(t.wait_ns / 1000000u));
      token_device_fail();
    }
    token_pause();
  }
#else
  return token_acquire_host(t);
#endif
}

HPP_FUNCTION inline void token_release(const TokenIds& t, std::int32_t id) {
#ifdef HPP_DEVICE_PASS
  const bool in_range = id >= 0 && id < t.size;
  const std::uint32_t mask = in_range ? 1u << (id % 32) : 0u;
  std::uint32_t old = 0;
  if (in_range) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    // Lanes releasing ids of one word together clear them with one atomic,
    // whose release covers every lane's earlier writes: __syncwarp orders
    // them before the leader's.
    const unsigned active = __activemask();
    const unsigned group = __match_any_sync(active, id / 32);
    const unsigned all = __reduce_or_sync(group, mask);
    const int leader = __ffs(int(group)) - 1;
    __syncwarp(group);
    if (token_lane() == leader)
      old = token_and_release(t.bits + id / 32, ~all);
    old = __shfl_sync(group, old, leader);
    // Two lanes releasing one id: all but the first release an id not held.
    if (__ffs(int(__match_any_sync(active, id))) - 1 != token_lane())
      old = 0;
#else
    old = token_and_release(t.bits + id / 32, ~mask);
#endif
  }
  if (!in_range || !(old & mask)) {
    printf("hpp: UniqueToken::release in block %u thread %u: id %d is not held by %s "
           "(released twice, or acquired from another token)\n",
           unsigned(blockIdx.x), unsigned(threadIdx.y * blockDim.x + threadIdx.x), int(id),
           t.global ? "the global token" : "this token");
    token_device_fail();
  }
#else
  token_release_host(t, id);
#endif
}

} // namespace detail

template <Scope S = Scope::Instance> class UniqueToken {
public:
  using size_type = std::int32_t;

  /// A token with concurrency() ids (Instance) or the global pool (Global).
  UniqueToken() {
    if constexpr (S == Scope::Global)
      Ids = detail::global_token_ids();
    else
      own(detail::make_token_ids(concurrency(), false));
  }

  /// An Instance token with exactly `size` ids: acquire() then returns ids
  /// in [0, size) and waits while all of them are held. Throws
  /// std::invalid_argument when size < 1.
  template <Scope S2 = S, std::enable_if_t<S2 == Scope::Instance, int> = 0>
  explicit UniqueToken(size_type size) {
    own(detail::make_token_ids(size, false));
  }

  // Copies share the ids. Host copies count references to the bitset; the
  // copies a kernel makes of its captures count nothing (the host's copy
  // in the launch keeps the bitset alive).
  HPP_FUNCTION UniqueToken(const UniqueToken& o) : Ids(o.Ids), Owner(o.Owner) { retain(); }
  HPP_FUNCTION UniqueToken& operator=(const UniqueToken& o) {
    if (this != &o) {
      o.retain();
      drop();
      Ids = o.Ids;
      Owner = o.Owner;
    }
    return *this;
  }
  HPP_FUNCTION ~UniqueToken() { drop(); }

  /// One more than the largest id acquire() can return.
  HPP_FUNCTION size_type size() const { return Ids.size; }

  /// An id that no other holder has until release(id).
  HPP_FUNCTION size_type acquire() const { return detail::token_acquire(Ids); }

  /// Gives back an id from acquire(); an id this token does not hold is an
  /// error (std::invalid_argument on the host).
  HPP_FUNCTION void release(size_type id) const { detail::token_release(Ids, id); }

  /// What acquire() and release() work on (AcquireUniqueToken).
  HPP_FUNCTION const detail::TokenIds& ids() const { return Ids; }

private:
  void own(const detail::TokenIds& ids) {
    Ids = ids;
    Owner = new detail::TokenOwner;
    Owner->bits = ids.bits;
  }
  HPP_FUNCTION void retain() const {
#ifndef HPP_DEVICE_PASS
    if (Owner)
      __atomic_fetch_add(&Owner->refs, 1, __ATOMIC_RELAXED);
#endif
  }
  HPP_FUNCTION void drop() {
#ifndef HPP_DEVICE_PASS
    if (Owner && __atomic_sub_fetch(&Owner->refs, 1, __ATOMIC_ACQ_REL) == 0) {
      hpp::free(Owner->bits);
      delete Owner;
    }
    Owner = nullptr;
#endif
  }

  detail::TokenIds Ids;
  detail::TokenOwner* Owner = nullptr; // host only; null for Global
};

/// Holds one id of a token for its lifetime (Kokkos'
/// Experimental::AcquireUniqueToken). The token must outlive it.
template <Scope S> class AcquireUniqueToken {
public:
  using size_type = std::int32_t;

  HPP_FUNCTION explicit AcquireUniqueToken(const UniqueToken<S>& token)
      : Ids(token.ids()), Id(detail::token_acquire(Ids)) {}
  HPP_FUNCTION ~AcquireUniqueToken() noexcept(false) { detail::token_release(Ids, Id); }
  AcquireUniqueToken(const AcquireUniqueToken&) = delete;
  AcquireUniqueToken& operator=(const AcquireUniqueToken&) = delete;

  /// The id held.
  HPP_FUNCTION size_type value() const { return Id; }

private:
  detail::TokenIds Ids;
  size_type Id;
};

} // namespace hpp
