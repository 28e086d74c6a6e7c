//===- reduce_ops.hpp - Reduction operators ---------------------*- C++ -*-===//
/// \file
/// The reduction operators of the `reduction(op: v)` clause as types, so that
/// the per-backend combine code (Partials, warp shuffles, ...) is written once
/// per shape and instantiated per operator. Each has identity<T>() and
/// join(acc, v), which computes acc = acc op v.
//===----------------------------------------------------------------------===//
#pragma once

#include <limits>
#include <type_traits>

#include "macros.hpp"

namespace hpprt {

struct Sum {
  template <class T> HPPRT_HOST_DEVICE static T identity() { return T(0); }
  template <class T> HPPRT_HOST_DEVICE static void join(T &acc, const T &v) {
    acc += v;
  }
};

struct Prod {
  template <class T> HPPRT_HOST_DEVICE static T identity() { return T(1); }
  template <class T> HPPRT_HOST_DEVICE static void join(T &acc, const T &v) {
    acc *= v;
  }
};

struct Min {
  // Infinity rather than max() for floating types: a min over an empty range
  // must not invent a finite value that data could equal.
  template <class T> HPPRT_HOST_DEVICE static T identity() {
    using L = std::numeric_limits<T>;
    if constexpr (L::has_infinity)
      return L::infinity();
    else
      return L::max();
  }
  template <class T> HPPRT_HOST_DEVICE static void join(T &acc, const T &v) {
    if (v < acc)
      acc = v;
  }
};

struct Max {
  template <class T> HPPRT_HOST_DEVICE static T identity() {
    using L = std::numeric_limits<T>;
    if constexpr (L::has_infinity)
      return -L::infinity();
    else
      return L::lowest();
  }
  template <class T> HPPRT_HOST_DEVICE static void join(T &acc, const T &v) {
    if (acc < v)
      acc = v;
  }
};

struct BAnd {
  template <class T> HPPRT_HOST_DEVICE static T identity() {
    return static_cast<T>(~T(0));
  }
  template <class T> HPPRT_HOST_DEVICE static void join(T &acc, const T &v) {
    acc = static_cast<T>(acc & v);
  }
};

struct BOr {
  template <class T> HPPRT_HOST_DEVICE static T identity() { return T(0); }
  template <class T> HPPRT_HOST_DEVICE static void join(T &acc, const T &v) {
    acc = static_cast<T>(acc | v);
  }
};

struct BXor {
  template <class T> HPPRT_HOST_DEVICE static T identity() { return T(0); }
  template <class T> HPPRT_HOST_DEVICE static void join(T &acc, const T &v) {
    acc = static_cast<T>(acc ^ v);
  }
};

// Logical operators keep the variable's own type, as C does for `s = s && x`
// on an int s.
struct LAnd {
  template <class T> HPPRT_HOST_DEVICE static T identity() {
    return static_cast<T>(true);
  }
  template <class T> HPPRT_HOST_DEVICE static void join(T &acc, const T &v) {
    acc = static_cast<T>(acc && v);
  }
};

struct LOr {
  template <class T> HPPRT_HOST_DEVICE static T identity() {
    return static_cast<T>(false);
  }
  template <class T> HPPRT_HOST_DEVICE static void join(T &acc, const T &v) {
    acc = static_cast<T>(acc || v);
  }
};

/// minloc/maxloc: a candidate replaces the current value only when strictly
/// better. With candidates visited in iteration order (ordered combine over
/// contiguous rank-ordered chunks), this gives the serial first occurrence,
/// and the variable's initial value wins ties.
struct MinLoc {
  template <class V> HPPRT_HOST_DEVICE static V identity() {
    return Min::identity<V>();
  }
  template <class V>
  HPPRT_HOST_DEVICE static bool better(const V &candidate, const V &current) {
    return candidate < current;
  }
  /// Ordered join of (v, i) into (val, idx); (v, i) must come later in
  /// iteration order than what (val, idx) summarises.
  template <class V, class I>
  HPPRT_HOST_DEVICE static void join(V &val, I &idx, const V &v, const I &i) {
    if (better(v, val)) {
      val = v;
      idx = i;
    }
  }
};

struct MaxLoc {
  template <class V> HPPRT_HOST_DEVICE static V identity() {
    return Max::identity<V>();
  }
  template <class V>
  HPPRT_HOST_DEVICE static bool better(const V &candidate, const V &current) {
    return current < candidate;
  }
  template <class V, class I>
  HPPRT_HOST_DEVICE static void join(V &val, I &idx, const V &v, const I &i) {
    if (better(v, val)) {
      val = v;
      idx = i;
    }
  }
};

/// The identity of Op in the type of an existing variable; lets generated
/// code declare a private copy without spelling the type:
/// `auto s = hpprt::identity_like<hpprt::Sum>(hpp_red_s);`.
template <class Op, class T> HPPRT_HOST_DEVICE T identity_like(const T &) {
  return Op::template identity<T>();
}

} // namespace hpprt
