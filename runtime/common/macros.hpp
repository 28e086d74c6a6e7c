//===- macros.hpp - Portability macros shared by every backend --*- C++ -*-===//
/// \file
/// The common headers are included by host code (OpenMP, serial) and by
/// device code (CUDA, HIP). Functions that device code calls carry
/// HPPRT_HOST_DEVICE, which is empty for a plain C++ compiler.
//===----------------------------------------------------------------------===//
#pragma once

#include <cassert>

#if defined(__CUDACC__) || defined(__HIPCC__)
#define HPPRT_HOST_DEVICE __host__ __device__
#else
#define HPPRT_HOST_DEVICE
#endif

/// assert(cond) that prints message with the failed condition. The message
/// is not and-ed into the condition (`assert(cond && "message")`): on AMD
/// GPUs a string literal lives in the constant address space, and clang
/// cannot prove its generic address non-null, so that condition never
/// folds and every kernel kept the call to __assert_fail (a printf
/// hostcall), with a stack in scratch and spilled SGPRs, even where cond
/// was a constant (docs/performance.md, HIP backend).
#define HPPRT_ASSERT(cond, message) assert(((void)(message), (cond)))
