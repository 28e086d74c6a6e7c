//===- scratch.hpp - Per-thread scratch memory on the host ------*- C++ -*-===//
/// \file
/// On the OpenMP backend a team is one host thread's iteration of the league
/// loop, so `hpp scratch` arrays (both levels) live in a buffer owned by the
/// host thread and reused by every team it runs: no allocation per team.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>

namespace hpprt {
namespace omp {

class RegionErrors;

/// Alignment of every scratch buffer; lay arrays out with align_up.
constexpr std::size_t kScratchAlign = 64;

/// A kScratchAlign-aligned buffer of at least `bytes` bytes owned by the
/// calling thread. It stays valid until the same thread asks for more than
/// it holds (contents are not preserved when it grows) and is freed when the
/// thread exits. bytes == 0 returns a non-null pointer that must not be
/// dereferenced. Throws hpprt::Error when the memory cannot be allocated.
char* thread_scratch(std::size_t bytes);

/// The same inside a region's parallel block, where nothing may be thrown:
/// a failure is recorded in \p errors, naming the region, and the result
/// is null.
char* thread_scratch(std::size_t bytes, RegionErrors& errors) noexcept;

/// Bytes currently held by the calling thread's buffer (for tests/reports).
std::size_t thread_scratch_capacity();

} // namespace omp

using omp::thread_scratch;

} // namespace hpprt
