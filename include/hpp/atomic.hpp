//===- atomic.hpp - Host atomics of the hpp API -----------------*- C++ -*-===//
/// \file
/// Atomic read-modify-write operations on plain memory (no std::atomic
/// wrapper), as the `hpp atomic` pragma and Kokkos-style code need them. They
/// are built on the GCC/Clang __atomic builtins so that this header works in
/// the serial reference build and in translated OpenMP programs alike; the
/// runtime (hpprt) re-exports these same functions.
///
/// Supported types: integers of 1, 2, 4 or 8 bytes, float and double.
/// Floating-point add/min/max and integer min/max are compare-and-swap loops
/// on the value's bit pattern; the floating-point compare-exchange therefore
/// compares bit patterns (0.0 and -0.0 differ; a NaN matches itself).
///
/// Every operation is sequentially consistent: users build flags and locks
/// from exchange and compare-exchange, and on x86 a relaxed RMW costs the same.
///
/// Every function is HPP_FUNCTION: regions and hpp::parallel_* bodies call
/// them on every backend. In a GPU compiler's device pass (HPP_DEVICE_PASS)
/// they are CUDA/HIP atomics, relaxed and device-wide as those are: native
/// instructions for 4- and 8-byte values where the hardware has them, a
/// compare-and-swap loop on the bit pattern otherwise (1- and 2-byte values
/// on the aligned 32-bit word that holds them). Results are the same as on
/// the host; only the ordering of unrelated memory differs, as it does for
/// every atomic a kernel runs (use them for counts, sums, extrema, ids,
/// not to publish other data without a fence).
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "config.hpp"

