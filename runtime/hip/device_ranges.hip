//===- device_ranges.hip - HIP build of the device-memory ranges -----------===//
/// \file
/// runtime/gpu/device_ranges.cu compiled for HIP: the GPU runtime is written
/// once for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/device_ranges.cu"
