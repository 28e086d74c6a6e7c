//===- error.cpp - Runtime errors -----------------------------------------===//
#include "../common/error.hpp"

#include <cstdio>
#include <cstdlib>

namespace hpprt {

void fatal(const std::string& what) {
  // stdio rather than iostreams: this may run while a parallel region is
  // tearing down, and one fputs keeps the line whole.
  std::string line = "hpp: error: " + what + "\n";
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
  std::abort();
}

} // namespace hpprt
