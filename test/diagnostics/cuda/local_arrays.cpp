// A local array reaches device code as a copy. Reading it is fine; a
// region that writes it (or passes it on) gets it mapped `tofrom`
// implicitly, so the writes reach the host's array (issue 14; before, an
// error). Both front ends meet this: a parallel_for body capturing by
// reference is lowered to the same loop. Only an array whose size is not
// a constant cannot be mapped by its type: still an error.
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu -- -Xclang -verify
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --input-file %t.cu
// RUN: %hppc translate --format=none --backend=openmp %s -o %t.cpp -- -Xclang -verify
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.vla.cu -- -DVLA -Xclang -verify=vla
// expected-no-diagnostics
#include <hpp/hpp.hpp>

double keep(double *p) { return p[0]; }
void localArrays(int n, double *out) {
  double table[4] = {1, 2, 3, 4};
  double grid[2][3] = {};
  double scratch[8];
  double sum[4] = {};
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    out[i] = table[i % 4] + grid[i % 2][i % 3];
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    sum[i % 4] = out[i];
  hpp::parallel_for(n, [&](int i) { out[i] = keep(scratch); });
  hpp::parallel_for(n, [&](int i) { grid[1][i % 3] += 1; });
}
// CHECK-NOT: hpp_map.map({{.*}}"tofrom: table"
// CHECK: hpp_map.map(hpprt::cuda::MapKind::ToFrom, hpprt::cuda::section_base(sum), 0, hpprt::cuda::whole_extent(sum), "tofrom: sum");
// CHECK: sum = hpprt::cuda::present_section(hpprt::cuda::section_base(sum), 0)
// CHECK: hpp_map.map(hpprt::cuda::MapKind::ToFrom, hpprt::cuda::section_base(scratch), 0, hpprt::cuda::whole_extent(scratch), "tofrom: scratch");
// CHECK: hpp_map.map(hpprt::cuda::MapKind::ToFrom, hpprt::cuda::section_base(grid), 0, hpprt::cuda::whole_extent(grid), "tofrom: grid");

#ifdef VLA
void variableLength(int n, double *out) {
  // vla-note@+1 {{'vla' is declared here}}
  double vla[n];
  // vla-error@+1 {{CUDA region writes local array 'vla' or lets it escape, but device code works on a copy of it and the writes would be lost; allocate it with hpp::alloc}}
  hpp::parallel_for(n, [&](int i) { vla[i] = out[i]; });
}
#endif

// The HIP backend maps and refuses the same, naming HIP: the expectations
// with CUDA replaced by HIP, checked on a copy (same lines) translated for HIP.
// RUN: sed -e s/CUDA/HIP/g %s > %t.hip.cpp
// RUN: %hppc translate --format=none --backend=hip %t.hip.cpp -o %t.hip -- -I%S -DVLA -Xclang -verify=vla
