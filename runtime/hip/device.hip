//===- device.hip - HIP build of the device choice ------------------------===//
/// \file
/// runtime/gpu/device.cu compiled for HIP: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/device.cu"
