//===- policy.hpp - Execution policies --------------------------*- C++ -*-===//
/// \file
/// The iteration spaces of the top-level parallel_* calls: RangePolicy,
/// MDRangePolicy and TeamPolicy (with scratch requests), shaped after
/// Kokkos. Each may take an hpp::Stream as its first argument. Template
/// arguments after the rank are properties in any order: a work tag (any
/// class; the body is then called as f(Tag{}, ...)), hpp::IndexType<T> and
/// hpp::Schedule<hpp::Static | hpp::Dynamic> (accepted, has no effect).
///
/// Bounds are checked when the policy is built: begin > end, a bound that
/// does not fit the index type or a negative league throws
/// std::invalid_argument (Kokkos aborts in the same cases).
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "config.hpp"
#include "stream.hpp"

namespace hpp {

/// Asks the runtime to choose (team size, vector length): `hpp::AUTO`.
struct AUTO_t {};
inline constexpr AUTO_t AUTO{};

/// Policy property: the index type passed to the body (default index_t).
template <class T> struct IndexType {
  static_assert(std::is_integral<T>::value && !std::is_same<T, bool>::value,
                "hpp::IndexType needs an integer type");
  using type = T;
  using index_type = T;
};

/// Policy property: iteration schedule hint; the serial build ignores it.
struct Static {};
struct Dynamic {};
template <class T> struct Schedule { using type = T; };

class TeamMember;

namespace detail {

template <class T> struct IsIndexType : std::false_type {};
template <class T> struct IsIndexType<IndexType<T>> : std::true_type {};
template <class T> struct IsSchedule : std::false_type {};
template <class T> struct IsSchedule<Schedule<T>> : std::true_type {};

/// Sorts a policy's properties into work tag and index type.
template <class... Props> struct PolicyTraits {
  using work_tag = void;
  using index_type = index_t;
};
template <class P, class... Rest> struct PolicyTraits<P, Rest...> {
private:
  using RestTraits = PolicyTraits<Rest...>;

public:
  using work_tag =
      std::conditional_t<IsIndexType<P>::value || IsSchedule<P>::value,
                         typename RestTraits::work_tag, P>;
  using index_type = typename std::conditional_t<IsIndexType<P>::value, P,
                                                 RestTraits>::index_type;
  static_assert(IsIndexType<P>::value || IsSchedule<P>::value ||
                    std::is_void<typename RestTraits::work_tag>::value,
                "a policy takes at most one work tag");
};
template <class T> struct PolicyTraits<IndexType<T>> {
  using work_tag = void;
  using index_type = T;
};

template <class T>
constexpr bool is_integer_v =
    std::is_integral<T>::value && !std::is_same<T, bool>::value;

/// Whether integer v is representable in To (std::in_range of C++20).
template <class To, class From> constexpr bool in_range(From v) {
  using L = std::numeric_limits<To>;
  if constexpr (std::is_signed<From>::value == std::is_signed<To>::value) {
    if constexpr (std::is_signed<From>::value)
      return v >= L::min() && v <= L::max();
    else
      return v <= L::max();
  } else if constexpr (std::is_signed<From>::value) {
    return v >= 0 && std::make_unsigned_t<From>(v) <= L::max();
  } else {
    return v <= std::make_unsigned_t<To>(L::max());
  }
}

template <class From> std::string int_to_string(From v) {
  if constexpr (std::is_signed<From>::value)
    return std::to_string(static_cast<long long>(v));
  else
    return std::to_string(static_cast<unsigned long long>(v));
}

template <class To, class From> To checked_index(From v, const char* what) {
  static_assert(is_integer_v<From>, "hpp: policy bounds must be integers");
  if (!in_range<To>(v))
    throw std::invalid_argument(std::string("hpp::") + what + ": bound " +
                                int_to_string(v) +
                                " does not fit the policy's index type");
  return static_cast<To>(v);
}

template <class I>
void check_bounds(I begin, I end, const char* what, int dim = -1) {
  if (begin > end)
    throw std::invalid_argument(
        std::string("hpp::") + what + ": begin " + int_to_string(begin) +
        " is greater than end " + int_to_string(end) +
        (dim >= 0 ? " in dimension " + std::to_string(dim) : std::string()));
}

} // namespace detail

/// A one-dimensional range [begin, end): parallel_for(RangePolicy(0, n), f)
/// calls f(i) for every i (f(Tag{}, i) with a work tag).
template <class... Props> class RangePolicy {
public:
  using work_tag = typename detail::PolicyTraits<Props...>::work_tag;
  using index_type = typename detail::PolicyTraits<Props...>::index_type;
  using member_type = index_type;

  template <class B, class E,
            std::enable_if_t<detail::is_integer_v<B> && detail::is_integer_v<E>,
                             int> = 0>
  RangePolicy(B begin, E end) : RangePolicy(default_stream(), begin, end) {}

  template <class B, class E,
            std::enable_if_t<detail::is_integer_v<B> && detail::is_integer_v<E>,
                             int> = 0>
  RangePolicy(const Stream& stream, B begin, E end)
      : Str(stream),
        Begin(detail::checked_index<index_type>(begin, "RangePolicy")),
        End(detail::checked_index<index_type>(end, "RangePolicy")) {
    detail::check_bounds(Begin, End, "RangePolicy");
  }

  index_type begin() const { return Begin; }
  index_type end() const { return End; }
  const Stream& stream() const { return Str; }

private:
  Stream Str;
  index_type Begin, End;
};

template <class B, class E> RangePolicy(B, E) -> RangePolicy<>;
template <class B, class E> RangePolicy(const Stream&, B, E) -> RangePolicy<>;

/// A Rank-dimensional box [lower, upper) (rank 2 to 4), visited row-major
/// (the last index fastest): parallel_for(MDRangePolicy<2>({0, 0}, {n, m}),
/// f) calls f(i, j). Tile sizes are accepted for the translated code; the
/// serial build does not tile. A tile size of 0 lets the backend choose.
template <int Rank, class... Props> class MDRangePolicy {
  static_assert(Rank >= 2 && Rank <= 4,
                "hpp::MDRangePolicy supports rank 2 to 4");

public:
  using work_tag = typename detail::PolicyTraits<Props...>::work_tag;
  using index_type = typename detail::PolicyTraits<Props...>::index_type;
  using point_type = std::array<index_type, Rank>;
  using tile_type = std::array<index_type, Rank>;
  static constexpr int rank = Rank;

  template <class LT, class UT,
            std::enable_if_t<
                detail::is_integer_v<LT> && detail::is_integer_v<UT>, int> = 0>
  MDRangePolicy(const LT (&lower)[Rank], const UT (&upper)[Rank])
      : MDRangePolicy(default_stream(), lower, upper) {}

  template <class LT, class UT,
            std::enable_if_t<
                detail::is_integer_v<LT> && detail::is_integer_v<UT>, int> = 0>
  MDRangePolicy(const Stream& stream, const LT (&lower)[Rank],
                const UT (&upper)[Rank])
      : Str(stream) {
    init(lower, upper, static_cast<const index_type*>(nullptr));
  }

  template <
      class LT, class UT, class TT,
      std::enable_if_t<detail::is_integer_v<LT> && detail::is_integer_v<UT> &&
                           detail::is_integer_v<TT>,
                       int> = 0>
  MDRangePolicy(const LT (&lower)[Rank], const UT (&upper)[Rank],
                const TT (&tile)[Rank])
      : MDRangePolicy(default_stream(), lower, upper, tile) {}

  template <
      class LT, class UT, class TT,
      std::enable_if_t<detail::is_integer_v<LT> && detail::is_integer_v<UT> &&
                           detail::is_integer_v<TT>,
                       int> = 0>
  MDRangePolicy(const Stream& stream, const LT (&lower)[Rank],
                const UT (&upper)[Rank], const TT (&tile)[Rank])
      : Str(stream) {
    init(lower, upper, tile);
  }

  /// Lists whose elements have different types ({0, n}); their length must
  /// be Rank (tile: Rank or empty).
  MDRangePolicy(std::initializer_list<index_type> lower,
                std::initializer_list<index_type> upper,
                std::initializer_list<index_type> tile = {})
      : MDRangePolicy(default_stream(), lower, upper, tile) {}

  MDRangePolicy(const Stream& stream, std::initializer_list<index_type> lower,
                std::initializer_list<index_type> upper,
                std::initializer_list<index_type> tile = {})
      : Str(stream) {
    check_length(lower.size(), "lower bound");
    check_length(upper.size(), "upper bound");
    if (tile.size() != 0)
      check_length(tile.size(), "tile");
    init(lower.begin(), upper.begin(), tile.size() ? tile.begin() : nullptr);
  }

  template <class T, std::enable_if_t<detail::is_integer_v<T>, int> = 0>
  MDRangePolicy(const std::array<T, Rank>& lower,
                const std::array<T, Rank>& upper,
                const std::array<T, Rank>& tile = {})
      : MDRangePolicy(default_stream(), lower, upper, tile) {}

  template <class T, std::enable_if_t<detail::is_integer_v<T>, int> = 0>
  MDRangePolicy(const Stream& stream, const std::array<T, Rank>& lower,
                const std::array<T, Rank>& upper,
                const std::array<T, Rank>& tile = {})
      : Str(stream) {
    init(lower.data(), upper.data(), tile.data());
  }

  const point_type& lower() const { return Lower; }
  const point_type& upper() const { return Upper; }
  const tile_type& tile_size() const { return Tile; }
  const Stream& stream() const { return Str; }

private:
  static void check_length(std::size_t n, const char* what) {
    if (n != std::size_t(Rank))
      throw std::invalid_argument(std::string("hpp::MDRangePolicy<") +
                                  std::to_string(Rank) + ">: " + what +
                                  " has " + std::to_string(n) +
                                  " elements, not " + std::to_string(Rank));
  }

  template <class LT, class UT, class TT>
  void init(const LT* lower, const UT* upper, const TT* tile) {
    for (int D = 0; D < Rank; ++D) {
      Lower[D] = detail::checked_index<index_type>(lower[D], "MDRangePolicy");
      Upper[D] = detail::checked_index<index_type>(upper[D], "MDRangePolicy");
      detail::check_bounds(Lower[D], Upper[D], "MDRangePolicy", D);
      Tile[D] =
          tile ? detail::checked_index<index_type>(tile[D], "MDRangePolicy")
               : index_type(0);
      if (Tile[D] < 0)
        throw std::invalid_argument("hpp::MDRangePolicy: negative tile size");
    }
  }

  Stream Str;
  point_type Lower{}, Upper{};
  tile_type Tile{};
};

/// Scratch request of set_scratch_size: bytes per team / per team thread.
struct PerTeamValue {
  std::size_t value;
};
struct PerThreadValue {
  std::size_t value;
};

template <class I, std::enable_if_t<detail::is_integer_v<I>, int> = 0>
PerTeamValue PerTeam(I bytes) {
  PerTeamValue V;
  V.value = detail::checked_index<std::size_t>(bytes, "PerTeam");
  return V;
}
template <class I, std::enable_if_t<detail::is_integer_v<I>, int> = 0>
PerThreadValue PerThread(I bytes) {
  PerThreadValue V;
  V.value = detail::checked_index<std::size_t>(bytes, "PerThread");
  return V;
}

namespace detail {
template <class T>
constexpr bool is_size_arg_v =
    is_integer_v<T> || std::is_same<T, AUTO_t>::value;

template <class T> int size_arg(T v, const char* what) {
  if constexpr (std::is_same<T, AUTO_t>::value) {
    return 0;
  } else {
    const int N = checked_index<int>(v, what);
    if (N < 1)
      throw std::invalid_argument(std::string("hpp::TeamPolicy: ") + what +
                                  " must be positive or hpp::AUTO, got " +
                                  std::to_string(N));
    return N;
  }
}
} // namespace detail

/// A league of teams: parallel_for(TeamPolicy(league, team_size, vlen), f)
/// calls f(member) with an hpp::TeamMember for every league rank. team_size
/// and vector_length are positive integers or hpp::AUTO; a vector length
/// must be a power of two, as on a GPU.
///
/// The serial build runs every team with one thread and one vector lane
/// (team_size() == vector_length() == 1, as Kokkos::Serial does), whatever
/// was requested: nested ranges then cover their whole range in that thread.
template <class... Props> class TeamPolicy {
public:
  using work_tag = typename detail::PolicyTraits<Props...>::work_tag;
  using index_type = typename detail::PolicyTraits<Props...>::index_type;
  using member_type = TeamMember;

  template <
      class L, class T, class V = int,
      std::enable_if_t<detail::is_integer_v<L> && detail::is_size_arg_v<T> &&
                           detail::is_size_arg_v<V>,
                       int> = 0>
  TeamPolicy(L league_size, T team_size, V vector_length = 1)
      : TeamPolicy(default_stream(), league_size, team_size, vector_length) {}

  template <
      class L, class T, class V = int,
      std::enable_if_t<detail::is_integer_v<L> && detail::is_size_arg_v<T> &&
                           detail::is_size_arg_v<V>,
                       int> = 0>
  TeamPolicy(const Stream& stream, L league_size, T team_size,
             V vector_length = 1)
      : Str(stream),
        League(detail::checked_index<int>(league_size, "TeamPolicy")),
        TeamRequest(detail::size_arg(team_size, "team size")),
        VectorRequest(detail::size_arg(vector_length, "vector length")) {
    if (League < 0)
      throw std::invalid_argument("hpp::TeamPolicy: negative league size " +
                                  std::to_string(League));
    if (VectorRequest & (VectorRequest - 1))
      throw std::invalid_argument("hpp::TeamPolicy: vector length " +
                                  std::to_string(VectorRequest) +
                                  " is not a power of two");
  }

  int league_size() const { return League; }
  /// Threads per team that run: 1 in the serial build.
  int team_size() const { return 1; }
  /// Vector lanes per thread that run: 1 in the serial build.
  int vector_length() const { return 1; }
  /// What the constructor asked for; 0 means hpp::AUTO.
  int requested_team_size() const { return TeamRequest; }
  int requested_vector_length() const { return VectorRequest; }

  /// Scratch bytes of `level` (0 or 1) per team; keeps any per-thread request.
  TeamPolicy& set_scratch_size(int level, PerTeamValue per_team) {
    TeamScratch[checked_level(level)] = per_team.value;
    return *this;
  }
  /// Scratch bytes of `level` per team thread; keeps any per-team request.
  TeamPolicy& set_scratch_size(int level, PerThreadValue per_thread) {
    ThreadScratch[checked_level(level)] = per_thread.value;
    return *this;
  }
  TeamPolicy& set_scratch_size(int level, PerTeamValue per_team,
                               PerThreadValue per_thread) {
    set_scratch_size(level, per_team);
    return set_scratch_size(level, per_thread);
  }

  /// What set_scratch_size requested (0 when it was not called).
  std::size_t team_scratch_size(int level) const {
    return TeamScratch[checked_level(level)];
  }
  std::size_t thread_scratch_size(int level) const {
    return ThreadScratch[checked_level(level)];
  }
  /// Total bytes of `level` one team uses: per team + per thread * team_size.
  std::size_t scratch_size(int level) const {
    return team_scratch_size(level) +
           thread_scratch_size(level) * std::size_t(team_size());
  }

  const Stream& stream() const { return Str; }

private:
  static int checked_level(int level) {
    if (level != 0 && level != 1)
      throw std::invalid_argument("hpp::TeamPolicy: scratch level " +
                                  std::to_string(level) + " is not 0 or 1");
    return level;
  }

  Stream Str;
  int League;
  int TeamRequest;   // 0 = AUTO
  int VectorRequest; // 0 = AUTO
  std::size_t TeamScratch[2] = {0, 0};
  std::size_t ThreadScratch[2] = {0, 0};
};

template <class L, class T> TeamPolicy(L, T) -> TeamPolicy<>;
template <class L, class T, class V> TeamPolicy(L, T, V) -> TeamPolicy<>;
template <class L, class T> TeamPolicy(const Stream&, L, T) -> TeamPolicy<>;
template <class L, class T, class V>
TeamPolicy(const Stream&, L, T, V) -> TeamPolicy<>;

} // namespace hpp
