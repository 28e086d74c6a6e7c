//===- scan.hpp - CUDA build of scans ---------------------------*- C++ -*-===//
/// \file
/// runtime/gpu/scan.hpp compiled for CUDA: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "dialect.hpp"
#include "../gpu/scan.hpp"
