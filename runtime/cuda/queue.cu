//===- queue.cu - CUDA build of the queued-work records ------------------===//
/// \file
/// runtime/gpu/queue.cu compiled for CUDA: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/queue.cu"
