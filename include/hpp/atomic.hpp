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
//===----------------------------------------------------------------------===//
#pragma once

#include <type_traits>

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

} // namespace detail

#define HPP_ATOMIC_CHECK(T)                                                    \
  static_assert(detail::atomic_supported<T>(),                                 \
                "hpp atomics support 1/2/4/8-byte integers, float and double")
#define HPP_ATOMIC_CHECK_INT(T)                                                \
  static_assert(std::is_integral<T>::value && !std::is_same<T, bool>::value && \
                    sizeof(T) <= 8,                                            \
                "hpp bitwise atomics need an integer type")

template <class T> T atomic_load(const T* p) {
  HPP_ATOMIC_CHECK(T);
  return detail::atomic_load_value(p);
}

template <class T> void atomic_store(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK(T);
  __atomic_store(p, &v, __ATOMIC_SEQ_CST);
}

template <class T> T atomic_fetch_add(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK(T);
  if constexpr (std::is_floating_point<T>::value)
    return detail::atomic_cas_loop(
        p, [v](T old) { return old + v; }, [](T) { return false; });
  else
    return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}

template <class T> T atomic_fetch_sub(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK(T);
  if constexpr (std::is_floating_point<T>::value)
    return detail::atomic_cas_loop(
        p, [v](T old) { return old - v; }, [](T) { return false; });
  else
    return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST);
}

template <class T> T atomic_fetch_min(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK(T);
  return detail::atomic_cas_loop(
      p, [v](T) { return v; }, [v](T old) { return !(v < old); });
}

template <class T> T atomic_fetch_max(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK(T);
  return detail::atomic_cas_loop(
      p, [v](T) { return v; }, [v](T old) { return !(old < v); });
}

template <class T> T atomic_fetch_and(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK_INT(T);
  return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST);
}

template <class T> T atomic_fetch_or(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK_INT(T);
  return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST);
}

template <class T> T atomic_fetch_xor(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK_INT(T);
  return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST);
}

template <class T> T atomic_exchange(T* p, detail::non_deduced_t<T> v) {
  HPP_ATOMIC_CHECK(T);
  T old;
  __atomic_exchange(p, &v, &old, __ATOMIC_SEQ_CST);
  return old;
}

/// Stores desired if *p equals expected; returns the value *p held before,
/// which equals expected exactly when the store happened.
template <class T>
T atomic_compare_exchange(T* p, detail::non_deduced_t<T> expected,
                          detail::non_deduced_t<T> desired) {
  HPP_ATOMIC_CHECK(T);
  detail::atomic_cas(p, expected, desired);
  return expected;
}

// Shorthands for updates whose old value is not needed.
template <class T> void atomic_add(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_add(p, v);
}
template <class T> void atomic_sub(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_sub(p, v);
}
template <class T> void atomic_min(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_min(p, v);
}
template <class T> void atomic_max(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_max(p, v);
}
template <class T> void atomic_and(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_and(p, v);
}
template <class T> void atomic_or(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_or(p, v);
}
template <class T> void atomic_xor(T* p, detail::non_deduced_t<T> v) {
  (void)atomic_fetch_xor(p, v);
}
template <class T> void atomic_increment(T* p) { atomic_add(p, T(1)); }
template <class T> void atomic_decrement(T* p) { atomic_sub(p, T(1)); }

#undef HPP_ATOMIC_CHECK
#undef HPP_ATOMIC_CHECK_INT

} // namespace hpp
