//===- clock.hpp - Monotonic time and yielding for the headers --*- C++ -*-===//
/// \file
/// What hpp::Timer and UniqueToken's host wait need from <chrono> and
/// <thread>, taken from the C library instead: those two headers cost every
/// file that includes hpp.hpp about 0.05 s of parse (issue 12's build
/// target). The clock is the one std::chrono::steady_clock reads on Linux
/// (CLOCK_MONOTONIC) and the yield the one std::this_thread::yield calls.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

#include <sched.h>
#include <time.h>

namespace hpp {
namespace detail {

/// Nanoseconds of a clock that never goes back (steady_clock's).
inline std::int64_t monotonic_ns() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return std::int64_t(t.tv_sec) * 1000000000 + std::int64_t(t.tv_nsec);
}

/// Lets another thread run (std::this_thread::yield).
inline void yield_thread() { sched_yield(); }

} // namespace detail
} // namespace hpp
