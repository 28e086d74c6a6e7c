//===- present.cu - CUDA build of the present table ----------------------===//
/// \file
/// runtime/gpu/present.cu compiled for CUDA: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/present.cu"
