//===- managed_heap.cu - CUDA build of the opt-in managed heap ------------===//
/// \file
/// runtime/gpu/managed_heap.cu compiled for CUDA: malloc and operator new in
/// CUDA managed memory. Its own library (hpprt_cuda_managed_heap), linked
/// only when a program asks for the managed heap.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/managed_heap.cu"
