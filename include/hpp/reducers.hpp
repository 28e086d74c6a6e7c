//===- reducers.hpp - Reducers of parallel_reduce ---------------*- C++ -*-===//
/// \file
/// The built-in reducers of Kokkos (Sum, Prod, Min, Max, MinLoc, MaxLoc,
/// MinMax, MinMaxLoc, LAnd, LOr, BAnd, BOr), each built from a reference to
/// the variable that receives the result: parallel_reduce(n, f,
/// hpp::Max<double>(m)). A user-defined reducer is any class with the same
/// members: value_type, init(value_type&), join(value_type&, const
/// value_type&) and reference().
///
/// Identities: Min/Max of a floating type start from +/-infinity (Kokkos uses
/// the largest finite value), so a reduction over an empty range does not
/// produce a value the data could hold; the runtime (hpprt) does the same.
/// MinLoc/MaxLoc/MinMaxLoc break ties by the lowest location, whichever
/// order partial results are joined in.
//===----------------------------------------------------------------------===//
#pragma once

#include <limits>
#include <type_traits>

#include "config.hpp"

namespace hpp {

/// The value type of MinLoc and MaxLoc.
template <class T, class I> struct ValLocScalar {
  T val;
  I loc;
};

/// The value type of MinMax.
template <class T> struct MinMaxScalar {
  T min_val;
  T max_val;
};

/// The value type of MinMaxLoc.
template <class T, class I> struct MinMaxLocScalar {
  T min_val;
  T max_val;
  I min_loc;
  I max_loc;
};

/// Identity elements of the built-in reductions (Kokkos' reduction_identity).
template <class T> struct reduction_identity {
  HPP_FUNCTION static constexpr T sum() { return T(0); }
  HPP_FUNCTION static constexpr T prod() { return T(1); }
  HPP_FUNCTION static constexpr T min() {
    if constexpr (std::numeric_limits<T>::has_infinity)
      return std::numeric_limits<T>::infinity();
    else
      return std::numeric_limits<T>::max();
  }
  HPP_FUNCTION static constexpr T max() {
    if constexpr (std::numeric_limits<T>::has_infinity)
      return -std::numeric_limits<T>::infinity();
    else
      return std::numeric_limits<T>::lowest();
  }
  HPP_FUNCTION static constexpr T land() { return static_cast<T>(true); }
  HPP_FUNCTION static constexpr T lor() { return static_cast<T>(false); }
  HPP_FUNCTION static constexpr T band() { return static_cast<T>(~T(0)); }
  HPP_FUNCTION static constexpr T bor() { return T(0); }
};

namespace detail {
/// What the built-in reducers share: the reference to the result.
template <class Derived, class T> class ReducerBase {
public:
  using value_type = T;
  using reducer = Derived;

  HPP_FUNCTION explicit ReducerBase(value_type& result) : Result(&result) {}
  HPP_FUNCTION value_type& reference() const { return *Result; }

private:
  value_type* Result;
};

/// What a reducer's init() sets a value to. A lowered parallel_reduce
/// declares its accumulator with it, so that the accumulator is mentioned
/// nowhere before its loop (hppc then sees that nothing but the loop and
/// the copy to the result reads it).
template <class Reducer> HPP_FUNCTION typename Reducer::value_type init_value() {
  typename Reducer::value_type v{};
  Reducer(v).init(v);
  return v;
}

/// Ties go to the lower location; loc is the tie breaker only.
template <class T, class I>
HPP_FUNCTION bool loc_better(const T& v, const I& l, const T& cur_v,
                             const I& cur_l, bool less) {
  if (less ? v < cur_v : cur_v < v)
    return true;
  return v == cur_v && l < cur_l;
}
} // namespace detail

#define HPP_SIMPLE_REDUCER(NAME, IDENTITY, JOIN)                               \
  template <class T> class NAME : public detail::ReducerBase<NAME<T>, T> {     \
  public:                                                                      \
    using value_type = T;                                                      \
    HPP_FUNCTION explicit NAME(value_type& result)                             \
        : detail::ReducerBase<NAME<T>, T>(result) {}                           \
    HPP_FUNCTION void init(value_type& v) const {                              \
      v = reduction_identity<T>::IDENTITY();                                   \
    }                                                                          \
    HPP_FUNCTION void join(value_type& dst, const value_type& src) const {     \
      JOIN;                                                                    \
    }                                                                          \
  };                                                                           \
  template <class T> NAME(T&) -> NAME<T>;

HPP_SIMPLE_REDUCER(Sum, sum, dst += src)
HPP_SIMPLE_REDUCER(Prod, prod, dst *= src)
HPP_SIMPLE_REDUCER(Min, min, if (src < dst) dst = src)
HPP_SIMPLE_REDUCER(Max, max, if (dst < src) dst = src)
HPP_SIMPLE_REDUCER(LAnd, land, dst = static_cast<T>(dst && src))
HPP_SIMPLE_REDUCER(LOr, lor, dst = static_cast<T>(dst || src))
HPP_SIMPLE_REDUCER(BAnd, band, dst = static_cast<T>(dst & src))
HPP_SIMPLE_REDUCER(BOr, bor, dst = static_cast<T>(dst | src))

#undef HPP_SIMPLE_REDUCER

/// The minimum and its location; value_type has .val and .loc. init gives
/// the identity value and the largest I as location.
template <class T, class I>
class MinLoc : public detail::ReducerBase<MinLoc<T, I>, ValLocScalar<T, I>> {
public:
  using value_type = ValLocScalar<T, I>;
  HPP_FUNCTION explicit MinLoc(value_type& result)
      : detail::ReducerBase<MinLoc<T, I>, value_type>(result) {}
  HPP_FUNCTION void init(value_type& v) const {
    v.val = reduction_identity<T>::min();
    v.loc = std::numeric_limits<I>::max();
  }
  HPP_FUNCTION void join(value_type& dst, const value_type& src) const {
    if (detail::loc_better(src.val, src.loc, dst.val, dst.loc, true))
      dst = src;
  }
};
template <class T, class I> MinLoc(ValLocScalar<T, I>&) -> MinLoc<T, I>;

/// The maximum and its location; ties go to the lowest location.
template <class T, class I>
class MaxLoc : public detail::ReducerBase<MaxLoc<T, I>, ValLocScalar<T, I>> {
public:
  using value_type = ValLocScalar<T, I>;
  HPP_FUNCTION explicit MaxLoc(value_type& result)
      : detail::ReducerBase<MaxLoc<T, I>, value_type>(result) {}
  HPP_FUNCTION void init(value_type& v) const {
    v.val = reduction_identity<T>::max();
    v.loc = std::numeric_limits<I>::max();
  }
  HPP_FUNCTION void join(value_type& dst, const value_type& src) const {
    if (detail::loc_better(src.val, src.loc, dst.val, dst.loc, false))
      dst = src;
  }
};
template <class T, class I> MaxLoc(ValLocScalar<T, I>&) -> MaxLoc<T, I>;

/// Minimum and maximum together; value_type has .min_val and .max_val.
template <class T>
class MinMax : public detail::ReducerBase<MinMax<T>, MinMaxScalar<T>> {
public:
  using value_type = MinMaxScalar<T>;
  HPP_FUNCTION explicit MinMax(value_type& result)
      : detail::ReducerBase<MinMax<T>, value_type>(result) {}
  HPP_FUNCTION void init(value_type& v) const {
    v.min_val = reduction_identity<T>::min();
    v.max_val = reduction_identity<T>::max();
  }
  HPP_FUNCTION void join(value_type& dst, const value_type& src) const {
    if (src.min_val < dst.min_val)
      dst.min_val = src.min_val;
    if (dst.max_val < src.max_val)
      dst.max_val = src.max_val;
  }
};
template <class T> MinMax(MinMaxScalar<T>&) -> MinMax<T>;

/// Minimum and maximum with their locations (.min_val, .max_val, .min_loc,
/// .max_loc); ties go to the lowest location.
template <class T, class I>
class MinMaxLoc
    : public detail::ReducerBase<MinMaxLoc<T, I>, MinMaxLocScalar<T, I>> {
public:
  using value_type = MinMaxLocScalar<T, I>;
  HPP_FUNCTION explicit MinMaxLoc(value_type& result)
      : detail::ReducerBase<MinMaxLoc<T, I>, value_type>(result) {}
  HPP_FUNCTION void init(value_type& v) const {
    v.min_val = reduction_identity<T>::min();
    v.max_val = reduction_identity<T>::max();
    v.min_loc = std::numeric_limits<I>::max();
    v.max_loc = std::numeric_limits<I>::max();
  }
  HPP_FUNCTION void join(value_type& dst, const value_type& src) const {
    if (detail::loc_better(src.min_val, src.min_loc, dst.min_val, dst.min_loc,
                           true)) {
      dst.min_val = src.min_val;
      dst.min_loc = src.min_loc;
    }
    if (detail::loc_better(src.max_val, src.max_loc, dst.max_val, dst.max_loc,
                           false)) {
      dst.max_val = src.max_val;
      dst.max_loc = src.max_loc;
    }
  }
};
template <class T, class I>
MinMaxLoc(MinMaxLocScalar<T, I>&) -> MinMaxLoc<T, I>;

} // namespace hpp
