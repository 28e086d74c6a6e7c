//===- scratch.hpp - CUDA build of the buffer pool --------------*- C++ -*-===//
/// \file
/// runtime/gpu/scratch.hpp compiled for CUDA: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "dialect.hpp"
#include "../gpu/scratch.hpp"
