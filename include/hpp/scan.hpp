//===- scan.hpp - parallel_scan ---------------------------------*- C++ -*-===//
/// \file
/// hpp::parallel_scan over an integer n, a RangePolicy or a nested range of
/// a team, with Kokkos' body signature f(i, partial, final): on entry
/// `partial` holds the combination (sum, or the functor's join) of the
/// contributions of the iterations before i; the body adds its own
/// contribution and, when `final` is true, may store the prefix (before
/// adding: exclusive scan; after: inclusive scan). Other backends may call
/// the body more than once per index with final == false first, so a body
/// must write results only when final is true.
///
/// Serial build: one pass in index order with final == true (Kokkos::Serial
/// does the same). The optional last argument receives the total.
///
/// The value type is the total's type when one is given, else the functor's
/// value_type, else the type of f's second parameter (so a generic lambda
/// needs a total or a functor with value_type). A functor may define
/// init(value_type&) for the identity (default: value-initialised, 0).
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <tuple>
#include <type_traits>

#include "config.hpp"
#include "parallel.hpp"

namespace hpp {
namespace detail {

template <class M> struct MemberArgs {};
#define HPP_MEMBER_ARGS(QUALS)                                                 \
  template <class C, class R, class... A>                                      \
  struct MemberArgs<R (C::*)(A...) QUALS> {                                    \
    using type = std::tuple<A...>;                                             \
  };
HPP_MEMBER_ARGS()
HPP_MEMBER_ARGS(const)
HPP_MEMBER_ARGS(noexcept)
HPP_MEMBER_ARGS(const noexcept)
#undef HPP_MEMBER_ARGS

/// The value type a scan body declares: F::value_type, else the
/// second-to-last parameter of a non-overloaded operator().
template <class F, class = void> struct ScanValueFromCall {
  using type = void;
};
template <class F>
struct ScanValueFromCall<F, std::void_t<decltype(&F::operator())>> {
  using Args = typename MemberArgs<decltype(&F::operator())>::type;
  static_assert(std::tuple_size<Args>::value >= 3,
                "a parallel_scan body takes (index, partial, final)");
  using type = std::remove_cv_t<std::remove_reference_t<
      std::tuple_element_t<std::tuple_size<Args>::value - 2, Args>>>;
};
template <class F, class = void> struct ScanValueType {
  using type = typename ScanValueFromCall<F>::type;
};
template <class F>
struct ScanValueType<F, std::void_t<typename F::value_type>> {
  using type = typename F::value_type;
};

template <class T> struct IsScanPolicy {
  static constexpr bool value =
      is_integer_v<T> || IsRangePolicy<T>::value || IsNestedRange<T>::value;
};

template <class V, class P, class F> V scan(const P& policy, const F& f) {
  static_assert(!std::is_void<V>::value,
                "cannot deduce the parallel_scan value type (generic lambda or "
                "overloaded operator()): pass a total or give the functor a "
                "value_type");
  using Tag = typename WorkTag<P>::type;
  V Partial{};
  if constexpr (HasInit<F, V>::value)
    f.init(Partial);
  iterate(policy, [&](const auto& i) { call<Tag>(f, i, Partial, true); });
  return Partial;
}

} // namespace detail

/// Scans f over policy (an integer n, RangePolicy or a nested range).
template <class P, class F,
          std::enable_if_t<detail::IsScanPolicy<P>::value, int> = 0>
void parallel_scan(const P& policy, const F& f) {
  (void)detail::scan<typename detail::ScanValueType<F>::type>(policy, f);
}

/// Scans f over policy and stores the total of all iterations in `total`.
template <class P, class F, class T,
          std::enable_if_t<detail::IsScanPolicy<P>::value, int> = 0>
void parallel_scan(const P& policy, const F& f, T& total) {
  // hppc lowers scans with '+' only, so a reducer must not reach a scan
  // (Kokkos' parallel_scan takes none either).
  static_assert(!detail::IsReducer<T>::value,
                "parallel_scan takes a plain variable as its total, not a reducer");
  total = detail::scan<T>(policy, f);
}

/// The labelled forms of the top-level scans.
template <
    class P, class F,
    std::enable_if_t<
        detail::IsScanPolicy<P>::value && detail::is_top_policy_v<P>, int> = 0>
void parallel_scan(const std::string& label, const P& policy, const F& f) {
  (void)label;
  parallel_scan(policy, f);
}
template <
    class P, class F, class T,
    std::enable_if_t<
        detail::IsScanPolicy<P>::value && detail::is_top_policy_v<P>, int> = 0>
void parallel_scan(const std::string& label, const P& policy, const F& f,
                   T& total) {
  (void)label;
  parallel_scan(policy, f, total);
}

} // namespace hpp
