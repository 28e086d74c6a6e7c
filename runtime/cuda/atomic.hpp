//===- atomic.hpp - CUDA build of device atomics ----------------*- C++ -*-===//
/// \file
/// runtime/gpu/atomic.hpp compiled for CUDA: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "dialect.hpp"
#include "../gpu/atomic.hpp"
