//===- atomic.hpp - HIP build of device atomics -----------------*- C++ -*-===//
/// \file
/// runtime/gpu/atomic.hpp compiled for HIP: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "dialect.hpp"
#include "../gpu/atomic.hpp"
