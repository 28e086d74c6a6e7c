//===- config.hpp - Checks that a GPU dialect was chosen --------*- C++ -*-===//
/// \file
/// runtime/gpu/ is compiled through runtime/cuda/ or runtime/hip/, whose
/// dialect.hpp names the API (HPPRT_GPU) before any shared file is read.
//===----------------------------------------------------------------------===//
#pragma once

#ifndef HPPRT_GPU_NAME
#error "include hpprt/cuda/... or hpprt/hip/..., which choose the GPU dialect"
#endif
