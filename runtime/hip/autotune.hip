//===- autotune.hip - HIP build of the autotuner --------------------------===//
/// \file
/// runtime/gpu/autotune.cu compiled for HIP: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/autotune.cu"
