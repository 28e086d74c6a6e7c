//===- reduce.hpp - Deterministic reductions for the OpenMP backend -------===//
/// \file
/// Instead of OpenMP's reduction clause, whose combine order is unspecified,
/// each thread reduces its contiguous chunk privately and puts the result in
/// a slot indexed by its rank; after the region the slots are combined in
/// rank order. With static_chunk partitions rank order is iteration order, so
/// the result is the same run to run for a given thread count, and for
/// minloc/maxloc ties go to the lowest index among the threads' partials
/// (the highest with HighestOnTies),
/// and a tie with the variable's initial value goes as the serial body lets
/// it (loc_replaces_initial).
//===----------------------------------------------------------------------===//
#pragma once

#include "../common/loop.hpp"
#include "../common/reduce_ops.hpp"

#include <omp.h>

#include <cassert>
#include <vector>

/// `omp simd reduction(+: s)` starts each lane's copy of s at +0.0, so a
/// floating sum of -0.0 values came out +0.0 where the serial loop keeps
/// -0.0 (+0.0 + -0.0 is +0.0). The emitter names this reduction for sums
/// of float, double and long double instead: the same combine, from -0.0,
/// the additive identity (hpprt::Sum). It vectorises as `+` does.
#pragma omp declare reduction(hpprt_fsum : float, double, long double : omp_out += omp_in) \
    initializer(omp_priv = -0.0)

namespace hpprt {
namespace omp {

/// Bytes per slot boundary: one slot per cache line, so threads writing
/// their results do not falsely share.
constexpr std::size_t kSlotAlign = 64;

namespace detail {
inline int default_slots() {
  const int n = omp_get_max_threads();
  return n > 0 ? n : 1;
}
} // namespace detail

/// One partial result of Op per thread of one parallel region. Op is a
/// built-in operator or a UserOp, whose object the constructor takes.
template <class Op, class T> class Partials {
public:
  /// The default fits a region started without num_threads() from the
  /// calling thread; otherwise pass the largest team the region can have.
  Partials() : Partials(detail::default_slots()) {}
  explicit Partials(int slots) : Partials(Op{}, slots) {}
  explicit Partials(const Op& op, int slots = detail::default_slots())
      : op_(op), slots_(static_cast<std::size_t>(slots > 0 ? slots : 1),
                        Slot{op.template identity<T>(), false}) {}

  int size() const { return static_cast<int>(slots_.size()); }

  void put(int rank, const T& v) {
    assert(rank >= 0 && rank < size() && "hpp: more threads than slots");
    slots_[static_cast<std::size_t>(rank)].value = v;
    slots_[static_cast<std::size_t>(rank)].set = true;
  }

  /// target = target op slot[0] op slot[1] ...; slots never put are skipped,
  /// so a region that ran with fewer threads combines only what it produced.
  void combine_into(T& target) const {
    for (const Slot& s : slots_)
      if (s.set)
        op_.join(target, s.value);
  }

  /// Makes the object reusable for another region.
  void reset() {
    for (Slot& s : slots_)
      s = Slot{op_.template identity<T>(), false};
  }

private:
  struct alignas(kSlotAlign) alignas(T) Slot {
    T value;
    bool set;
  };
  Op op_;
  std::vector<Slot> slots_;
};

/// Per-thread (value, index) partials of a minloc/maxloc reduction
/// (Op = MinLoc or MaxLoc, possibly HighestOnTies). Each thread scans its
/// chunk in order as the body says, then puts once; combine_into lets the
/// better value win and breaks ties by index with Op's rule (loc_wins), and
/// ties with the variable's initial value as the serial body would
/// (loc_replaces_initial). A thread that saw no candidate puts the identity
/// pair (loc_identity_index), which loses every tie.
template <class Op, class V, class I> class LocPartials {
public:
  LocPartials() : LocPartials(detail::default_slots()) {}
  explicit LocPartials(int slots)
      : slots_(static_cast<std::size_t>(slots > 0 ? slots : 1)) {}

  int size() const { return static_cast<int>(slots_.size()); }

  /// found == false says the thread saw no candidate; its slot is skipped.
  void put(int rank, const V& val, const I& idx, bool found = true) {
    assert(rank >= 0 && rank < size() && "hpp: more threads than slots");
    Slot& s = slots_[static_cast<std::size_t>(rank)];
    s.value = val;
    s.index = idx;
    s.set = found;
  }

  /// Among the threads' partials, the better value wins and ties go to the
  /// lowest index (the highest with HighestOnTies), whatever order the loop
  /// ran in; the result then replaces the variable's initial value when
  /// the serial body would have (loc_replaces_initial).
  void combine_into(V& val, I& idx) const {
    const Slot* best = nullptr;
    for (const Slot& s : slots_) {
      if (!s.set)
        continue;
      if (!best || loc_wins<Op>(s.value, s.index, best->value, best->index))
        best = &s;
    }
    if (best && loc_replaces_initial<Op>(best->value, best->index, val, idx)) {
      val = best->value;
      idx = best->index;
    }
  }

  void reset() {
    for (Slot& s : slots_)
      s = Slot();
  }

private:
  struct alignas(kSlotAlign) alignas(V) alignas(I) Slot {
    V value = Op::template identity<V>();
    I index = I();
    bool set = false;
  };
  std::vector<Slot> slots_;
};

} // namespace omp

// The translator names these without the backend namespace; each backend's
// umbrella header provides its own.
using omp::LocPartials;
using omp::Partials;

} // namespace hpprt
