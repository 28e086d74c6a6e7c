//===- launch.hip - HIP build of launch planning --------------------------===//
/// \file
/// runtime/gpu/launch.cu compiled for HIP: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/launch.cu"
