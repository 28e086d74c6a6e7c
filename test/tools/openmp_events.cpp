// Kokkos Tools attached at run time (issue 13, item 7): a translated OpenMP
// program run with a tool library named in HPP_TOOLS_LIBS or
// KOKKOS_TOOLS_LIBS reports its regions (for / reduce / scan, pragma and
// API forms, with their names), allocations, copies, fences and user
// regions to the tool, which sees init first and finalize last. The
// program's results are those of the serial build, which loads no tools.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp
// RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
//
// RUN: env HPP_TOOLS_LIBS=%tool_recorder HPP_RECORDER_OUT=%t.log %t > %t.out
// RUN: %compare %t.ser.out %t.out
// RUN: %FileCheck --input-file=%t.log %s
//
// The same through Kokkos' variable, and through a list whose first entry
// is empty (both separators are accepted).
// RUN: env KOKKOS_TOOLS_LIBS=%tool_recorder HPP_RECORDER_OUT=%t.k.log %t > %t.k.out
// RUN: %compare %t.ser.out %t.k.out
// RUN: %FileCheck --input-file=%t.k.log %s
// RUN: env "HPP_TOOLS_LIBS=;%tool_recorder:" HPP_RECORDER_OUT=%t.l.log %t > /dev/null
// RUN: %FileCheck --input-file=%t.l.log %s
//
// The serial build ignores the variable: nothing is recorded.
// RUN: rm -f %t.s.log
// RUN: env HPP_TOOLS_LIBS=%tool_recorder HPP_RECORDER_OUT=%t.s.log %t.ser > /dev/null
// RUN: test ! -e %t.s.log
//
// CHECK: init seq=0 version=20211015 devices=0
// Allocations: the size asked for, in the one space of this backend.
// CHECK-NEXT: allocate space=Host label='hpp::alloc' ptr=[[X:0x[0-9a-f]+]] size=8000{{$}}
// CHECK-NEXT: allocate space=Host label='hpp::alloc' ptr=[[Y:0x[0-9a-f]+]] size=8000{{$}}
// CHECK-NEXT: push_region 'setup'
// OpenMP regions report device 16777217: type OpenMP (1) << 24, instance 1.
// The runtime proposes unique, increasing ids (each event takes the next).
// CHECK-NEXT: begin_parallel_for 'fill' dev=16777217 preset=[[#P:]] id=[[F:[0-9]+]]
// CHECK-NEXT: end_parallel_for id=[[F]]{{$}}
// CHECK-NEXT: pop_region
// CHECK-NEXT: begin_parallel_reduce 'sum' dev=16777217 preset=[[#P+1]] id=[[R:[0-9]+]]
// CHECK-NEXT: end_parallel_reduce id=[[R]]{{$}}
// CHECK-NEXT: begin_parallel_scan 'prefix' dev=16777217 preset=[[#P+2]] id=[[S:[0-9]+]]
// CHECK-NEXT: end_parallel_scan id=[[S]]{{$}}
// An unnamed region is named after its function and line.
// CHECK-NEXT: begin_parallel_for 'main_L[[#@LINE+53]]' dev=16777217 preset=[[#P+3]]
// CHECK-NEXT: end_parallel_for
// The API forms with labels.
// CHECK-NEXT: begin_parallel_for 'api_for' dev=16777217 preset=[[#P+4]] id=[[AF:[0-9]+]]
// CHECK-NEXT: end_parallel_for id=[[AF]]{{$}}
// CHECK-NEXT: begin_parallel_reduce 'api_reduce' dev=16777217 preset=[[#P+5]] id=[[AR:[0-9]+]]
// CHECK-NEXT: end_parallel_reduce id=[[AR]]{{$}}
// CHECK-NEXT: begin_parallel_scan 'api_scan' dev=16777217 preset=[[#P+6]] id=[[AS:[0-9]+]]
// CHECK-NEXT: end_parallel_scan id=[[AS]]{{$}}
// A copy, and global fences: device 16777216 (OpenMP, every instance).
// CHECK-NEXT: begin_deep_copy dst=Host:[[Y]] src=Host:[[X]] size=8000{{$}}
// CHECK-NEXT: end_deep_copy
// CHECK-NEXT: begin_fence 'hpp::fence: unnamed global fence' dev=16777216 preset=[[#P+7]] id=[[FE:[0-9]+]]
// CHECK-NEXT: end_fence id=[[FE]]{{$}}
// CHECK-NEXT: begin_fence 'after copy' dev=16777216 preset=[[#P+8]]
// CHECK-NEXT: end_fence
// CHECK-NEXT: deallocate space=Host label='hpp::alloc' ptr=[[X]] size=8000{{$}}
// CHECK-NEXT: deallocate space=Host label='hpp::alloc' ptr=[[Y]] size=8000{{$}}
// Views are reported under their labels; an unlabelled one as hpp::View.
// CHECK-NEXT: allocate space=Host label='weights' ptr=[[W:0x[0-9a-f]+]] size=96{{$}}
// CHECK-NEXT: allocate space=Host label='hpp::View' ptr=[[U:0x[0-9a-f]+]] size=16{{$}}
// CHECK-NEXT: deallocate space=Host label='hpp::View' ptr=[[U]] size=16{{$}}
// CHECK-NEXT: deallocate space=Host label='weights' ptr=[[W]] size=96{{$}}
// CHECK-NEXT: finalize
// CHECK-EMPTY:
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int n = 1000;
  double* x = hpp::alloc<double>(n, hpp::Space::Host);
  double* y = hpp::alloc<double>(n, hpp::Space::Host);

  hpp::push_region("setup");
#pragma hpp parallel name("fill")
  for (int i = 0; i < n; ++i)
    x[i] = 0.5 * i;
  hpp::pop_region();

  double sum = 0;
#pragma hpp parallel reduction(+: sum) name("sum")
  for (int i = 0; i < n; ++i)
    sum += x[i];

  double run = 0;
#pragma hpp parallel reduction(inscan, +: run) name("prefix")
  for (int i = 0; i < n; ++i) {
    run += x[i];
#pragma hpp scan inclusive(run)
    y[i] = run;
  }
  std::printf("sum %.17g last prefix %.17g\n", sum, y[n - 1]);

#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    y[i] = 2 * x[i];
  std::printf("y[7] %.17g\n", y[7]);

  hpp::parallel_for("api_for", n, HPP_LAMBDA(int i) { y[i] = x[i] + 1; });
  double total = 0;
  hpp::parallel_reduce(
      "api_reduce", n, HPP_LAMBDA(int i, double& s) { s += y[i]; }, total);
  long count = 0;
  hpp::parallel_scan(
      "api_scan", n,
      HPP_LAMBDA(int i, long& partial, bool final) {
        if (final)
          y[i] = partial;
        partial += i % 3;
      },
      count);
  std::printf("total %.17g count %ld y[10] %.17g\n", total, count, y[10]);

  hpp::deep_copy(y, x, n * sizeof(double));
  hpp::fence();
  hpp::fence("after copy");
  std::printf("copied y[9] %.17g\n", y[9]);
  hpp::free(x);
  hpp::free(y);
  {
    hpp::View<double, 2> w("weights", 3, 4);
    hpp::View<int, 1> u("", 4);
    std::printf("view sizes %zu %zu\n", w.size(), u.size());
  }
  return 0;
}
