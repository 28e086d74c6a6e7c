//===- device.hpp - HIP build of the device choice ----------------*- C++ -*-===//
/// \file
/// runtime/gpu/device.hpp compiled for HIP: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "dialect.hpp"
#include "../gpu/device.hpp"
