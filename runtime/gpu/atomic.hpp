//===- atomic.hpp - Device atomics of translated GPU code -------*- C++ -*-===//
/// \file
/// `hpp atomic` updates in kernels. The translator emits
/// `hpprt::gpu::atomic_add(&(x), static_cast<std::decay_t<decltype(x)>>(e))`.
/// Types: int, unsigned, long, unsigned long, long long, unsigned long long,
/// float, double. Native instructions where the hardware has them, otherwise
/// a compare-and-swap loop on the bit pattern. min/max write only when the
/// new value compares less/greater, exactly as the host version does (so
/// -0.0 does not replace +0.0, and NaN never replaces anything). Each
/// function returns the old value.
//===----------------------------------------------------------------------===//
#pragma once

#include "config.hpp"


#include <hpp/atomic.hpp>

#include <type_traits>

namespace hpprt {
namespace gpu {
namespace detail {

template <class T> constexpr bool atomic_int() {
  return std::is_integral<T>::value && !std::is_same<T, bool>::value &&
         (sizeof(T) == 4 || sizeof(T) == 8);
}
template <class T> constexpr bool atomic_any() {
  return atomic_int<T>() || std::is_same<T, float>::value ||
         std::is_same<T, double>::value;
}
template <class T>
using atomic_bits_t =
    std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>;

#ifdef HPPRT_GPU_COMPILE
template <class T> __device__ atomic_bits_t<T> to_bits(T v) {
  atomic_bits_t<T> b;
  memcpy(&b, &v, sizeof(T));
  return b;
}
template <class T> __device__ T from_bits(atomic_bits_t<T> b) {
  T v;
  memcpy(&v, &b, sizeof(T));
  return v;
}

/// Compare-and-swap loop: stores update(old) unless skip(old); returns old.
template <class T, class U, class S>
__device__ T atomic_cas_loop(T *p, U update, S skip) {
  using B = atomic_bits_t<T>;
  B *bp = reinterpret_cast<B *>(p);
  B old = *reinterpret_cast<volatile B *>(bp);
  for (;;) {
    const T cur = from_bits<T>(old);
    if (skip(cur))
      return cur;
    const B prev = atomicCAS(bp, old, to_bits<T>(update(cur)));
    if (prev == old)
      return cur;
    old = prev;
  }
}

/// The native integer type of the same size and signedness, for the
/// atomic* intrinsics (long is long long on LP64).
template <class T>
using native_t = std::conditional_t<
    std::is_floating_point<T>::value, T,
    std::conditional_t<
        sizeof(T) == 4,
        std::conditional_t<std::is_signed<T>::value, int, unsigned>,
        std::conditional_t<std::is_signed<T>::value, long long,
                           unsigned long long>>>;
template <class T> __device__ native_t<T> *native(T *p) {
  return reinterpret_cast<native_t<T> *>(p);
}
/// Unsigned view for operations where two's complement makes sign
/// irrelevant (add, and, or, xor on 64-bit types).
template <class T> __device__ atomic_bits_t<T> *ubits(T *p) {
  return reinterpret_cast<atomic_bits_t<T> *>(p);
}
#endif

} // namespace detail

#ifdef HPPRT_GPU_COMPILE
#define HPPRT_GPU_ATOMIC_ANY(T)                                               \
  static_assert(detail::atomic_any<T>(),                                       \
                "hpp: " HPPRT_GPU_NAME " atomics support 4- and 8-byte integers, float and " \
                "double")
#define HPPRT_GPU_ATOMIC_INT(T)                                               \
  static_assert(detail::atomic_int<T>(),                                       \
                "hpp: this atomic needs a 4- or 8-byte integer")

template <class T> __device__ T device_atomic_add(T *p, T v) {
  HPPRT_GPU_ATOMIC_ANY(T);
  if constexpr (std::is_floating_point<T>::value)
    return atomicAdd(p, v);
  else
    return static_cast<T>(atomicAdd(detail::ubits(p), detail::to_bits(v)));
}

template <class T> __device__ T device_atomic_sub(T *p, T v) {
  HPPRT_GPU_ATOMIC_ANY(T);
  if constexpr (std::is_floating_point<T>::value)
    return atomicAdd(p, -v);
  else // two's complement: x - v == x + (0 - v) modulo 2^n
    return static_cast<T>(atomicAdd(
        detail::ubits(p), detail::atomic_bits_t<T>(0) - detail::to_bits(v)));
}

template <class T> __device__ T device_atomic_mul(T *p, T v) {
  HPPRT_GPU_ATOMIC_ANY(T);
  return detail::atomic_cas_loop(
      p, [v](T old) { return static_cast<T>(old * v); },
      [](T) { return false; });
}

template <class T> __device__ T device_atomic_div(T *p, T v) {
  HPPRT_GPU_ATOMIC_ANY(T);
  return detail::atomic_cas_loop(
      p, [v](T old) { return static_cast<T>(old / v); },
      [](T) { return false; });
}

template <class T> __device__ T device_atomic_min(T *p, T v) {
  HPPRT_GPU_ATOMIC_ANY(T);
  if constexpr (std::is_floating_point<T>::value)
    return detail::atomic_cas_loop(
        p, [v](T) { return v; }, [v](T old) { return !(v < old); });
  else
    return static_cast<T>(
        atomicMin(detail::native(p), static_cast<detail::native_t<T>>(v)));
}

template <class T> __device__ T device_atomic_max(T *p, T v) {
  HPPRT_GPU_ATOMIC_ANY(T);
  if constexpr (std::is_floating_point<T>::value)
    return detail::atomic_cas_loop(
        p, [v](T) { return v; }, [v](T old) { return !(old < v); });
  else
    return static_cast<T>(
        atomicMax(detail::native(p), static_cast<detail::native_t<T>>(v)));
}

template <class T> __device__ T device_atomic_and(T *p, T v) {
  HPPRT_GPU_ATOMIC_INT(T);
  return static_cast<T>(atomicAnd(detail::ubits(p), detail::to_bits(v)));
}
template <class T> __device__ T device_atomic_or(T *p, T v) {
  HPPRT_GPU_ATOMIC_INT(T);
  return static_cast<T>(atomicOr(detail::ubits(p), detail::to_bits(v)));
}
template <class T> __device__ T device_atomic_xor(T *p, T v) {
  HPPRT_GPU_ATOMIC_INT(T);
  return static_cast<T>(atomicXor(detail::ubits(p), detail::to_bits(v)));
}
template <class T> __device__ T device_atomic_shl(T *p, T v) {
  HPPRT_GPU_ATOMIC_INT(T);
  return detail::atomic_cas_loop(
      p, [v](T old) { return static_cast<T>(old << v); },
      [](T) { return false; });
}
template <class T> __device__ T device_atomic_shr(T *p, T v) {
  HPPRT_GPU_ATOMIC_INT(T);
  return detail::atomic_cas_loop(
      p, [v](T old) { return static_cast<T>(old >> v); },
      [](T) { return false; });
}

template <class T> __device__ T device_atomic_exchange(T *p, T v) {
  HPPRT_GPU_ATOMIC_ANY(T);
  return detail::from_bits<T>(atomicExch(detail::ubits(p), detail::to_bits(v)));
}
/// Stores desired if *p has expected's bit pattern; returns the old value.
template <class T>
__device__ T device_atomic_compare_exchange(T *p, T expected, T desired) {
  HPPRT_GPU_ATOMIC_ANY(T);
  return detail::from_bits<T>(atomicCAS(
      detail::ubits(p), detail::to_bits(expected), detail::to_bits(desired)));
}

// The public functions run on the host too: an atomic outside any region
// may sit in a function compiled for both (`__host__ __device__`), and is
// then made atomic with the host's builtins.
#define HPPRT_GPU_HOST_DEVICE_ATOMIC(Name, HostUpdate, HostSkip)                \
  template <class T> __host__ __device__ T atomic_##Name(T *p, T v) {          \
    HPPRT_ATOMIC_DISPATCH(device_atomic_##Name(p, v),                          \
                          hpp::detail::atomic_cas_loop(p, HostUpdate, HostSkip)) \
  }
#ifdef HPPRT_GPU_DEVICE_PASS
#define HPPRT_ATOMIC_DISPATCH(Device, Host) return Device;
#else
#define HPPRT_ATOMIC_DISPATCH(Device, Host) return Host;
#endif
#define HPPRT_NEVER [](T) { return false; }
HPPRT_GPU_HOST_DEVICE_ATOMIC(add, [v](T o) { return static_cast<T>(o + v); }, HPPRT_NEVER)
HPPRT_GPU_HOST_DEVICE_ATOMIC(sub, [v](T o) { return static_cast<T>(o - v); }, HPPRT_NEVER)
HPPRT_GPU_HOST_DEVICE_ATOMIC(mul, [v](T o) { return static_cast<T>(o * v); }, HPPRT_NEVER)
HPPRT_GPU_HOST_DEVICE_ATOMIC(div, [v](T o) { return static_cast<T>(o / v); }, HPPRT_NEVER)
HPPRT_GPU_HOST_DEVICE_ATOMIC(min, [v](T) { return v; }, [v](T o) { return !(v < o); })
HPPRT_GPU_HOST_DEVICE_ATOMIC(max, [v](T) { return v; }, [v](T o) { return !(o < v); })
HPPRT_GPU_HOST_DEVICE_ATOMIC(and, [v](T o) { return static_cast<T>(o & v); }, HPPRT_NEVER)
HPPRT_GPU_HOST_DEVICE_ATOMIC(or, [v](T o) { return static_cast<T>(o | v); }, HPPRT_NEVER)
HPPRT_GPU_HOST_DEVICE_ATOMIC(xor, [v](T o) { return static_cast<T>(o ^ v); }, HPPRT_NEVER)
HPPRT_GPU_HOST_DEVICE_ATOMIC(shl, [v](T o) { return static_cast<T>(o << v); }, HPPRT_NEVER)
HPPRT_GPU_HOST_DEVICE_ATOMIC(shr, [v](T o) { return static_cast<T>(o >> v); }, HPPRT_NEVER)
HPPRT_GPU_HOST_DEVICE_ATOMIC(exchange, [v](T) { return v; }, HPPRT_NEVER)
#undef HPPRT_NEVER
#undef HPPRT_ATOMIC_DISPATCH
#undef HPPRT_GPU_HOST_DEVICE_ATOMIC

/// x++ and x--; returns the old value.
template <class T> __host__ __device__ T atomic_inc(T *p) { return atomic_add(p, T(1)); }
template <class T> __host__ __device__ T atomic_dec(T *p) { return atomic_sub(p, T(1)); }

/// Stores desired if *p has expected's bit pattern; returns the old value.
template <class T>
__host__ __device__ T atomic_compare_exchange(T *p, T expected, T desired) {
#ifdef HPPRT_GPU_DEVICE_PASS
  return device_atomic_compare_exchange(p, expected, desired);
#else
  hpp::detail::atomic_cas(p, expected, desired);
  return expected;
#endif
}

#undef HPPRT_GPU_ATOMIC_ANY
#undef HPPRT_GPU_ATOMIC_INT
#endif // HPPRT_GPU_COMPILE

} // namespace gpu
} // namespace hpprt
