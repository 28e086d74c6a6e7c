//===- core.hpp - initialize / finalize, ScopeGuard, Timer ------*- C++ -*-===//
/// \file
/// Kokkos' program frame, so that a port keeps its structure:
/// hpp::initialize(argc, argv) ... hpp::finalize(), or an hpp::ScopeGuard
/// over main's body, and hpp::Timer.
///
/// hpp needs no initialisation: the runtime starts itself on first use
/// (and loads the tools named in HPP_TOOLS_LIBS / KOKKOS_TOOLS_LIBS when the
/// program starts). initialize() only records that the program has started;
/// it reads no command-line options (threads come from OMP_NUM_THREADS, the
/// device from HPP_DEVICE or the MPI local rank, see the user guide) and
/// leaves argv as it is; in a GPU program it makes the chosen device
/// current. finalize() waits for all outstanding work (hpp::fence), then
/// runs the hooks registered with push_finalize_hook, the last first, as
/// Kokkos does. Views and Streams still alive at finalize() stay valid
/// (unlike Kokkos, where that is an error): nothing is torn down.
/// Calling initialize twice, or finalize without initialize or twice, is an
/// error (std::logic_error), as in Kokkos.
//===----------------------------------------------------------------------===//
#pragma once

#include <exception>
#include <stdexcept>
#include <utility>

// std::function alone: with libstdc++, <functional> in C++17 also parses
// the searchers and <unordered_map>, ~0.08 s of every file that includes
// hpp.hpp (issue 12's build target).
#if defined(__GLIBCXX__) && __has_include(<bits/std_function.h>)
#include <bits/std_function.h>
#else
#include <functional>
#endif

#include "clock.hpp"
#include "stream.hpp"

namespace hpp {
namespace detail {
enum class Lifetime { NotStarted, Running, Finalized };
inline Lifetime lifetime = Lifetime::NotStarted;
/// The hooks to run at finalize(), the last pushed first: a stack of nodes
/// rather than a std::vector<std::function>, whose members every file that
/// includes hpp.hpp would instantiate (~0.03 s of its parse).
struct FinalizeHook {
  std::function<void()> Run;
  FinalizeHook* Next;
};
inline FinalizeHook*& finalize_hooks() {
  static FinalizeHook* Top = nullptr;
  return Top;
}
} // namespace detail

/// Marks the start of the program's use of hpp (Kokkos::initialize).
inline void initialize() {
  if (detail::lifetime != detail::Lifetime::NotStarted)
    throw std::logic_error(detail::lifetime == detail::Lifetime::Running
                               ? "hpp::initialize: already initialized"
                               : "hpp::initialize: called after hpp::finalize");
  // A GPU program picks its device now (HPP_DEVICE, the MPI local rank)
  // rather than at its first device call, so a bad choice stops it here.
  detail::device_initialize();
  detail::lifetime = detail::Lifetime::Running;
}

/// initialize() with main's arguments, which hpp does not read or change.
inline void initialize(int& argc, char* argv[]) {
  (void)argc;
  (void)argv;
  initialize();
}

inline bool is_initialized() { return detail::lifetime == detail::Lifetime::Running; }
inline bool is_finalized() { return detail::lifetime == detail::Lifetime::Finalized; }

/// Runs f at finalize(), before the hooks registered earlier.
inline void push_finalize_hook(std::function<void()> f) {
  detail::FinalizeHook*& Top = detail::finalize_hooks();
  Top = new detail::FinalizeHook{std::move(f), Top};
}

/// Waits for all work, then runs the finalize hooks, the last first.
inline void finalize() {
  if (detail::lifetime != detail::Lifetime::Running)
    throw std::logic_error(detail::lifetime == detail::Lifetime::NotStarted
                               ? "hpp::finalize: hpp was not initialized"
                               : "hpp::finalize: already finalized");
  fence("hpp::finalize");
  detail::lifetime = detail::Lifetime::Finalized;
  detail::FinalizeHook*& Top = detail::finalize_hooks();
  while (Top) {
    detail::FinalizeHook* Hook = Top;
    Top = Hook->Next;
    std::function<void()> Run = std::move(Hook->Run);
    delete Hook;
    Run();
  }
}

/// initialize() for its lifetime, finalize() at its end (Kokkos::ScopeGuard).
class ScopeGuard {
public:
  ScopeGuard() { initialize(); }
  ScopeGuard(int& argc, char* argv[]) { initialize(argc, argv); }
  // finalize() reports work that failed asynchronously by throwing; while
  // another exception unwinds the stack that report is dropped.
  ~ScopeGuard() noexcept(false) {
    if (!is_initialized())
      return;
    if (std::uncaught_exceptions() == 0) {
      finalize();
      return;
    }
    try {
      finalize();
    } catch (...) {
    }
  }
  ScopeGuard(const ScopeGuard&) = delete;
  ScopeGuard& operator=(const ScopeGuard&) = delete;
};

/// Wall-clock seconds since construction or the last reset()
/// (Kokkos::Timer). It does not fence: call hpp::fence() before seconds()
/// to time asynchronous work.
class Timer {
public:
  Timer() : Start(detail::monotonic_ns()) {}
  void reset() { Start = detail::monotonic_ns(); }
  double seconds() const { return double(detail::monotonic_ns() - Start) * 1e-9; }

private:
  std::int64_t Start; // steady_clock's nanoseconds (clock.hpp)
};

} // namespace hpp
