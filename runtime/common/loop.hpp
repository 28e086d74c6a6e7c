//===- loop.hpp - Canonical loop arithmetic for translated code -----------===//
/// \file
/// Trip counts, iteration-to-index mapping and static partitioning shared by
/// every backend. A translated loop runs over the normalised iteration space
/// [0, trip_count) and recomputes the user's loop variable with index_at, so
/// all arithmetic here is done in unsigned types: it must never overflow where
/// the serial loop would not.
//===----------------------------------------------------------------------===//
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "macros.hpp"

namespace hpprt {

using index_t = std::int64_t;

/// The comparison of a canonical loop's test `i CMP ub`.
enum class Cmp { Lt, Le, Gt, Ge, Ne };

namespace detail {

// |step| without the overflow of -LLONG_MIN.
HPPRT_HOST_DEVICE constexpr unsigned long long magnitude(long long step) {
  return step < 0 ? 0ull - static_cast<unsigned long long>(step)
                  : static_cast<unsigned long long>(step);
}

HPPRT_HOST_DEVICE inline index_t checked_count(unsigned long long count) {
  HPPRT_ASSERT(count <= static_cast<unsigned long long>(
                            std::numeric_limits<index_t>::max()),
               "hpp: trip counts of 2^63 or more are not supported");
  return static_cast<index_t>(count);
}

/// ceil(log2(d)) for 1 <= d <= 2^32, from a count of leading zeros (one
/// instruction on GPUs and CPUs): FastDiv is built per thread where a GPU
/// kernel's nested loop starts, where a bit-by-bit loop cost more than the
/// divisions it saves.
HPPRT_HOST_DEVICE inline unsigned ceil_log2(std::uint64_t d) {
  if (d <= 1)
    return 0;
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
  return 64u - static_cast<unsigned>(__clzll(static_cast<long long>(d - 1)));
#else
  return 64u - static_cast<unsigned>(__builtin_clzll(d - 1));
#endif
}

} // namespace detail

/// Number of iterations of `for (i = lb; i CMP ub; i += step)`, the test being
/// evaluated in the common type of lb and ub (as C++ does). Preconditions, all
/// guaranteed by the translator's canonical-loop check: step > 0 for Lt/Le,
/// step < 0 for Gt/Ge, and for Ne |step| == 1 or |step| divides the distance
/// (otherwise the serial loop never ends or overflows); a '!=' loop counts
/// modulo the width of lb's type, the loop variable's. The count is the
/// mathematical one, so for Ge/Le loops that end at the type's limit (where
/// the serial loop would wrap around forever) it is the number of in-range
/// values. Counts of 2^63 or more are not supported (asserted in debug).
template <Cmp C, class L, class U>
HPPRT_HOST_DEVICE index_t trip_count(L lb, U ub, long long step) {
  using T = decltype(lb + ub);
  static_assert(std::is_integral<T>::value,
                "hpp: canonical loops need integer bounds");
  using UT = std::make_unsigned_t<T>;
  using Wide = unsigned long long;
  const T l = static_cast<T>(lb);
  const T u = static_cast<T>(ub);
  // A zero step is refused by the translator; never divide by zero anyway.
  const Wide s = step == 0 ? 1 : detail::magnitude(step);
  // Distances are taken in the unsigned type: u - l always fits there when
  // the comparison says the loop runs.
  const Wide up = static_cast<UT>(static_cast<UT>(u) - static_cast<UT>(l));
  const Wide down = static_cast<UT>(static_cast<UT>(l) - static_cast<UT>(u));
  switch (C) {
  case Cmp::Lt:
    if (!(l < u))
      return 0;
    HPPRT_ASSERT(step > 0, "hpp: a '<' loop needs a positive step");
    return detail::checked_count((up - 1) / s + 1);
  case Cmp::Le:
    if (!(l <= u))
      return 0;
    HPPRT_ASSERT(step > 0, "hpp: a '<=' loop needs a positive step");
    return detail::checked_count(up / s + 1);
  case Cmp::Gt:
    if (!(l > u))
      return 0;
    HPPRT_ASSERT(step < 0, "hpp: a '>' loop needs a negative step");
    return detail::checked_count((down - 1) / s + 1);
  case Cmp::Ge:
    if (!(l >= u))
      return 0;
    HPPRT_ASSERT(step < 0, "hpp: a '>=' loop needs a negative step");
    return detail::checked_count(down / s + 1);
  case Cmp::Ne: {
    HPPRT_ASSERT(step != 0, "hpp: a '!=' loop needs a non-zero step");
    // Distance in the direction of travel, modulo 2^bits of the loop
    // variable: this is what the serial loop does when it wraps (unsigned i
    // from 5 down to 0 by -1, or an unsigned i compared with a long bound).
    using V = std::conditional_t<(sizeof(L) < sizeof(T)), L, T>;
    using UV = std::make_unsigned_t<V>;
    HPPRT_ASSERT(static_cast<T>(static_cast<V>(u)) == u,
                 "hpp: a '!=' bound the loop variable cannot hold is never "
                 "reached");
    const UV from = static_cast<UV>(static_cast<V>(l));
    const UV to = static_cast<UV>(static_cast<V>(u));
    const Wide dist = static_cast<Wide>(step > 0 ? static_cast<UV>(to - from)
                                                 : static_cast<UV>(from - to));
    HPPRT_ASSERT(dist % s == 0, "hpp: a '!=' loop whose step does not divide "
                                "the distance never reaches its bound");
    return detail::checked_count(dist / s);
  }
  }
  return 0;
}

/// The loop variable's value at normalised iteration iv: lb + iv * step,
/// wrapping modulo 2^bits exactly like `i += step` does on an unsigned i.
template <class T>
HPPRT_HOST_DEVICE T index_at(T lb, index_t iv, long long step) {
  static_assert(std::is_integral<T>::value,
                "hpp: canonical loops need an integer loop variable");
  using Wide = unsigned long long;
  // Computed in 64-bit unsigned arithmetic and narrowed, so that small types
  // do not promote to int and overflow in the multiplication.
  return static_cast<T>(static_cast<std::make_unsigned_t<T>>(
      static_cast<Wide>(lb) + static_cast<Wide>(iv) * static_cast<Wide>(step)));
}

/// Division of normalised iteration numbers by one extent of a collapsed
/// loop, which recovers each user index from the flat iteration number.
/// A hardware divide of 64-bit integers is a long subroutine on GPUs (and
/// 25-40 cycles on CPUs) and a collapsed loop needs one per dimension and
/// iteration; where every dividend fits in 32 bits (the usual case) a
/// multiply-high and a shift by constants computed when the loop starts do
/// it (Granlund and Montgomery's round-up method: with l = ceil(log2 d),
/// n / d = (n * (2^32 + m)) >> (32 + l) for every n < 2^32, where
/// m = floor(2^32 (2^l - d) / d) + 1 fits in 32 bits). Larger iteration
/// spaces divide in 64 bits; the test is uniform across a kernel's threads.
/// A root loop builds its dividers once on the host; a nested loop of a GPU
/// kernel (a thread loop in a team loop: its extents may depend on the
/// team's variables) builds them on every thread, for one 64-bit division
/// each, what a single iteration would otherwise pay per dimension.
class FastDiv {
public:
  /// Divides by d every n in [0, max_n]; d <= 0 (an empty dimension, where
  /// nothing is divided) is accepted.
  HPPRT_HOST_DEVICE FastDiv(index_t d, index_t max_n) : d_(d) {
    const std::uint64_t limit = std::numeric_limits<std::uint32_t>::max();
    narrow_ = d > 0 && max_n >= 0 && static_cast<std::uint64_t>(max_n) <= limit &&
              static_cast<std::uint64_t>(d) <= limit;
    if (!narrow_)
      return;
    const std::uint64_t ud = static_cast<std::uint64_t>(d);
    shift_ = detail::ceil_log2(ud);
    multiplier_ = static_cast<std::uint32_t>(
        ((std::uint64_t{1} << 32) * ((std::uint64_t{1} << shift_) - ud)) / ud + 1);
  }

