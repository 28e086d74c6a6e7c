//===- config.hpp - Version, portability macros, index type -----*- C++ -*-===//
/// \file
/// What every other hpp header needs first: the version, the macros that
/// mark code callable on a device, and the default index type.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

#define HPP_VERSION_MAJOR 0
#define HPP_VERSION_MINOR 1
#define HPP_VERSION_PATCH 0
#define HPP_VERSION                                                            \
  (HPP_VERSION_MAJOR * 10000 + HPP_VERSION_MINOR * 100 + HPP_VERSION_PATCH)

// HPP_FUNCTION marks functions that kernels call (KOKKOS_FUNCTION);
// HPP_LAMBDA and HPP_CLASS_LAMBDA introduce loop bodies (KOKKOS_LAMBDA,
// KOKKOS_CLASS_LAMBDA). A plain C++ compiler sees ordinary functions and
// lambdas; nvcc and hipcc see __host__ __device__ ones, so a translated
// program compiles the same source for both sides.
#ifndef HPP_FUNCTION
#if defined(__CUDACC__) || defined(__HIPCC__)
#define HPP_FUNCTION __host__ __device__
#else
#define HPP_FUNCTION
#endif
#endif

// Defined while a GPU compiler compiles device code (nvcc's device pass,
// clang's HIP device pass): hpp's device-capable functions (atomics,
// UniqueToken) take their device paths then, and their host paths, which
// may throw or lock, everywhere else.
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define HPP_DEVICE_PASS 1
#endif

// A definition a backend runtime may replace for the whole program (see
// detail::alloc_bytes in memory.hpp).
#define HPP_WEAK __attribute__((weak))

#ifndef HPP_INLINE_FUNCTION
#define HPP_INLINE_FUNCTION inline HPP_FUNCTION
#endif

#ifndef HPP_LAMBDA
#if defined(__CUDACC__) || defined(__HIPCC__)
#define HPP_LAMBDA [=] __host__ __device__
#else
#define HPP_LAMBDA [=]
#endif
#endif

#ifndef HPP_CLASS_LAMBDA
#if defined(__CUDACC__) || defined(__HIPCC__)
#define HPP_CLASS_LAMBDA [ =, *this ] __host__ __device__
#else
#define HPP_CLASS_LAMBDA [ =, *this ]
#endif
#endif

namespace hpp {

/// The index type of policies unless hpp::IndexType<T> says otherwise
/// (Kokkos' default is int64_t as well).
using index_t = std::int64_t;

} // namespace hpp
