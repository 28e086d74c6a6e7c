//===- scan.hpp - Two-pass scans for the OpenMP backend ---------*- C++ -*-===//
/// \file
/// A scan over a static, rank-ordered partition: pass 1, every thread
/// reduces its chunk and puts the total; barrier; pass 2, every thread
/// re-runs its chunk starting from prefix_before(rank, initial). The prefix is
/// combined in rank order, so results are deterministic.
//===----------------------------------------------------------------------===//
#pragma once

#include "reduce.hpp"

namespace hpprt {
namespace omp {

template <class Op, class T> class ScanPartials {
public:
  ScanPartials() : ScanPartials(detail::default_slots()) {}
  explicit ScanPartials(int slots)
      : slots_(static_cast<std::size_t>(slots > 0 ? slots : 1)) {}

  int size() const { return static_cast<int>(slots_.size()); }

  void put(int rank, const T& chunk_total) {
    assert(rank >= 0 && rank < size() && "hpp: more threads than slots");
    slots_[static_cast<std::size_t>(rank)].value = chunk_total;
  }

  /// initial op slot[0] op ... op slot[rank - 1]. Slots not put hold the
  /// identity, so threads with empty chunks need not put.
  T prefix_before(int rank, const T& initial) const {
    assert(rank >= 0 && rank <= size() && "hpp: rank out of range");
    T acc = initial;
    for (int r = 0; r < rank; ++r)
      Op::join(acc, slots_[static_cast<std::size_t>(r)].value);
    return acc;
  }

  /// Pass 2's value after the loop's last iteration, from the thread that
  /// ran it: the total as the serial loop leaves it, so that for floating
  /// types an inclusive scan's total equals its last element bit for bit
  /// (combining the chunks' sums groups the last chunk differently).
  void put_last(const T& v) {
    last_ = v;
    has_last_ = true;
  }

  /// The scan's total: put_last's value, or without one (no iterations)
  /// initial op slot[0] op ... op slot[size - 1], with size the number of
  /// threads that ran.
  T total(const T& initial, int size) const {
    return has_last_ ? last_ : prefix_before(size, initial);
  }

  void reset() {
    for (Slot& s : slots_)
      s = Slot();
    has_last_ = false;
  }

private:
  struct alignas(kSlotAlign) alignas(T) Slot {
    T value = Op::template identity<T>();
  };
  std::vector<Slot> slots_;
  T last_ = Op::template identity<T>();
  bool has_last_ = false;
};

} // namespace omp

using omp::ScanPartials;

} // namespace hpprt
