//===- parallel.hpp - parallel_for and parallel_reduce ----------*- C++ -*-===//
/// \file
/// The serial reference implementation of hpp::parallel_for and
/// hpp::parallel_reduce over every policy (an integer n, RangePolicy,
/// MDRangePolicy, TeamPolicy) and over the nested ranges of a team. It
/// defines what a translated call computes; hppc replaces the calls.
///
/// Bodies are lambdas or functor classes called through a const reference,
/// as Kokkos does (a functor's operator() must be const). With a work tag in
/// the policy the body is called as f(Tag{}, ...). Iterations run in order.
///
/// parallel_reduce(policy, f, results...) takes one or more results; each is
/// a reducer (hpp::Max<double>(m), or a user-defined one) or a plain
/// variable, which is summed. f receives one accumulator per result after
/// the index: f(i, v1, v2, ...). As in Kokkos the results are assigned, not
/// accumulated into: their values before the call do not matter. A functor
/// with a single plain result may define init(value_type&) and
/// final(value_type&), which are used as Kokkos uses them.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "config.hpp"
#include "policy.hpp"
#include "reducers.hpp"
#include "team.hpp"
#include "view.hpp"

namespace hpp {
namespace detail {

//===- Policies -----------------------------------------------------------===//

template <class T> struct IsRangePolicy : std::false_type {};
template <class... P>
struct IsRangePolicy<RangePolicy<P...>> : std::true_type {};
template <class T> struct IsMDRangePolicy : std::false_type {};
template <int R, class... P>
struct IsMDRangePolicy<MDRangePolicy<R, P...>> : std::true_type {};
template <class T> struct IsTeamPolicy : std::false_type {};
template <class... P> struct IsTeamPolicy<TeamPolicy<P...>> : std::true_type {};
template <class T> struct IsNestedRange : std::false_type {};
template <NestedLevel L, class I>
struct IsNestedRange<NestedRange<L, I>> : std::true_type {};

/// Policies of top-level calls (those that take a label).
template <class P>
constexpr bool is_top_policy_v =
    is_integer_v<P> || IsRangePolicy<P>::value || IsMDRangePolicy<P>::value ||
    IsTeamPolicy<P>::value;
template <class P>
constexpr bool is_policy_v = is_top_policy_v<P> || IsNestedRange<P>::value;

template <class P, class = void> struct WorkTag { using type = void; };
template <class P> struct WorkTag<P, std::void_t<typename P::work_tag>> {
  using type = typename P::work_tag;
};

/// Calls f with the work tag first when the policy has one.
template <class Tag, class F, class... A> void call(const F& f, A&&... a) {
  if constexpr (std::is_void<Tag>::value)
    f(std::forward<A>(a)...);
  else
    f(Tag{}, std::forward<A>(a)...);
}

template <std::size_t D, std::size_t R, class I, class Visit, class... Idx>
void md_iterate(const std::array<I, R>& lo, const std::array<I, R>& hi,
                Visit& visit, Idx... idx) {
  if constexpr (D == R) {
    visit(idx...);
  } else {
    for (I i = lo[D]; i < hi[D]; ++i)
      md_iterate<D + 1>(lo, hi, visit, idx..., i);
  }
}

/// A one-dimensional range with its bounds as data, as NestedRange has them.
template <class I> struct Span {
  using index_type = I;
  I begin, end;
};
template <class T> struct IsSpan : std::false_type {};
template <class I> struct IsSpan<Span<I>> : std::true_type {};

/// Runs visit(args...) for every iteration of the policy, in order; args
/// are the index or indices, or the TeamMember.
template <class P, class Visit> void iterate(const P& policy, Visit&& visit) {
  if constexpr (is_integer_v<P>) {
    const RangePolicy<> Range(0, policy);
    iterate(Span<index_t>{Range.begin(), Range.end()}, visit);
  } else if constexpr (IsRangePolicy<P>::value) {
    using I = typename P::index_type;
    iterate(Span<I>{policy.begin(), policy.end()}, visit);
  } else if constexpr (IsSpan<P>::value || IsNestedRange<P>::value) {
    using I = typename P::index_type;
    const I End = policy.end;
    for (I i = policy.begin; i < End; ++i)
      visit(i);
  } else if constexpr (IsMDRangePolicy<P>::value) {
    md_iterate<0>(policy.lower(), policy.upper(), visit);
  } else {
    static_assert(IsTeamPolicy<P>::value, "not an hpp policy");
    ScratchArena Team0(0, false, policy.team_scratch_size(0));
    ScratchArena Team1(1, false, policy.team_scratch_size(1));
    ScratchArena Thread0(0, true, policy.thread_scratch_size(0));
    ScratchArena Thread1(1, true, policy.thread_scratch_size(1));
    ScratchArena* const Arenas[4] = {&Team0, &Team1, &Thread0, &Thread1};
    const int League = policy.league_size();
    for (int r = 0; r < League; ++r) {
      for (ScratchArena* A : Arenas)
        A->reset();
      const TeamMember Member = TeamAccess::make(r, League, Arenas);
      visit(Member);
    }
  }
}

//===- Results of parallel_reduce -----------------------------------------===//

/// A user or built-in reducer: value_type, init, join and reference().
template <class R, class = void> struct IsReducer : std::false_type {};
template <class R>
struct IsReducer<
    R, std::void_t<typename R::value_type,
                   decltype(std::declval<const R&>().reference()),
                   decltype(std::declval<const R&>().init(
                       std::declval<typename R::value_type&>())),
                   decltype(std::declval<const R&>().join(
                       std::declval<typename R::value_type&>(),
                       std::declval<const typename R::value_type&>()))>>
    : std::true_type {};

template <class F, class V, class = void> struct HasInit : std::false_type {};
template <class F, class V>
struct HasInit<
    F, V,
    std::void_t<decltype(std::declval<const F&>().init(std::declval<V&>()))>>
    : std::true_type {};
template <class F, class V, class = void> struct HasFinal : std::false_type {};
template <class F, class V>
struct HasFinal<
    F, V,
    std::void_t<decltype(std::declval<const F&>().final(std::declval<V&>()))>>
    : std::true_type {};

/// A functor's own init/final apply to a result when it has the only one.
template <class F, class V> void init_from_functor(const F& f, V& value, bool only) {
  if constexpr (HasInit<F, V>::value) {
    if (only)
      f.init(value);
  } else {
    (void)f;
    (void)value;
    (void)only;
  }
}
template <class F, class V> void final_from_functor(const F& f, V& value, bool only) {
  if constexpr (HasFinal<F, V>::value) {
    if (only)
      f.final(value);
  } else {
    (void)f;
    (void)value;
    (void)only;
  }
}

/// One result of a parallel_reduce: the accumulator f updates and where the
/// result goes.
template <class R, bool = IsReducer<std::decay_t<R>>::value,
          bool = is_view_v<R>>
struct ResultSlot;

template <class R> struct ResultSlot<R, true, false> {
  using reducer_type = std::decay_t<R>;
  using value_type = typename reducer_type::value_type;
  reducer_type Reducer;
  value_type Value;

  template <class F>
  ResultSlot(const reducer_type& r, const F&, bool) : Reducer(r), Value() {
    Reducer.init(Value);
  }
  template <class F> void finish(const F&, bool) {
    Reducer.reference() = Value;
  }
};

template <class R> struct ResultSlot<R, false, false> {
  static_assert(std::is_lvalue_reference<R>::value,
                "a parallel_reduce result must be a variable or a reducer");
  using value_type = std::remove_reference_t<R>;
  static_assert(!std::is_const<value_type>::value,
                "a parallel_reduce result must not be const");
  value_type* Result;
  value_type Value;

  template <class F>
  ResultSlot(value_type& r, const F& f, bool only) : Result(&r), Value() {
    init_from_functor(f, Value, only);
  }
  template <class F> void finish(const F& f, bool only) {
    final_from_functor(f, Value, only);
    *Result = Value;
  }
};

/// A rank-0 View receives the result in its own space (deep_copy), so a
/// device view works as well as a host one.
template <class R> struct ResultSlot<R, false, true> {
  using view_type = std::decay_t<R>;
  static_assert(view_type::rank == 0,
                "a View result of parallel_reduce must have rank 0");
  using value_type = typename view_type::non_const_value_type;
  view_type Result;
  value_type Value;

  template <class F>
  ResultSlot(const view_type& r, const F& f, bool only) : Result(r), Value() {
    init_from_functor(f, Value, only);
  }
  template <class F> void finish(const F& f, bool only) {
    final_from_functor(f, Value, only);
    deep_copy(Result, Value);
  }
};

template <class P, class F, class Slots, std::size_t... K>
void reduce_impl(const P& policy, const F& f, Slots& slots,
                 std::index_sequence<K...>) {
  using Tag = typename WorkTag<P>::type;
  iterate(policy, [&](const auto&... idx) {
    call<Tag>(f, idx..., std::get<K>(slots).Value...);
  });
  const bool Only = sizeof...(K) == 1;
  (std::get<K>(slots).finish(f, Only), ...);
  (void)Only;
}

template <class P, class F, class... R>
void reduce(const P& policy, const F& f, R&&... results) {
  const bool Only = sizeof...(R) == 1;
  std::tuple<ResultSlot<R&&>...> Slots{
      ResultSlot<R&&>{std::forward<R>(results), f, Only}...};
  reduce_impl(policy, f, Slots, std::index_sequence_for<R...>());
}

} // namespace detail

/// Runs f for every iteration of policy: an integer n (the range [0, n)),
/// RangePolicy, MDRangePolicy, TeamPolicy, or a nested range inside a team.
template <class P, class F, std::enable_if_t<detail::is_policy_v<P>, int> = 0>
void parallel_for(const P& policy, const F& f) {
  using Tag = typename detail::WorkTag<P>::type;
  detail::iterate(policy,
                  [&](const auto&... idx) { detail::call<Tag>(f, idx...); });
}

/// parallel_for with a label for reports and profiling tools.
template <class P, class F,
          std::enable_if_t<detail::is_top_policy_v<P>, int> = 0>
void parallel_for(const std::string& label, const P& policy, const F& f) {
  (void)label;
  parallel_for(policy, f);
}

/// Reduces f over policy into one or more results (reducers or variables,
/// which are summed); f(index..., v1&, v2&, ...).
template <class P, class F, class R, class... Rs,
          std::enable_if_t<detail::is_policy_v<P>, int> = 0>
void parallel_reduce(const P& policy, const F& f, R&& result, Rs&&... more) {
  detail::reduce(policy, f, std::forward<R>(result), std::forward<Rs>(more)...);
}

/// parallel_reduce with a label for reports and profiling tools.
template <class P, class F, class R, class... Rs,
          std::enable_if_t<detail::is_top_policy_v<P>, int> = 0>
void parallel_reduce(const std::string& label, const P& policy, const F& f,
                     R&& result, Rs&&... more) {
  (void)label;
  detail::reduce(policy, f, std::forward<R>(result), std::forward<Rs>(more)...);
}

} // namespace hpp
