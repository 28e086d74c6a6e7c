//===- device_ranges.hpp - CUDA build of the device-memory ranges -*- C++ -*-===//
/// \file
/// runtime/gpu/device_ranges.hpp compiled for CUDA: the GPU runtime is written
/// once for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "dialect.hpp"
#include "../gpu/device_ranges.hpp"
