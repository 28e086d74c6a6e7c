// parallel_scan's form of scan_phase_writes.cpp (a file of its own: hppc
// analyses lowered calls only when the rest of the file has no errors).
// A body that writes, when final is true, memory it reads for the partial
// sum is refused, unless each item reads its own element before it writes
// it (Kokkos' in-place scans, accepted below; executed in
// test/exec/api_scan_in_place.cpp): the translated scan runs the body
// without final before the body with it, so it reads what the serial body
// reads only then.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

// The directives are up here because the body is copied into the lowered
// loop's two phases, comments and all (in the body they would be expected
// twice), and the lowered file's lines are not the source's: any line.
// expected-error@* 3 {{the parallel_scan body writes 'x[i]' when 'final' is true and reads it to compute the partial sum}}
// expected-note@* 3 {{'x[i]' is read by the input phase here}}
// expected-note@* 1 {{'x[i + 1]' is read by the input phase here}}
// expected-error@* 1 {{the parallel_scan body writes 'x[i / 2]' when 'final' is true}}
// expected-note@* 1 {{'x[i / 2]' is read by the input phase here}}
// expected-error@* 1 {{the parallel_scan body writes 'x[i + 0]' when 'final' is true}}

void refused(int n, long *x) {
  // Read after the write: the serial body adds the prefix it wrote.
  hpp::parallel_scan(n, [=](int i, long &partial, bool final) {
    if (final)
      x[i] = partial;
    partial += x[i];
  });
  // Another item's element, which that item may have overwritten.
  hpp::parallel_scan(n - 1, [=](int i, long &partial, bool final) {
    const long v = x[i + 1];
    if (final)
      x[i] = partial;
    partial += v;
  });
  // Items share elements.
  hpp::parallel_scan(n, [=](int i, long &partial, bool final) {
    const long v = x[i / 2];
    if (final)
      x[i / 2] = partial;
    partial += v;
  });
  // The write is repeated after the read.
  hpp::parallel_scan(n, [=](int i, long &partial, bool final) {
    for (int k = 0; k < 2; ++k) {
      const long v = x[i];
      if (final)
        x[i] = partial;
      partial += v;
    }
  });
  // The same element, spelled otherwise: not recognised.
  hpp::parallel_scan(n, [=](int i, long &partial, bool final) {
    const long v = x[i];
    if (final)
      x[i + 0] = partial;
    partial += v;
  });
}

// Accepted: each item reads its own element before writing it.
void inPlace(int n, long *x, hpp::View<double, 1> v) {
  hpp::parallel_scan(n, [=](int i, long &partial, bool final) {
    const long t = x[i];
    if (final)
      x[i] = partial;
    partial += t;
  });
  hpp::parallel_scan(n, [=](int i, long &partial, bool final) {
    partial += x[i];
    if (final)
      x[i] = partial;
  });
  hpp::parallel_scan(n, [=](int i, double &partial, bool final) {
    const double t = v(i);
    if (final)
      v(i) = partial + v(i);
    partial += t;
  });
}

// Accepted: Kokkos' example, a functor holding the View.
struct Offsets {
  hpp::View<long, 1> x;
  void operator()(const int i, long &update, const bool final) const {
    const long x_i = x(i);
    if (final)
      x(i) = update;
    update += x_i;
  }
};

void functor(int n, hpp::View<long, 1> x) { hpp::parallel_scan(n, Offsets{x}); }

// Accepted: results in another array.
void elsewhere(int n, const long *x, long *out) {
  hpp::parallel_scan(n, [=](int i, long &partial, bool final) {
    if (final)
      out[i] = partial;
    partial += x[i];
  });
}
