//===- map_items.hpp - HIP build of the map vocabulary -----*- C++ -*-===//
/// \file
/// runtime/gpu/map_items.hpp compiled for HIP: the GPU runtime is written once
/// for CUDA and HIP; dialect.hpp names the API calls that differ.
//===----------------------------------------------------------------------===//
#pragma once

#include "dialect.hpp"
#include "../gpu/map_items.hpp"
