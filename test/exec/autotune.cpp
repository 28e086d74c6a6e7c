// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: rm -rf %t.cache && env HPP_TUNE=1 HPP_TUNE_VERBOSE=1 HPP_TUNE_CACHE=%t.cache %t > %t.out 2> %t.err
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// OPENMP-RUN: test ! -e %t.cache && not grep "hpp: tune" %t.err
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: rm -rf %t.cache && env HPP_TUNE=1 HPP_TUNE_VERBOSE=1 HPP_TUNE_CACHE=%t.cache %t > %t.out 2> %t.err
// CUDA-RUN: %compare %t.ser.out %t.out
// CUDA-RUN: %FileCheck %s --check-prefix=TUNED < %t.err
// CUDA-RUN: %FileCheck %s --check-prefix=CACHE < %t.cache
// CUDA-RUN: cp %t.cache %t.cache.first
// CUDA-RUN: env HPP_TUNE=1 HPP_TUNE_VERBOSE=1 HPP_TUNE_CACHE=%t.cache %t > %t.out2 2> %t.err2
// CUDA-RUN: %compare %t.ser.out %t.out2
// CUDA-RUN: %FileCheck %s --check-prefix=CACHED < %t.err2
// CUDA-RUN: cmp %t.cache %t.cache.first
// CUDA-RUN: env HPP_TUNE_CACHE=%t.cache %t > %t.out0 2> %t.err0
// CUDA-RUN: %compare %t.ser.out %t.out0
// CUDA-RUN: not grep "hpp: tune" %t.err0
// CUDA-RUN: awk -F '\t' -v OFS='\t' '$3 == "yAx" { $8 = 2; $9 = 3 } { print } END { print "garbage" }' %t.cache.first > %t.cache
// CUDA-RUN: env HPP_TUNE=1 HPP_TUNE_VERBOSE=1 HPP_TUNE_CACHE=%t.cache %t > %t.out3 2> %t.err3
// CUDA-RUN: %compare %t.ser.out %t.out3
// CUDA-RUN: %FileCheck %s --check-prefix=STALE < %t.err3
// CUDA-RUN: %FileCheck %s --check-prefix=CACHE < %t.cache
// CUDA-RUN: not grep garbage %t.cache
// DEVICE-SCRIPT: scripts/device/run-autotune.sh

