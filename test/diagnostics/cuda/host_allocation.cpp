// A GPU region that uses a pointer to memory the function visibly took
// from new or malloc, unmapped, is refused at translation (issue 14, item
// 3): the launch would fail on a device without pageable-memory access.
// What hppc cannot see through (the pointer passed on, reassigned, a
// parameter; hpp::alloc memory; a map in sight) is left to the launch's
// check, which names the variable at run time. With the managed heap or
// where GPUs reach pageable memory, --host-memory-reachable (hppc++:
// --hpp-host-memory-reachable or --hpp-managed-heap) lets it through. The
// OpenMP backend shares host memory: nothing to refuse.
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -Xclang -verify
// RUN: %hppc translate --backend=hip %s -o %t.hip -- -Xclang -verify
// RUN: %hppc translate --backend=cuda --host-memory-reachable %s -o %t.r.cu -- -Xclang -verify=reachable
// RUN: %hppc translate --backend=openmp %s -o %t.cpp -- -Xclang -verify=reachable
// reachable-no-diagnostics
#include <cstdlib>
#include <hpp/hpp.hpp>

void fromNew(int n) {
  double *p = new double[n]; // expected-note {{'p' is allocated here, on the host}}
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    p[i] = i; // expected-error {{region uses 'p', which points to host memory from 'new[]': a device without access to pageable memory cannot reach it; add map(tofrom: p[0:n]) to the region or an enclosing 'hpp data', or allocate it with hpp::alloc}}
  delete[] p;
}

double fromMalloc(int n) {
  double *q = static_cast<double *>(std::malloc(n * sizeof(double))); // expected-note {{'q' is allocated here, on the host}}
  double s = 0;
#pragma hpp parallel reduction(+: s)
  for (int i = 0; i < n; ++i)
    s += q[i]; // expected-error {{region uses 'q', which points to host memory from 'malloc': a device without access to pageable memory cannot reach it; add map(tofrom: q[0:count])}}
  if (q)
    std::free(q);
  return s;
}

// Mapped by the region, by an enclosing data region, or by enter data.
void mapped(int n) {
  double *a = new double[n];
  double *b = new double[n];
  double *c = new double[n];
#pragma hpp parallel map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = i;
#pragma hpp data map(tofrom: b[0:n])
  {
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      b[i] = i;
  }
#pragma hpp enter data map(to: c[0:n])
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    c[i] += 1;
#pragma hpp exit data map(from: c[0:n])
  delete[] a;
  delete[] b;
  delete[] c;
}

void registerElsewhere(double *p, int n);

// Out of sight: the launch decides.
void outOfSight(double *param, int n) {
  double *passed = new double[n];
  registerElsewhere(passed, n); // could map or register it
  double *moved = new double[n];
  moved = param;
  double *device = hpp::alloc<double>(n, hpp::Space::Device);
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    passed[i] = moved[i] + param[i] + device[i];
  hpp::free(device);
}
