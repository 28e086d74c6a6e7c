// An exclusive scan's scan phase runs before its input phase in each
// iteration, but the translated loop runs every input phase first (the
// reduce pass), so an input phase that reads memory its scan phase writes
// would read the value from before the write: refused at the write, with a
// note at the read. Reads before the write in the same iteration are
// fine: the in-place scan below (parallel_scan's form of both is in
// api_scan_phase_writes.cpp).
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

void overwrittenSign(int n, double *x, int *list) {
  int c = 0;
#pragma hpp parallel reduction(inscan, +: c)
  for (int i = 0; i < n; ++i) {
    if (x[i] < 0.0) {
      // expected-error@+1 {{the scan phase of an exclusive scan writes 'x[i]', which its input phase reads: the input phases run before the scan phases, so it would read the value from before this write}}
      x[i] = 1.0;
      list[c] = i;
    }
#pragma hpp scan exclusive(c)
    // expected-note@+1 {{'x[i]' is read by the input phase here}}
    c += x[i] < 0.0 ? 1 : 0;
  }
}

// The same memory under another name: a local pointer copied from it, an
// atomic's pointer argument, a member of the same object.
void throughCopy(int n, long *x) {
  long c = 0;
#pragma hpp parallel reduction(inscan, +: c)
  for (int i = 0; i < n; ++i) {
    long *y = x;
    // expected-error@+1 {{the scan phase of an exclusive scan writes 'y[i]', which its input phase reads}}
    y[i] = c;
#pragma hpp scan exclusive(c)
    // expected-note@+1 {{'x[i]' is read by the input phase here}}
    c += x[i];
  }
}

void throughAtomic(int n, double *x, double *out) {
  double c = 0;
#pragma hpp parallel reduction(inscan, +: c)
  for (int i = 0; i < n; ++i) {
    out[i] = c;
    // expected-error@+1 {{the scan phase of an exclusive scan writes 'hpp::atomic_add(&x[i], 1.0)', which its input phase reads}}
    hpp::atomic_add(&x[i], 1.0);
#pragma hpp scan exclusive(c)
    // expected-note@+1 {{'x[i]' is read by the input phase here}}
    c += x[i];
  }
}

// A declaration the reduce pass repeats reads where it stands: after the
// write, it would read the written value serially.
void declarationAfterWrite(int n, long *x) {
  long c = 0;
#pragma hpp parallel reduction(inscan, +: c)
  for (int i = 0; i < n; ++i) {
    // expected-error@+1 {{the scan phase of an exclusive scan writes 'x[i]', which its input phase reads}}
    x[i] = c;
    // expected-note@+1 {{'x[i]' is read by the input phase here}}
    const long t = x[i];
#pragma hpp scan exclusive(c)
    c += t;
  }
}

// Accepted: the in-place exclusive scan reads x[i] before it writes it,
// different arrays, and an inclusive scan (input phase first, as in the
// serial loop).
void accepted(int n, long *x, long *out, const long *in) {
  long c = 0;
#pragma hpp parallel reduction(inscan, +: c)
  for (int i = 0; i < n; ++i) {
    const long t = x[i];
    x[i] = c;
#pragma hpp scan exclusive(c)
    c += t;
  }
#pragma hpp parallel reduction(inscan, +: c)
  for (int i = 0; i < n; ++i) {
    out[i] = c;
#pragma hpp scan exclusive(c)
    c += in[i];
  }
#pragma hpp parallel reduction(inscan, +: c)
  for (int i = 0; i < n; ++i) {
    c += x[i];
#pragma hpp scan inclusive(c)
    x[i] = c;
  }
}
