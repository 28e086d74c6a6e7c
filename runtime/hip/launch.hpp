//===- launch.hpp - HIP build of kernel launches ----------------*- C++ -*-===//
/// \file
/// runtime/gpu/launch.hpp compiled for HIP: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "dialect.hpp"
#include "../gpu/launch.hpp"
