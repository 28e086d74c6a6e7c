//===- error.hpp - Runtime errors -------------------------------*- C++ -*-===//
/// \file
/// How the runtime reports failures: an exception users can catch where the
/// C++ API is expected to throw, and fatal() where continuing is impossible.
///
/// A program that does not catch a runtime error ends with one line,
/// "hpp: error: <what>", and exit status 1, rather than the C++ library's
/// "terminate called after throwing ..." and an abort: every translation
/// unit that includes this header installs that terminate handler before
/// main (once per program). Other uncaught exceptions reach the handler
/// that was installed before, as in the serial build.
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

/// Prints "hpp: error: <what>" to stderr and exits with status 1.
[[noreturn]] void fatal(const std::string& what);

/// Installs the terminate handler described above; idempotent. Returns
/// true so that it can initialise a variable.
bool report_uncaught_errors();

namespace detail {
inline const bool uncaught_errors_reported = report_uncaught_errors();
} // namespace detail

} // namespace hpprt
