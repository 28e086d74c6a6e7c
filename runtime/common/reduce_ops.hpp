//===- reduce_ops.hpp - Reduction operators ---------------------*- C++ -*-===//
/// \file
/// The reduction operators of the `reduction(op: v)` clause as types, so that
/// the per-backend combine code (Partials, warp shuffles, ...) is written once
/// per shape and instantiated per operator. Each has identity<T>() and
/// join(acc, v), which computes acc = acc op v. The built-in operators are
/// stateless (static members); UserOp carries the user's reducer, so the
/// runtime's entry points take an operator object, defaulted for the
/// built-in ones (a static member is callable through an object).
//===----------------------------------------------------------------------===//
#pragma once

#include <limits>
#include <type_traits>
#include <utility>

#include "macros.hpp"

namespace hpprt {

struct Sum {
  // -0.0 for floating types: the one value with -0.0 + x == x for every x
  // (+0.0 + -0.0 is +0.0), so accumulators start without changing a sign
  // of zero, and compilers may drop `identity + x` (for +0.0 they must keep
  // the add: a scan's double contributions then cost an add per item, and
  // the generated scan ran 8% behind the bare protocol; docs/performance.md).
  template <class T> HPPRT_HOST_DEVICE static T identity() {
    if constexpr (std::is_floating_point<T>::value)
      return -T(0);
    else
      return T(0);
  }
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

/// What a tie between a minloc/maxloc loop's result and the variable's
/// initial value gives; the serial body decides it, so hppc passes it on.
enum class InitialTie {
  Kept,     ///< `if (x < v)`: the initial value stays
  Replaced, ///< `if (x <= v)`: a tied element replaces it
  ByIndex,  ///< `x < v || (x == v && k < i)`: the index rule decides
};

/// minloc/maxloc: a candidate replaces the current value only when strictly
/// better. With candidates visited in iteration order (ordered combine over
/// contiguous rank-ordered chunks), this gives the serial first occurrence.
/// How ties with the variable's initial value go is initial_tie (see
/// InitialOnTies).
struct MinLoc {
  /// Ties among partial results go to the lowest index (see HighestOnTies).
  static constexpr bool highest_index_on_ties = false;
  static constexpr InitialTie initial_tie = InitialTie::Kept;
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
  static constexpr bool highest_index_on_ties = false;
  static constexpr InitialTie initial_tie = InitialTie::Kept;
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

/// MinLoc or MaxLoc whose ties among partial results go to the highest
/// index. Partials are each thread's first (or last) candidate in
/// iteration order; the serial loop keeps the one met first (or last)
/// overall, which is the highest index when the loop runs downwards (or,
/// keeping the last, upwards). hppc picks this when it recognises the body.
template <class Op> struct HighestOnTies : Op {
  static constexpr bool highest_index_on_ties = true;
};

/// Whether partial (v, i) replaces (val, idx) when combining partials:
/// the better value, or an equal one at the index the tie rule prefers.
/// Symmetric in its two arguments, so any combine order gives one result.
template <class Op, class V, class I>
HPPRT_HOST_DEVICE bool loc_wins(const V &v, const I &i, const V &val, const I &idx) {
  if (Op::better(v, val))
    return true;
  if (Op::better(val, v))
    return false;
  return Op::highest_index_on_ties ? idx < i : i < idx;
}

/// The index of a partial that saw no candidate: it loses every tie.
template <class Op, class I> HPPRT_HOST_DEVICE I loc_identity_index() {
  if constexpr (std::numeric_limits<I>::is_specialized)
    return Op::highest_index_on_ties ? std::numeric_limits<I>::lowest()
                                     : std::numeric_limits<I>::max();
  else
    return I();
}

/// A loc operator whose ties with the variable's initial value go as T
/// says: hppc spells `InitialOnTies<Op, InitialTie::Replaced>` for a body
/// that keeps the last of equal values, ByIndex for one that compares
/// indices itself.
template <class Op, InitialTie T> struct InitialOnTies : Op {
  static constexpr InitialTie initial_tie = T;
};

/// Whether the loop's result (v, i) replaces the variable's initial
/// (val, idx), as the serial body would have let it: a better value does;
/// on a tie, the body's rule (Op::initial_tie). A result at
/// loc_identity_index is no candidate (no thread saw one), so it never
/// replaces the initial value. Every backend and level combines the
/// initial value through this function.
template <class Op, class V, class I>
HPPRT_HOST_DEVICE bool loc_replaces_initial(const V &v, const I &i, const V &val,
                                            const I &idx) {
  if (Op::better(v, val))
    return true;
  if (Op::better(val, v))
    return false;
  if constexpr (Op::initial_tie == InitialTie::Replaced)
    return i != loc_identity_index<Op, I>();
  else if constexpr (Op::initial_tie == InitialTie::ByIndex)
    return Op::highest_index_on_ties ? idx < i : i < idx;
  else
    return false;
}

namespace detail {
// The detection idiom: whether a const R can be called as init(T&) and as
// join(T&, const T&), the shape of a Kokkos custom reducer or reducing
// functor.
template <class R, class T, class = void> struct has_init : std::false_type {};
template <class R, class T>
struct has_init<R, T,
                std::void_t<decltype(std::declval<const R &>().init(
                    std::declval<T &>()))>> : std::true_type {};
template <class R, class T, class = void> struct has_join : std::false_type {};
template <class R, class T>
struct has_join<R, T,
                std::void_t<decltype(std::declval<const R &>().join(
                    std::declval<T &>(), std::declval<const T &>()))>>
    : std::true_type {};
} // namespace detail

/// The operator of `reduction(user(r): v)`: a copy of the user's reducer
/// object r. The identity is r.init(v) on a value-initialised v, or T() when
/// R has no init(T&) const; join is r.join(acc, v), or acc += v when R has no
/// join(T&, const T&) const (Kokkos' defaults for reducing functors).
template <class R> struct UserOp {
  R reducer;

  template <class T> HPPRT_HOST_DEVICE T identity() const {
    T v{};
    if constexpr (detail::has_init<R, T>::value)
      reducer.init(v);
    return v;
  }
  template <class T> HPPRT_HOST_DEVICE void join(T &acc, const T &v) const {
    if constexpr (detail::has_join<R, T>::value)
      reducer.join(acc, v);
    else
      acc += v;
  }
};

/// `const auto hpp_op = hpprt::user_op(r);` in generated code.
template <class R> HPPRT_HOST_DEVICE UserOp<R> user_op(const R &r) {
  return UserOp<R>{r};
}

/// The reducer of `reduction(user(join_fn, init_fn): v)`: J and I are
/// lambdas, generated in the user's scope, that call join_fn(acc, v) and
/// init_fn(v) by name, so that overloads and templates resolve there:
/// `const hpprt::UserOp<hpprt::JoinInit<J, I>> op{{join, init}};`.
template <class J, class I> struct JoinInit {
  J join_fn;
  I init_fn;

  template <class T> HPPRT_HOST_DEVICE void init(T &v) const { init_fn(v); }
  template <class T> HPPRT_HOST_DEVICE void join(T &acc, const T &v) const {
    join_fn(acc, v);
  }
};

/// The identity of Op in the type of an existing variable; lets generated
/// code declare a private copy without spelling the type:
/// `auto s = hpprt::identity_like<hpprt::Sum>(hpp_red_s);`.
template <class Op, class T> HPPRT_HOST_DEVICE T identity_like(const T &) {
  return Op::template identity<T>();
}

/// The same for an operator object (a UserOp):
/// `auto s = hpprt::identity_like(hpp_op0_s, hpp_red_s);`.
template <class Op, class T>
HPPRT_HOST_DEVICE T identity_like(const Op &op, const T &) {
  return op.template identity<T>();
}

} // namespace hpprt
