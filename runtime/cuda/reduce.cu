//===- reduce.cu - CUDA build of reduction buffers ------------------------===//
/// \file
/// runtime/gpu/reduce.cu compiled for CUDA: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/reduce.cu"
