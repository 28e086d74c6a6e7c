//===- launch.hpp - Work distribution for the OpenMP backend ----*- C++ -*-===//
/// \file
/// Translated regions run as `#pragma omp parallel` blocks in which each
/// thread takes the static_chunk of its rank, rather than `omp for`: the
/// chunk boundaries must be known to the ordered reductions and scans.
//===----------------------------------------------------------------------===//
#pragma once

#include "../common/loop.hpp"

#include <omp.h>

namespace hpprt {
namespace omp {

/// Rank of the calling thread in the innermost parallel region.
inline int rank() { return omp_get_thread_num(); }
/// Number of threads of the innermost parallel region.
inline int size() { return omp_get_num_threads(); }

/// The calling thread's share of [0, n) in the current parallel region.
inline Chunk this_thread_chunk(index_t n) {
  return static_chunk(n, rank(), size());
}

} // namespace omp
} // namespace hpprt
