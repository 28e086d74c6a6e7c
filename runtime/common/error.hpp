//===- error.hpp - Runtime errors -------------------------------*- C++ -*-===//
/// \file
/// How the runtime reports failures: an exception users can catch where the
/// C++ API is expected to throw, and fatal() where continuing is impossible
/// (e.g. inside a parallel region, where an exception cannot propagate).
//===----------------------------------------------------------------------===//
#pragma once

#include <stdexcept>
#include <string>

namespace hpprt {

/// Every exception the runtime throws; what() starts with "hpp: ".
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Prints "hpp: error: <what>" to stderr and aborts.
[[noreturn]] void fatal(const std::string& what);

} // namespace hpprt
