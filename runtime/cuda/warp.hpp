//===- warp.hpp - CUDA build of warp primitives -----------------*- C++ -*-===//
/// \file
/// runtime/gpu/warp.hpp compiled for CUDA: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "dialect.hpp"
#include "../gpu/warp.hpp"