namespace hpp {
namespace detail {

template <class T> constexpr bool atomic_supported() {
  return (std::is_integral<T>::value && !std::is_same<T, bool>::value &&
          sizeof(T) <= 8) ||
         std::is_same<T, float>::value || std::is_same<T, double>::value;
}

template <class T> T atomic_load_value(const T* p) {
  T v;
  __atomic_load(p, &v, __ATOMIC_SEQ_CST);
  return v;
}

// Strong CAS on the bit pattern; on failure `expected` receives the current
// value, as the builtin does.
template <class T> bool atomic_cas(T* p, T& expected, T desired) {
  return __atomic_compare_exchange(p, &expected, &desired, /*weak=*/false,
                                   __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

// Generic read-modify-write by CAS; returns the old value. `skip(old)` allows
// min/max to return without writing when the stored value already wins.
template <class T, class F, class Skip>
T atomic_cas_loop(T* p, F update, Skip skip) {
  T old = atomic_load_value(p);
  while (!skip(old) && !atomic_cas(p, old, update(old))) {
  }
  return old;
}

// The value operand does not take part in deduction, so that
// atomic_add(&double_var, 1) converts 1 to double as `x += 1` would.
template <class T> struct NonDeduced { using type = T; };
template <class T> using non_deduced_t = typename NonDeduced<T>::type;

#ifdef HPP_DEVICE_PASS
// The device paths. Function objects, not lambdas, so that the host and
// device passes see the same lambdas in every function.
template <class T>
using dev_word_t = std::conditional_t<sizeof(T) == 8, unsigned long long, unsigned>;

template <class T> __device__ dev_word_t<T> dev_bits(T v) {
  dev_word_t<T> b = 0;
  memcpy(&b, &v, sizeof(T));
  return b;
}
template <class T> __device__ T dev_value(dev_word_t<T> b) {
  T v;
  memcpy(&v, &b, sizeof(T));
  return v;
}
template <class T> __device__ dev_word_t<T>* dev_word(T* p) {
  return reinterpret_cast<dev_word_t<T>*>(p);
}
template <class T> __device__ T dev_load(const T* p) {
  return *reinterpret_cast<const volatile T*>(p);
}

/// Compare-and-swap on T's bit pattern; returns the value *p held before.
template <class T> __device__ T dev_cas(T* p, T expected, T desired) {
  if constexpr (sizeof(T) >= 4) {
    return dev_value<T>(atomicCAS(dev_word(p), dev_bits(expected), dev_bits(desired)));
  } else {
    // No 1- or 2-byte CAS: swap the aligned 32-bit word holding the value
    // (little-endian, as every GPU hpp targets is).
    const std::uintptr_t a = reinterpret_cast<std::uintptr_t>(p);
    unsigned* w = reinterpret_cast<unsigned*>(a & ~std::uintptr_t(3));
    const unsigned shift = unsigned(a & 3) * 8;
    const unsigned mask = ((1u << (8 * sizeof(T))) - 1u) << shift;
    unsigned old = *reinterpret_cast<volatile unsigned*>(w);
    for (;;) {
      const unsigned cur = (old & mask) >> shift;
      if (cur != dev_bits(expected))
        return dev_value<T>(cur);
      const unsigned prev = atomicCAS(w, old, (old & ~mask) | (dev_bits(desired) << shift));
      if (prev == old)
        return expected;
      old = prev;
    }
  }
}

/// Stores update(old) unless skip(old); returns old.
template <class T, class Update, class Skip>
__device__ T dev_cas_loop(T* p, Update update, Skip skip) {
  T old = dev_load(p);
  for (;;) {
    if (skip(old))
      return old;
    const T prev = dev_cas(p, old, update(old));
    if (dev_bits(prev) == dev_bits(old))
      return old;
    old = prev;
  }
}

struct DevNever {
  template <class T> __device__ bool operator()(T) const { return false; }
};
template <class T> struct DevAdd {
  T v;
  __device__ T operator()(T o) const { return static_cast<T>(o + v); }
};
template <class T> struct DevSub {
  T v;
  __device__ T operator()(T o) const { return static_cast<T>(o - v); }
};
template <class T> struct DevAnd {
  T v;
  __device__ T operator()(T o) const { return static_cast<T>(o & v); }
};
template <class T> struct DevOr {
  T v;
  __device__ T operator()(T o) const { return static_cast<T>(o | v); }
};
template <class T> struct DevXor {
  T v;
  __device__ T operator()(T o) const { return static_cast<T>(o ^ v); }
};
template <class T> struct DevSet {
  T v;
  __device__ T operator()(T) const { return v; }
};
/// min/max store only when the new value wins, as the host CAS loop does.
template <class T> struct DevMinDone {
  T v;
  __device__ bool operator()(T o) const { return !(v < o); }
};
template <class T> struct DevMaxDone {
  T v;
  __device__ bool operator()(T o) const { return !(o < v); }
};
/// Whether atomicMin/atomicMax exist for T (HIP 5.2 has no signed 64-bit
/// ones on AMD; a CAS loop does those).
template <class T>
constexpr bool dev_native_minmax =
    std::is_integral<T>::value && sizeof(T) >= 4
#if !defined(__CUDA_ARCH__)
    && !(sizeof(T) == 8 && std::is_signed<T>::value)
#endif
    ;
/// The type CUDA's and HIP's atomicMin/atomicMax take for T.
template <class T>
using dev_minmax_t = std::conditional_t<
    sizeof(T) == 4, std::conditional_t<std::is_signed<T>::value, int, unsigned>,
    std::conditional_t<std::is_signed<T>::value, long long, unsigned long long>>;
#endif // HPP_DEVICE_PASS

} // namespace detail

#define HPP_ATOMIC_CHECK(T)                                                    \
  static_assert(detail::atomic_supported<T>(),                                 \
                "hpp atomics support 1/2/4/8-byte integers, float and double")
#define HPP_ATOMIC_CHECK_INT(T)                                                \
  static_assert(std::is_integral<T>::value && !std::is_same<T, bool>::value && \
                    sizeof(T) <= 8,                                            \
                "hpp bitwise atomics need an integer type")

template <class T> HPP_FUNCTION T atomic_load(const T* p) {
  HPP_ATOMIC_CHECK(T);
#ifdef HPP_DEVICE_PASS
  return detail::dev_load(p);
#else
  return detail::atomic_load_value(p);
#endif
}

template <class T> HPP_FUNCTION void atomic_store(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK(T);
#ifdef HPP_DEVICE_PASS
  if constexpr (sizeof(T) >= 4)
    (void)atomicExch(detail::dev_word(p), detail::dev_bits(v));
  else
    (void)detail::dev_cas_loop(p, detail::DevSet<T>{v}, detail::DevNever{});
#else
  __atomic_store(p, &v, __ATOMIC_SEQ_CST);
#endif
}

template <class T> HPP_FUNCTION T atomic_fetch_add(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK(T);
#ifdef HPP_DEVICE_PASS
  if constexpr (std::is_floating_point<T>::value)
    return atomicAdd(p, v);
  else if constexpr (sizeof(T) >= 4)
    return detail::dev_value<T>(atomicAdd(detail::dev_word(p), detail::dev_bits(v)));
  else
    return detail::dev_cas_loop(p, detail::DevAdd<T>{v}, detail::DevNever{});
#else
  if constexpr (std::is_floating_point<T>::value)
    return detail::atomic_cas_loop(
        p, [v](T old) { return old + v; }, [](T) { return false; });
  else
    return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
#endif
}

template <class T> HPP_FUNCTION T atomic_fetch_sub(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK(T);
#ifdef HPP_DEVICE_PASS
  if constexpr (std::is_floating_point<T>::value)
    return atomicAdd(p, -v);
  else if constexpr (sizeof(T) >= 4) // x - v == x + (0 - v) modulo 2^n
    return detail::dev_value<T>(atomicAdd(
        detail::dev_word(p), detail::dev_word_t<T>(0) - detail::dev_bits(v)));
  else
    return detail::dev_cas_loop(p, detail::DevSub<T>{v}, detail::DevNever{});
#else
  if constexpr (std::is_floating_point<T>::value)
    return detail::atomic_cas_loop(
        p, [v](T old) { return old - v; }, [](T) { return false; });
  else
    return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST);
#endif
}

template <class T> HPP_FUNCTION T atomic_fetch_min(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK(T);
#ifdef HPP_DEVICE_PASS
  if constexpr (detail::dev_native_minmax<T>)
    return static_cast<T>(atomicMin(reinterpret_cast<detail::dev_minmax_t<T>*>(p),
                                    static_cast<detail::dev_minmax_t<T>>(v)));
  else
    return detail::dev_cas_loop(p, detail::DevSet<T>{v}, detail::DevMinDone<T>{v});
#else
  return detail::atomic_cas_loop(
      p, [v](T) { return v; }, [v](T old) { return !(v < old); });
#endif
}

template <class T> HPP_FUNCTION T atomic_fetch_max(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK(T);
#ifdef HPP_DEVICE_PASS
  if constexpr (detail::dev_native_minmax<T>)
    return static_cast<T>(atomicMax(reinterpret_cast<detail::dev_minmax_t<T>*>(p),
                                    static_cast<detail::dev_minmax_t<T>>(v)));
  else
    return detail::dev_cas_loop(p, detail::DevSet<T>{v}, detail::DevMaxDone<T>{v});
#else
  return detail::atomic_cas_loop(
      p, [v](T) { return v; }, [v](T old) { return !(old < v); });
#endif
}

template <class T> HPP_FUNCTION T atomic_fetch_and(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK_INT(T);
#ifdef HPP_DEVICE_PASS
  if constexpr (sizeof(T) >= 4)
    return detail::dev_value<T>(atomicAnd(detail::dev_word(p), detail::dev_bits(v)));
  else
    return detail::dev_cas_loop(p, detail::DevAnd<T>{v}, detail::DevNever{});
#else
  return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST);
#endif
}

template <class T> HPP_FUNCTION T atomic_fetch_or(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK_INT(T);
#ifdef HPP_DEVICE_PASS
  if constexpr (sizeof(T) >= 4)
    return detail::dev_value<T>(atomicOr(detail::dev_word(p), detail::dev_bits(v)));
  else
    return detail::dev_cas_loop(p, detail::DevOr<T>{v}, detail::DevNever{});
#else
  return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST);
#endif
}

