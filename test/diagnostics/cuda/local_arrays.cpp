// What the CUDA backend cannot translate is an error at the user's line:
// a local array reaches device code as a copy. Reading it is fine; writing
// it (or passing it on) would write the copy. Both front ends meet this: a
// parallel_for body capturing by reference is lowered to the same loop.
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -ferror-limit=0 -Xclang -verify
// RUN: %hppc translate --backend=openmp %s -o %t.cpp
#include <hpp/hpp.hpp>

double keep(double *p) { return p[0]; }
void localArrays(int n, double *out) {
  double table[4] = {1, 2, 3, 4};
  // expected-note@+1 {{'grid' is declared here}}
  double grid[2][3] = {};
  // expected-note@+1 {{'scratch' is declared here}}
  double scratch[8];
  // expected-note@+1 {{'sum' is declared here}}
  double sum[4] = {};
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    out[i] = table[i % 4] + grid[i % 2][i % 3];
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    // expected-error@+1 {{CUDA region writes local array 'sum' or lets it escape, but device code works on a copy of it and the writes would be lost; allocate it with hpp::alloc}}
    sum[i % 4] = out[i];
  // expected-error@+1 {{CUDA region writes local array 'scratch' or lets it escape}}
  hpp::parallel_for(n, [&](int i) { out[i] = keep(scratch); });
  // expected-error@+1 {{CUDA region writes local array 'grid' or lets it escape}}
  hpp::parallel_for(n, [&](int i) { grid[1][i % 3] += 1; });
}

// The HIP backend refuses the same, naming HIP: the expectations with CUDA
// replaced by HIP, checked on a copy (same lines) translated for HIP.
// RUN: sed -e s/CUDA/HIP/g %s > %t.hip.cpp
// RUN: %hppc translate --backend=hip %t.hip.cpp -o %t.hip -- -I%S -ferror-limit=0 -Xclang -verify