// HPP_TUNE=1 (user guide, "Autotuning"): a team region with vector
// reductions, a flat loop, a flat reduction and a flat loop over collapsed
// loops (tried as tiles of rows too), each launched many times,
// so that the first launches time every candidate shape and the later ones
// run the fastest. Results must equal the serial build's whatever shape
// each launch ran: the data are small integers, so reassociated sums are
// exact. The second run reuses the cache without timing; without HPP_TUNE
// neither the cache nor the report is touched; a stale or corrupt cache
// line is ignored and the region is timed again. On OpenMP HPP_TUNE is
// accepted and does nothing.
//
// TUNED-DAG: hpp: tune: 'yAx' ({{.*}}autotune.cpp:{{[0-9]+}}) n=2^11 on {{.*}}: {{[0-9]+x[0-9]+}} {{[0-9.]+}}us, {{.*}} -> {{[0-9]+x[0-9]+}}
// TUNED-DAG: hpp: tune: 'scale' ({{.*}}autotune.cpp:{{[0-9]+}}) n=2^20 on {{.*}}: 256 {{[0-9.]+}}us, 128 {{[0-9.]+}}us, {{.*}} -> {{[0-9]+}}
// TUNED-DAG: hpp: tune: 'dot' ({{.*}}autotune.cpp:{{[0-9]+}}) n=2^20 on {{.*}}: 256 {{[0-9.]+}}us, {{.*}} -> {{[0-9]+}}
// TUNED-DAG: hpp: tune: 'smooth' ({{.*}}autotune.cpp:{{[0-9]+}}) n=2^19 on {{.*}}: 256 {{[0-9.]+}}us, {{.*}}, 256t {{[0-9.]+}}us{{.*}} -> {{[0-9]+t?}}{{$}}
//
// CACHE-DAG: hpp-tune-2	{{.+}}	yAx	{{.*}}autotune.cpp	{{[0-9]+}}	{{[0-9a-f]+}}	11	{{[0-9]+}}	{{[0-9]+}}	{{[0-9]+}}	0	{{[0-9.]+}}
// CACHE-DAG: hpp-tune-2	{{.+}}	scale	{{.*}}autotune.cpp	{{[0-9]+}}	{{[0-9a-f]+}}	20	{{[0-9]+}}	1	0	0	{{[0-9.]+}}
// CACHE-DAG: hpp-tune-2	{{.+}}	dot	{{.*}}autotune.cpp	{{[0-9]+}}	{{[0-9a-f]+}}	20	{{[0-9]+}}	1	{{[0-9]+}}	0	{{[0-9.]+}}
// CACHE-DAG: hpp-tune-2	{{.+}}	smooth	{{.*}}autotune.cpp	{{[0-9]+}}	{{[0-9a-f]+}}	19	{{[0-9]+}}	1	0	{{[01]}}	{{[0-9.]+}}
//
// CACHED-DAG: hpp: tune: 'yAx' ({{.*}}) n=2^11 on {{.*}}: cached -> {{[0-9]+x[0-9]+}}
// CACHED-DAG: hpp: tune: 'scale' ({{.*}}) n=2^20 on {{.*}}: cached -> {{[0-9]+}}
// CACHED-DAG: hpp: tune: 'dot' ({{.*}}) n=2^20 on {{.*}}: cached -> {{[0-9]+}}
// CACHED-DAG: hpp: tune: 'smooth' ({{.*}}) n=2^19 on {{.*}}: cached -> {{[0-9]+t?}}{{$}}
//
// STALE-DAG: hpp: tune: 'yAx' ({{.*}}) n=2^11 on {{.*}}: {{[0-9]+x[0-9]+}} {{[0-9.]+}}us, {{.*}} -> {{[0-9]+x[0-9]+}}
// STALE-DAG: hpp: tune: 'scale' ({{.*}}) n=2^20 on {{.*}}: cached -> {{[0-9]+}}
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int rows = 2500, cols = 300, n = 1 << 20, side = 1 << 10, reps = 40;
  double* A = hpp::alloc<double>(static_cast<size_t>(rows) * cols, hpp::Space::Shared);
  double* x = hpp::alloc<double>(n, hpp::Space::Shared);
  double* y = hpp::alloc<double>(n, hpp::Space::Shared);
  double* z = hpp::alloc<double>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i)
    z[i] = 0;
  for (size_t k = 0; k < static_cast<size_t>(rows) * cols; ++k)
    A[k] = static_cast<double>(k % 7);
  for (int i = 0; i < n; ++i) {
    x[i] = i % 5 + 1;
    y[i] = i % 3;
  }
  for (int rep = 0; rep < reps; ++rep) {
    double result = 0;
#pragma hpp team reduction(+: result) name("yAx")
    for (int e = 0; e < rows; ++e) {
      double row = 0;
#pragma hpp vector reduction(+: row)
      for (int j = 0; j < cols; ++j)
        row += A[static_cast<size_t>(e) * cols + j] * x[j];
      result += y[e] * row;
    }

    const double a = rep % 3 - 1; // -1, 0, 1: y stays small integers
#pragma hpp parallel name("scale")
    for (int i = 0; i < n; ++i)
      y[i] = y[i] + a * (x[i] - 3);

    double s = 0;
#pragma hpp parallel reduction(+: s) name("dot")
    for (int i = 0; i < n; ++i)
      s += x[i] * y[i];

    // x and y as side x side planes: a stencil along the rows of collapsed
    // loops, whose rows read nothing in common (consecutive iterations per
    // block by default); the tuner tries each block as tiles of rows too.
#pragma hpp parallel collapse(2) name("smooth")
    for (int i = 1; i < side - 1; ++i)
      for (int j = 0; j < side; ++j)
        z[i * side + j] += y[i * side + (j + 1) % side] + y[i * side + j] + x[i * side + j];
    double zs = 0;
    for (int i = 0; i < n; ++i)
      zs += z[i] * (i % 7 + 1);
    std::printf("%d %.1f %.1f %.1f\n", rep, result, s, zs);
  }
  hpp::free(A);
  hpp::free(x);
  hpp::free(y);
  hpp::free(z);
  return 0;
}
