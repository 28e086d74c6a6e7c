// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out
//
// minloc/maxloc where every value ties. The body prefers the lowest index
// on ties explicitly, so the serial result is index 0 whatever the
// iteration order; the decision for hpp is "ties: lowest index wins".
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int n = 1001;
  double* v = hpp::alloc<double>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) v[i] = 0.0;
  const double* vp = v;
  double mn = 1e300, mx = -1e300;
  int mni = -1, mxi = -1;
#pragma hpp parallel reduction(minloc: mn, mni) reduction(maxloc: mx, mxi)
  for (int i = n - 1; i >= 0; --i) {
    if (vp[i] < mn || (vp[i] == mn && i < mni)) { mn = vp[i]; mni = i; }
    if (vp[i] > mx || (vp[i] == mx && i < mxi)) { mx = vp[i]; mxi = i; }
  }
  std::printf("minloc %.17g @ %d maxloc %.17g @ %d\n", mn, mni, mx, mxi);
  hpp::free(v);

  return 0;
}
