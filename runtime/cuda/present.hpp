//===- present.hpp - CUDA build of the present table -----------*- C++ -*-===//
/// \file
/// runtime/gpu/present.hpp compiled for CUDA: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "dialect.hpp"
#include "../gpu/present.hpp"
