//===- scratch.hip - HIP build of the buffer pool -------------------------===//
/// \file
/// runtime/gpu/scratch.cu compiled for HIP: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/scratch.cu"
