// parallel_scan's form of scan_phase_writes.cpp (a file of its own: hppc
// analyses lowered calls only when the rest of the file has no errors).
// A body that writes, when final is true, memory it reads for the partial
// sum is refused, Kokkos' in-place scan included: its serial build is
// right, but the translated scan may run the body without final after
// the write (OpenMP's second pass does), and read the written value.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

// The directives are up here because the body is copied into the lowered
// loop's two phases, comments and all (in the body they would be expected
// twice), and the lowered file's lines are not the source's: any line.
// expected-error@* 3 {{the parallel_scan body writes 'x[i]' when 'final' is true and reads it to compute the partial sum}}
// expected-note@* 3 {{'x[i]' is read by the input phase here}}

void inPlace(int n, long *x) {
  hpp::parallel_scan(n, [=](int i, long &partial, bool final) {
    const long v = x[i];
    if (final)
      x[i] = partial;
    partial += v;
  });
  hpp::parallel_scan(n, [=](int i, long &partial, bool final) {
    if (final)
      x[i] = partial;
    partial += x[i];
  });
  hpp::parallel_scan(n, [=](int i, long &partial, bool final) {
    partial += x[i];
    if (final)
      x[i] = partial;
  });
}

// Accepted: results in another array.
void elsewhere(int n, const long *x, long *out) {
  hpp::parallel_scan(n, [=](int i, long &partial, bool final) {
    if (final)
      out[i] = partial;
    partial += x[i];
  });
}
