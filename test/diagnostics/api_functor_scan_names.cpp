// A functor's parallel_scan body is copied to the call. A refusal quotes
// the code as the functor writes it: its parameters keep their names in
// the copy (`i`, not `hpp_i1`), and its members read without the copy's
// `hpp_functor0.` (the form of api_scan_phase_writes.cpp's refusals).
// Clang's snippet under the message still shows the copy's line.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -Xclang -verify
// RUN: not %hppc translate --backend=openmp %s -o %t.out 2> %t.err
// RUN: %FileCheck --input-file=%t.err %s --implicit-check-not="'hpp_"
// CHECK: error: the parallel_scan body writes 'x(i)' when 'final' is true
// CHECK: note: 'x(i)' is read by the input phase here
#include <hpp/hpp.hpp>

// The body is copied into the lowered loop's two phases (and the copy's
// lines are the functor's): any line.
// expected-error@* {{the parallel_scan body writes 'x(i)' when 'final' is true and reads it to compute the partial sum}}
// expected-note@* {{'x(i)' is read by the input phase here}}

// Read after the write: the serial body adds the prefix it wrote.
struct Prefix {
  hpp::View<long, 1> x;
  HPP_INLINE_FUNCTION void operator()(int i, long &partial, bool final) const {
    if (final)
      x(i) = partial;
    partial += x(i);
  }
};

void run(int n, hpp::View<long, 1> x) { hpp::parallel_scan(n, Prefix{x}); }
