//===- loops.hpp - HIP build of nested loops --------------------*- C++ -*-===//
/// \file
/// runtime/gpu/loops.hpp compiled for HIP: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "dialect.hpp"
#include "../gpu/loops.hpp"
