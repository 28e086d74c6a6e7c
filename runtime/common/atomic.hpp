//===- atomic.hpp - Host atomics for translated code ------------*- C++ -*-===//
/// \file
/// Translated OpenMP code and users share one implementation of host atomics:
/// the public <hpp/atomic.hpp> (header-only, __atomic builtins). hpprt
/// re-exports it so generated code can say hpprt::atomic_add(&x, v) without
/// depending on how the user spelled the include.
//===----------------------------------------------------------------------===//
#pragma once

#include <hpp/atomic.hpp>

namespace hpprt {

using hpp::atomic_add;
using hpp::atomic_and;
using hpp::atomic_compare_exchange;
using hpp::atomic_decrement;
using hpp::atomic_exchange;
using hpp::atomic_fetch_add;
using hpp::atomic_fetch_and;
using hpp::atomic_fetch_max;
using hpp::atomic_fetch_min;
using hpp::atomic_fetch_or;
using hpp::atomic_fetch_sub;
using hpp::atomic_fetch_xor;
using hpp::atomic_increment;
using hpp::atomic_load;
using hpp::atomic_max;
using hpp::atomic_min;
using hpp::atomic_or;
using hpp::atomic_store;
using hpp::atomic_sub;
using hpp::atomic_xor;

} // namespace hpprt
