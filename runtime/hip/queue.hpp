//===- queue.hpp - HIP build of the queued-work records -------*- C++ -*-===//
/// \file
/// runtime/gpu/queue.hpp compiled for HIP: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "dialect.hpp"
#include "../gpu/queue.hpp"
