//===- exceptions.hpp - Exceptions leaving a host region --------*- C++ -*-===//
/// \file
/// An exception may not leave an `omp parallel` block: the program would
/// terminate where the serial build lets the caller catch it. So each
/// thread of a region that may throw catches what its iterations throw and
/// stops its chunk; after the block, the region rethrows the exception of
/// the lowest iteration that threw, the one the serial loop throws (the
/// serial loop never reaches the later ones). Other threads' iterations may
/// have run, as with any parallel loop that fails part-way.
//===----------------------------------------------------------------------===//
#pragma once

#include "../common/error.hpp"
#include "../common/loop.hpp"

#include <atomic>
#include <exception>
#include <limits>
#include <string>

namespace hpprt {
namespace omp {

/// The exceptions of one run of one region.
class RegionErrors {
public:
  RegionErrors(const char* region, const char* file, int line)
      : region_(region), file_(file), line_(line) {}
  RegionErrors(const RegionErrors&) = delete;
  RegionErrors& operator=(const RegionErrors&) = delete;

  /// Called in a `catch (...)` around iteration `iteration` (of the
  /// region's outermost loop).
  void capture(index_t iteration) noexcept {
    keep(iteration, std::current_exception());
  }

  /// Records a runtime failure of the calling thread that no iteration
  /// caused (such as its scratch buffer), as an Error naming the region.
  void fail(const std::string& what) noexcept {
    // Before every iteration: the runtime's error explains the others.
    keep(std::numeric_limits<index_t>::min(),
         std::make_exception_ptr(Error("hpp: region '" + std::string(region_) + "' (" +
                                       file_ + ":" + std::to_string(line_) + "): " + what)));
  }

  bool failed() const { return any_.load(std::memory_order_relaxed); }

  /// After the parallel block: rethrows the kept exception, if any.
  void rethrow() {
    if (any_.load(std::memory_order_acquire))
      std::rethrow_exception(first_);
  }

private:
  void keep(index_t iteration, std::exception_ptr e) noexcept {
    // A spin lock, not a std::mutex: held for a few stores, taken only
    // when an iteration throws, and <mutex> would add ~0.1 s to the parse
    // of every translated file (issue 12's build target).
    while (lock_.test_and_set(std::memory_order_acquire)) {
    }
    if (!first_ || iteration < first_iteration_) {
      first_ = e;
      first_iteration_ = iteration;
      any_.store(true, std::memory_order_release);
    }
    lock_.clear(std::memory_order_release);
  }

  const char* region_;
  const char* file_;
  int line_;
  std::atomic_flag lock_ = ATOMIC_FLAG_INIT;
  std::exception_ptr first_;
  index_t first_iteration_ = 0;
  std::atomic<bool> any_{false};
};

} // namespace omp
} // namespace hpprt
