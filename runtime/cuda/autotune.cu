//===- autotune.cu - CUDA build of the autotuner --------------------------===//
/// \file
/// runtime/gpu/autotune.cu compiled for CUDA: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/autotune.cu"
