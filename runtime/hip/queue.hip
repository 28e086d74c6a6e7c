//===- queue.hip - HIP build of the queued-work records ------------------===//
/// \file
/// runtime/gpu/queue.cu compiled for HIP: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/queue.cu"
