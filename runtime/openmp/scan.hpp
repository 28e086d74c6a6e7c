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

  /// initial op slot[0] op ... op slot[size - 1]: the scan's total, with size
  /// the number of threads that ran.
  T total(const T& initial, int size) const {
    return prefix_before(size, initial);
  }

  void reset() {
    for (Slot& s : slots_)
      s = Slot();
  }

private:
  struct alignas(kSlotAlign) alignas(T) Slot {
    T value = Op::template identity<T>();
  };
  std::vector<Slot> slots_;
};

} // namespace omp

using omp::ScanPartials;

} // namespace hpprt
