//===- team.hpp - Team members, scratch, nested ranges, single --*- C++ -*-===//
/// \file
/// What the body of a TeamPolicy loop works with: the hpp::TeamMember it is
/// given, the team's scratch memory, the nested ranges TeamThreadRange /
/// ThreadVectorRange / TeamVectorRange that parallel_for, parallel_reduce and
/// parallel_scan take inside a team, and hpp::single.
///
/// Serial build: a team has one thread with one vector lane (team_rank() 0,
/// team_size() 1), so each nested range runs whole in that thread, barriers
/// are no-ops and single(...) runs its body once.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "config.hpp"
#include "policy.hpp"

namespace hpp {

/// Alignment of every scratch allocation.
constexpr std::size_t scratch_alignment = 64;

/// Bytes that team_scratch(l).get<T>(n) uses, padding included: request the
/// sum of these from set_scratch_size when a team allocates several arrays
/// (Kokkos' View::shmem_size).
template <class T> constexpr std::size_t scratch_bytes(std::size_t n) {
  return (n * sizeof(T) + scratch_alignment - 1) / scratch_alignment *
         scratch_alignment;
}

namespace detail {

/// One team's (or one thread's) scratch of one level: a bump allocator over
/// exactly the bytes the policy requested, reset for every team.
class ScratchArena {
public:
  ScratchArena(int level, bool per_thread, std::size_t capacity)
      : Level(level), PerThread(per_thread), Capacity(capacity),
        Base(static_cast<char*>(::operator new(
            capacity ? capacity : 1, std::align_val_t(scratch_alignment)))) {}
  ~ScratchArena() {
    ::operator delete(Base, std::align_val_t(scratch_alignment));
  }
  ScratchArena(const ScratchArena&) = delete;
  ScratchArena& operator=(const ScratchArena&) = delete;

  void reset() { Offset = 0; }
  std::size_t capacity() const { return Capacity; }
  std::size_t used() const { return Offset; }

  /// The next bytes of the arena, 64-byte aligned. Asking for more than the
  /// policy requested throws, as the GPU launch would fail.
  void* get(std::size_t bytes) {
    const std::size_t Start = (Offset + scratch_alignment - 1) /
                              scratch_alignment * scratch_alignment;
    if (Start > Capacity || bytes > Capacity - Start)
      throw std::runtime_error(
          std::string("hpp: ") +
          (PerThread ? "thread_scratch(" : "team_scratch(") +
          std::to_string(Level) + ") allocation of " + std::to_string(bytes) +
          " bytes at offset " + std::to_string(Start) +
          " (allocations are 64-byte aligned) exceeds the " +
          std::to_string(Capacity) + " bytes requested with set_scratch_size(" +
          std::to_string(Level) +
          (PerThread ? ", hpp::PerThread" : ", hpp::PerTeam") + "(...))");
    Offset = Start + bytes;
    return Base + Start;
  }

private:
  int Level;
  bool PerThread;
  std::size_t Capacity;
  std::size_t Offset = 0;
  char* Base;
};

struct TeamAccess;

} // namespace detail

/// Scratch memory of one level, per team or per thread (Kokkos'
/// ScratchMemorySpace). Allocations are bump allocations that live until the
/// team ends; contents are not initialised.
class ScratchSpace {
public:
  /// Uninitialised room for n objects of T, 64-byte aligned. Throws
  /// std::runtime_error when it exceeds what set_scratch_size requested.
  template <class T> T* get(std::size_t n) const {
    static_assert(alignof(T) <= scratch_alignment,
                  "scratch allocations are aligned to 64 bytes");
    if (n > std::numeric_limits<std::size_t>::max() / sizeof(T))
      throw std::runtime_error("hpp: scratch allocation size overflows");
    return static_cast<T*>(Arena->get(n * sizeof(T)));
  }
  /// `bytes` bytes (Kokkos' get_shmem).
  void* get_shmem(std::size_t bytes) const { return Arena->get(bytes); }

  /// The bytes requested for this level and those allocated so far.
  std::size_t capacity() const { return Arena->capacity(); }
  std::size_t used() const { return Arena->used(); }

private:
  friend class TeamMember;
  explicit ScratchSpace(detail::ScratchArena* arena) : Arena(arena) {}
  detail::ScratchArena* Arena;
};

/// The handle a TeamPolicy body receives (Kokkos' TeamPolicy<>::member_type).
class TeamMember {
public:
  /// This team's index in [0, league_size()).
  int league_rank() const { return LeagueRank; }
  int league_size() const { return LeagueSize; }
  /// This thread's index in its team; 0 in the serial build.
  int team_rank() const { return 0; }
  /// Threads in the team; 1 in the serial build.
  int team_size() const { return 1; }
  /// Waits for every thread of the team; a no-op with one thread.
  void team_barrier() const {}

