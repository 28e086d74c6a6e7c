//===- device_ranges.cu - CUDA build of the device-memory ranges -----------===//
/// \file
/// runtime/gpu/device_ranges.cu compiled for CUDA: the GPU runtime is written
/// once for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/device_ranges.cu"
