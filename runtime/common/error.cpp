//===- error.cpp - Runtime errors -----------------------------------------===//
#include "../common/error.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>

namespace hpprt {
namespace {

std::terminate_handler previous_handler = nullptr;

[[noreturn]] void exit_with(const char* what) {
  // The runtime's messages start with "hpp: "; the line adds "error: ".
  if (std::strncmp(what, "hpp: ", 5) == 0)
    what += 5;
  // Output the program printed before the error stays in order before it.
  std::fflush(stdout);
  // stdio rather than iostreams: this may run while a parallel region is
  // tearing down, and one fputs keeps the line whole.
  std::string line = std::string("hpp: error: ") + what + "\n";
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
  // _Exit: static destructors could touch a device or a thread pool in an
  // unknown state.
  std::_Exit(EXIT_FAILURE);
}

[[noreturn]] void on_terminate() {
  if (std::exception_ptr current = std::current_exception()) {
    try {
      std::rethrow_exception(current);
    } catch (const Error& e) {
      exit_with(e.what());
    } catch (const std::exception& e) {
      // The user-facing headers (hpp/team.hpp, hpp/memory.hpp, ...) are
      // also the serial build's, so they throw std::runtime_error; their
      // messages carry the same prefix.
      if (std::strncmp(e.what(), "hpp: ", 5) == 0)
        exit_with(e.what());
    } catch (...) {
    }
  }
  if (previous_handler)
    previous_handler();
  std::abort();
}

} // namespace

void fatal(const std::string& what) { exit_with(what.c_str()); }

bool report_uncaught_errors() {
  static std::once_flag once;
  std::call_once(once, [] { previous_handler = std::set_terminate(on_terminate); });
  return true;
}

} // namespace hpprt