  /// n / d for 0 <= n <= max_n.
  /// Narrow: n, d and so the quotient and remainder fit in 32 bits, which
  /// the arithmetic says (one 32 x 32 -> 64 multiply for the high half,
  /// a 32-bit multiply and subtraction for the remainder) rather than
  /// leaving a GPU compiler to emulate 64-bit products.
  HPPRT_HOST_DEVICE index_t divide(index_t n) const {
    if (!narrow_)
      return n / d_;
    const std::uint32_t un = static_cast<std::uint32_t>(n);
    const std::uint64_t high = (static_cast<std::uint64_t>(un) * multiplier_) >> 32;
    return static_cast<index_t>((high + un) >> shift_);
  }

  /// Returns n % d and leaves n / d in n: peels the innermost index off a
  /// flat iteration number.
  HPPRT_HOST_DEVICE index_t peel(index_t &n) const {
    const index_t q = divide(n);
    const index_t r =
        narrow_ ? static_cast<index_t>(static_cast<std::uint32_t>(n) -
                                       static_cast<std::uint32_t>(q) *
                                           static_cast<std::uint32_t>(d_))
                : n - q * d_;
    n = q;
    return r;
  }

private:
  index_t d_;
  std::uint32_t multiplier_ = 0;
  unsigned shift_ = 0;
  bool narrow_ = false;
};

/// Where the row of a collapsed loop's innermost dimension that flat
/// iteration iv (at position first of the row, whose extent is n) ends
/// within a chunk ending at chunk_end.
HPPRT_HOST_DEVICE inline index_t row_end(index_t iv, index_t first, index_t n,
                                         index_t chunk_end) {
  const index_t end = iv + (n - first);
  return end < chunk_end ? end : chunk_end;
}

/// Rounds bytes up to a multiple of alignment (which need not be a power of
/// two); used to lay out several scratch arrays in one buffer.
HPPRT_HOST_DEVICE constexpr std::size_t align_up(std::size_t bytes,
                                                 std::size_t alignment) {
  return alignment == 0 ? bytes
                        : (bytes + alignment - 1) / alignment * alignment;
}

/// A half-open range of normalised iterations [begin, end).
struct Chunk {
  index_t begin;
  index_t end;
};

/// Contiguous balanced partition of [0, n) over size workers; the first
/// n % size ranks get one extra iteration. Rank order is iteration order,
/// which ordered (deterministic) reductions, loc-reductions and scans rely on.
HPPRT_HOST_DEVICE inline Chunk static_chunk(index_t n, int rank, int size) {
  if (n <= 0 || size <= 0 || rank < 0)
    return {0, 0};
  if (rank >= size)
    return {n, n};
  const index_t q = n / size;
  const index_t r = n % size;
  const index_t begin = rank * q + (rank < r ? rank : r);
  return {begin, begin + q + (rank < r ? 1 : 0)};
}

} // namespace hpprt
