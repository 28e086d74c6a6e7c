//===- memory.cu - CUDA build of hpp::alloc, free, deep_copy, fence -------===//
/// \file
/// runtime/gpu/memory.cu compiled for CUDA: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/memory.cu"