  /// The team's shared scratch of level 0 or 1 (set_scratch_size(level,
  /// PerTeam(bytes))).
  ScratchSpace team_scratch(int level) const {
    return ScratchSpace(Arenas[checked_level(level, "team_scratch")]);
  }
  /// The calling thread's own scratch of level 0 or 1
  /// (set_scratch_size(level, PerThread(bytes))).
  ScratchSpace thread_scratch(int level) const {
    return ScratchSpace(Arenas[2 + checked_level(level, "thread_scratch")]);
  }

private:
  friend struct detail::TeamAccess;
  TeamMember(int league_rank, int league_size,
             detail::ScratchArena* const* arenas)
      : LeagueRank(league_rank),
        LeagueSize(league_size), Arenas{arenas[0], arenas[1], arenas[2],
                                        arenas[3]} {}

  static int checked_level(int level, const char* what) {
    if (level != 0 && level != 1)
      throw std::invalid_argument(std::string("hpp: ") + what + "(" +
                                  std::to_string(level) +
                                  "): the scratch level must be 0 or 1");
    return level;
  }

  int LeagueRank;
  int LeagueSize;
  detail::ScratchArena* Arenas[4]; // team 0, team 1, thread 0, thread 1
};

namespace detail {
struct TeamAccess {
  static TeamMember make(int league_rank, int league_size,
                         ScratchArena* const* arenas) {
    return TeamMember(league_rank, league_size, arenas);
  }
};
} // namespace detail

/// Which threads/lanes of a team share a nested range's iterations.
enum class NestedLevel { TeamThread, ThreadVector, TeamVector };

/// A nested range [begin, end) inside a team (an empty range when
/// begin >= end, as in Kokkos). Built by TeamThreadRange & co.
template <NestedLevel Level, class I> struct NestedRange {
  static_assert(detail::is_integer_v<I>,
                "nested range bounds must be integers");
  using index_type = I;
  static constexpr NestedLevel level = Level;
  const TeamMember* member;
  I begin;
  I end;
};

namespace detail {
template <NestedLevel L, class B, class E>
NestedRange<L, std::common_type_t<B, E>> make_nested(const TeamMember& t, B b,
                                                     E e) {
  static_assert(is_integer_v<B> && is_integer_v<E>,
                "nested range bounds must be integers");
  using I = std::common_type_t<B, E>;
  return {&t, static_cast<I>(b), static_cast<I>(e)};
}
} // namespace detail

/// [0, n) / [begin, end) split across the threads of the team.
template <class N>
NestedRange<NestedLevel::TeamThread, N> TeamThreadRange(const TeamMember& t,
                                                        N n) {
  return detail::make_nested<NestedLevel::TeamThread>(t, N(0), n);
}
template <class B, class E>
NestedRange<NestedLevel::TeamThread, std::common_type_t<B, E>>
TeamThreadRange(const TeamMember& t, B begin, E end) {
  return detail::make_nested<NestedLevel::TeamThread>(t, begin, end);
}

/// [0, n) / [begin, end) split across the vector lanes of the calling thread.
template <class N>
NestedRange<NestedLevel::ThreadVector, N> ThreadVectorRange(const TeamMember& t,
                                                            N n) {
  return detail::make_nested<NestedLevel::ThreadVector>(t, N(0), n);
}
template <class B, class E>
NestedRange<NestedLevel::ThreadVector, std::common_type_t<B, E>>
ThreadVectorRange(const TeamMember& t, B begin, E end) {
  return detail::make_nested<NestedLevel::ThreadVector>(t, begin, end);
}

/// [0, n) / [begin, end) split across all threads and lanes of the team.
template <class N>
NestedRange<NestedLevel::TeamVector, N> TeamVectorRange(const TeamMember& t,
                                                        N n) {
  return detail::make_nested<NestedLevel::TeamVector>(t, N(0), n);
}
template <class B, class E>
NestedRange<NestedLevel::TeamVector, std::common_type_t<B, E>>
TeamVectorRange(const TeamMember& t, B begin, E end) {
  return detail::make_nested<NestedLevel::TeamVector>(t, begin, end);
}

namespace detail {
struct TeamSingle {
  const TeamMember* member;
};
struct ThreadSingle {
  const TeamMember* member;
};
} // namespace detail

/// single(PerTeam(t), f): f runs once for the team.
inline detail::TeamSingle PerTeam(const TeamMember& t) { return {&t}; }
/// single(PerThread(t), f): f runs once for the calling thread (not once per
/// vector lane).
inline detail::ThreadSingle PerThread(const TeamMember& t) { return {&t}; }

template <class F> void single(const detail::TeamSingle&, const F& f) { f(); }
template <class F> void single(const detail::ThreadSingle&, const F& f) { f(); }

/// The broadcast forms: f(value) runs once and every thread (lane) of the
/// team then sees the value it left in `value`.
template <class F, class T>
void single(const detail::TeamSingle&, const F& f, T& value) {
  f(value);
}
template <class F, class T>
void single(const detail::ThreadSingle&, const F& f, T& value) {
  f(value);
}

} // namespace hpp
