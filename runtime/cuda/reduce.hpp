//===- reduce.hpp - CUDA build of reductions --------------------*- C++ -*-===//
/// \file
/// runtime/gpu/reduce.hpp compiled for CUDA: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "dialect.hpp"
#include "../gpu/reduce.hpp"
