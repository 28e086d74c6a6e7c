// A nowait region's reduction result is written when its stream is fenced;
// a local that may be gone by then gets a warning (user guide §9.10).
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -Xclang -verify
// RUN: %hppc translate --backend=openmp %s -o %t.cpp -- -Xclang -verify
#include <hpp/hpp.hpp>

double dangling(const hpp::Stream &s, int n, const double *x) {
  double sum = 0;
  // expected-warning@+1 {{'sum' receives the result of this nowait region when its stream is fenced, but no call of 'fence' or 'status' follows the region in the scope of 'sum', which ends at line 14}}
#pragma hpp parallel stream(s) nowait reduction(+: sum)
  for (int i = 0; i < n; ++i)
    sum += x[i];
  return sum;
}

double fenced(const hpp::Stream &s, int n, const double *x) {
  double sum = 0;
#pragma hpp parallel stream(s) nowait reduction(+: sum)
  for (int i = 0; i < n; ++i)
    sum += x[i];
  s.fence();
  return sum;
}

double polled(const hpp::Stream &s, int n, const double *x) {
  double best = 0;
  int where = -1;
#pragma hpp parallel stream(s) nowait reduction(maxloc: best, where)
  for (int i = 0; i < n; ++i)
    if (x[i] > best) {
      best = x[i];
      where = i;
    }
  while (s.status() != hpp::StreamStatus::Complete) {
  }
  return best + where;
}

// The caller owns the variable, and fences it.
void into_caller(const hpp::Stream &s, int n, const double *x, double &out) {
#pragma hpp parallel stream(s) nowait reduction(+: out)
  for (int i = 0; i < n; ++i)
    out += x[i];
}

double inner_scope(const hpp::Stream &s, int n, const double *x) {
  double total = 0;
  {
    double part = 0;
    // expected-warning@+1 {{'part' receives the result of this nowait region when its stream is fenced, but no call of 'fence' or 'status' follows the region in the scope of 'part', which ends at line 55}}
#pragma hpp parallel stream(s) nowait reduction(+: part)
    for (int i = 0; i < n; ++i)
      part += x[i];
    total = part;
  }
  hpp::fence();
  return total;
}
