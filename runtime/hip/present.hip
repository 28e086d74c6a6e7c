//===- present.hip - HIP build of the present table ----------------------===//
/// \file
/// runtime/gpu/present.cu compiled for HIP: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/present.cu"
