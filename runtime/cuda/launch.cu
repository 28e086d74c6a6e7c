//===- launch.cu - CUDA build of launch planning --------------------------===//
/// \file
/// runtime/gpu/launch.cu compiled for CUDA: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/launch.cu"
