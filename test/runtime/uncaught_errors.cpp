// An error of the runtime that the program does not catch ends it with one
// "hpp: error:" line naming the region, its line and the sizes, and exit
// status 1: no "terminate called", no abort (issue 11, item 11).
// RUN: %hppc translate --backend=openmp %s -o %t.cpp
// RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
//
// Scratch a host thread cannot allocate, in a region's parallel block.
// RUN: not %t scratch > %t.out 2> %t.err
// RUN: %FileCheck --input-file=%t.err %s --check-prefix=SCRATCH --implicit-check-not=terminate
// RUN: %FileCheck --input-file=%t.out %s --check-prefix=BEFORE
// SCRATCH: hpp: error: region 'huge' ({{.*}}uncaught_errors.cpp:[[@LINE+19]]): cannot allocate 9223372036854775808 bytes of scratch memory for a host thread{{$}}
// BEFORE: printed before the error
//
// Other exceptions are not the runtime's: they end the program as they
// would without hpp (the handler installed before is called).
// RUN: not --crash %t user 2> %t.user.err
// RUN: %FileCheck --input-file=%t.user.err %s --check-prefix=USER
// USER: terminate called after throwing an instance of 'std::logic_error'
//
// A caught runtime error is the program's business: it goes on.
// RUN: %t caught | %FileCheck %s --check-prefix=CAUGHT
// CAUGHT: caught: hpp: region 'huge'
// CAUGHT-NEXT: after
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <hpp/hpp.hpp>

void huge(long n, double* out) {
#pragma hpp team name("huge")
  for (int t = 0; t < 2; ++t) {
#pragma hpp scratch level(1) per(team)
    double a[n];
    a[0] = t;
    out[t] = a[0];
  }
}

int main(int argc, char** argv) {
  double out[2] = {0, 0};
  const long n = 1L << 60; // 2^63 bytes of doubles
  std::printf("%s the error\n", "printed before");
  if (argc > 1 && std::strcmp(argv[1], "scratch") == 0)
    huge(n, out);
  if (argc > 1 && std::strcmp(argv[1], "user") == 0)
    throw std::logic_error("mine");
  if (argc > 1 && std::strcmp(argv[1], "caught") == 0) {
    try {
      huge(n, out);
    } catch (const std::exception& e) {
      std::printf("caught: %s\n", e.what());
    }
    std::printf("after\n");
  }
  return 0;
}
