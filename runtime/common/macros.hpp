//===- macros.hpp - Portability macros shared by every backend --*- C++ -*-===//
/// \file
/// The common headers are included by host code (OpenMP, serial) and by
/// device code (CUDA, HIP). Functions that device code calls carry
/// HPPRT_HOST_DEVICE, which is empty for a plain C++ compiler.
//===----------------------------------------------------------------------===//
#pragma once

#if defined(__CUDACC__) || defined(__HIPCC__)
#define HPPRT_HOST_DEVICE __host__ __device__
#else
#define HPPRT_HOST_DEVICE
#endif
