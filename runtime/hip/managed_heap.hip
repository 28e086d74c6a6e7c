//===- managed_heap.hip - HIP build of the opt-in managed heap ------------===//
/// \file
/// runtime/gpu/managed_heap.cu compiled for HIP: malloc and operator new in
/// HIP managed memory. Its own library (hpprt_hip_managed_heap), linked
/// only when a program asks for the managed heap.
//===----------------------------------------------------------------------===//

#include "dialect.hpp"
#include "../gpu/managed_heap.cu"
