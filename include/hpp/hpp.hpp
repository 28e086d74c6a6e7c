//===- hpp.hpp - The hpp user API (serial reference) ------------*- C++ -*-===//
/// \file
/// What programs written for hpp include. Compiled as it is (any C++17
/// compiler, no hppc, no runtime) it is the serial reference implementation;
/// hppc translates the annotated loops and the calls below into backend code.
///
///   config.hpp        version, HPP_FUNCTION / HPP_LAMBDA, index_t
///   memory.hpp        alloc, free, deep_copy in the spaces of SPEC §5
///   stream.hpp        Stream, default_stream, fence, deep_copy on a stream
///   atomic.hpp        atomic_* on plain memory
///   unique_token.hpp  UniqueToken, AcquireUniqueToken
///   policy.hpp        RangePolicy, MDRangePolicy, TeamPolicy, AUTO
///   team.hpp          TeamMember, scratch, nested ranges, single
///   reducers.hpp      Sum ... MinMaxLoc and their value types
///   parallel.hpp      parallel_for, parallel_reduce
///   scan.hpp          parallel_scan
///   profiling.hpp     push_region / pop_region for profiling tools
///   view.hpp          View, mirrors, deep_copy of views
///   core.hpp          initialize / finalize / ScopeGuard, Timer
///
/// A program that defines HPP_BACKEND_CUDA and is compiled by nvcc (what hppc
/// generates) gets CUDA memory spaces, fences, streams and copies.
//===----------------------------------------------------------------------===//
#pragma once

#include "config.hpp"

#include "atomic.hpp"
#include "core.hpp"
#include "memory.hpp"
#include "parallel.hpp"
#include "policy.hpp"
#include "profiling.hpp"
#include "reducers.hpp"
#include "scan.hpp"
#include "stream.hpp"
#include "team.hpp"
#include "unique_token.hpp"
#include "view.hpp"
