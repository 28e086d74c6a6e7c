// The plugin's translation runs and prints what the serial build prints.
// clang's own object is the serial build: the plugin leaves it as it is.
//
// RUN: %clangxx -std=c++17 -O2 -c %s -o %t.serial.o -I%hpp_include \
// RUN:   -fplugin=%hpp_plugin -fplugin-arg-hpp-backend=openmp -fplugin-arg-hpp-out=%t.cpp
// RUN: %clangxx %t.serial.o -o %t.ser && %t.ser > %t.ser.out
// RUN: %cxx_serial %s -o %t.gcc && %t.gcc > %t.gcc.out
// RUN: %compare %t.gcc.out %t.ser.out
// RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// RUN: %t > %t.out
// RUN: %compare %t.ser.out %t.out
// RUN: %FileCheck %s < %t.out

#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int N = 1000;
  double *X = hpp::alloc<double>(N, hpp::Space::Shared);
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    X[I] = (I % 7) * 0.5;

  double Sum = 0;
  hpp::parallel_reduce(
      "sum", N, [=](int I, double &Part) { Part += X[I]; }, Sum);

  int Big = 0;
#pragma hpp parallel reduction(+ : Big)
  for (int I = 0; I < N; ++I)
    Big += X[I] > 2;
  // CHECK: sum 1498.5 big 285
  std::printf("sum %g big %d\n", Sum, Big);
  hpp::free(X);
}