template <class T> HPP_FUNCTION T atomic_fetch_xor(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK_INT(T);
#ifdef HPP_DEVICE_PASS
  if constexpr (sizeof(T) >= 4)
    return detail::dev_value<T>(atomicXor(detail::dev_word(p), detail::dev_bits(v)));
  else
    return detail::dev_cas_loop(p, detail::DevXor<T>{v}, detail::DevNever{});
#else
  return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST);
#endif
}

template <class T> HPP_FUNCTION T atomic_exchange(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK(T);
#ifdef HPP_DEVICE_PASS
  if constexpr (sizeof(T) >= 4)
    return detail::dev_value<T>(atomicExch(detail::dev_word(p), detail::dev_bits(v)));
  else
    return detail::dev_cas_loop(p, detail::DevSet<T>{v}, detail::DevNever{});
#else
  T old;
  __atomic_exchange(p, &v, &old, __ATOMIC_SEQ_CST);
  return old;
#endif
}

/// Stores desired if *p equals expected (bit patterns); returns the value *p
/// held before, which equals expected exactly when the store happened.
template <class T>
HPP_FUNCTION T atomic_compare_exchange(T* p, detail::non_deduced_t<T> expected,
                                       detail::non_deduced_t<T> desired) {
  HPP_ATOMIC_CHECK(T);
#ifdef HPP_DEVICE_PASS
  return detail::dev_cas(p, expected, desired);
#else
  detail::atomic_cas(p, expected, desired);
  return expected;
#endif
}

// Shorthands for updates whose old value is not needed (Kokkos spells
// these atomic_add ... and the returning ones atomic_fetch_add ...).
template <class T> HPP_FUNCTION void atomic_add(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_add(p, v);
}
template <class T> HPP_FUNCTION void atomic_sub(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_sub(p, v);
}
template <class T> HPP_FUNCTION void atomic_min(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_min(p, v);
}
template <class T> HPP_FUNCTION void atomic_max(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_max(p, v);
}
template <class T> HPP_FUNCTION void atomic_and(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_and(p, v);
}
template <class T> HPP_FUNCTION void atomic_or(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_or(p, v);
}
template <class T> HPP_FUNCTION void atomic_xor(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_xor(p, v);
}
template <class T> HPP_FUNCTION void atomic_increment(T* p) { atomic_add(p, T(1)); }
template <class T> HPP_FUNCTION void atomic_decrement(T* p) { atomic_sub(p, T(1)); }

#undef HPP_ATOMIC_CHECK
#undef HPP_ATOMIC_CHECK_INT

} // namespace hpp
