// hppc translate --report adds, for CUDA, what ptxas gives each region's
// kernel (registers, spills, stack, static shared memory) and the
// occupancy that allows, when nvcc can be run; otherwise one line says why.
// REQUIRES: nvcc
// RUN: env HPP_CUDA_ARCH=sm_90 %hppc translate --backend=cuda %s --report -o %t.cu -- -DSCALE=2 | %FileCheck %s
// RUN: env HPP_NVCC=%t.no-such-nvcc %hppc translate --backend=cuda %s --report -o %t.cu -- -DSCALE=2 | %FileCheck %s --check-prefix=NONE
// --report-json has the same, per region, for tools.
// RUN: env HPP_CUDA_ARCH=sm_90 %hppc translate --backend=cuda %s --report-json %t.json -o %t.cu -- -DSCALE=2
// RUN: %FileCheck %s --check-prefix=JSON --input-file %t.json
// RUN: env HPP_NVCC=%t.no-such-nvcc %hppc translate --backend=cuda %s --report-json %t.none.json -o %t.cu -- -DSCALE=2
// RUN: %FileCheck %s --check-prefix=JSON-NONE --input-file %t.none.json

#include <hpp/hpp.hpp>

void scale(double *y, const double *x, int n) {
#pragma hpp parallel name("scale")
  for (int i = 0; i < n; ++i)
    y[i] = SCALE * x[i];
}

double rows(const double *a, int n) {
  double s = 0;
#pragma hpp team reduction(+: s) name("rows")
  for (int r = 0; r < n; ++r) {
#pragma hpp scratch
    double row[64];
#pragma hpp thread
    for (int c = 0; c < 64; ++c)
      row[c] = a[r * 64 + c];
    double t = 0;
#pragma hpp thread reduction(+: t)
    for (int c = 0; c < 64; ++c)
      t += row[63 - c];
    s += t;
  }
  return s;
}

// CHECK: hppc report: {{.*}}cuda_resources.cpp, backend cuda, 2 regions, 0 refused
// CHECK: CUDA kernel resources (ptxas, sm_90; occupancy at 256 threads per block, without dynamic scratch):
// CHECK-DAG: region 'scale': {{[0-9]+}} registers, no spills, 0 bytes stack, 0 bytes static shared; 8 blocks per multiprocessor, 100% occupancy (limited by warps)
// CHECK-DAG: region 'rows': {{[0-9]+}} registers, {{.*}} bytes static shared; {{[1-8]}} blocks per multiprocessor, {{[0-9]+}}% occupancy (limited by {{registers|warps|shared memory}})
// NONE: CUDA kernel resources: not available: nvcc failed {{.*}}no-such-nvcc

// JSON: "kernel_resources": {
// JSON-NEXT: "arch": "sm_90",
// JSON-NEXT: "available": true,
// JSON-NEXT: "threads_per_block": 256
// The flat loop's kernel, as in the text.
// JSON: "kernels": [
// JSON-NEXT: {
// JSON-NEXT: "bounded": false,
// JSON-NEXT: "occupancy": {
// JSON-NEXT: "blocks_per_sm": 8,
// JSON-NEXT: "fraction": 1,
// JSON-NEXT: "limited_by": "warps"
// JSON-NEXT: },
// JSON-NEXT: "registers": {{[1-9][0-9]*}},
// JSON-NEXT: "spill_load_bytes": 0,
// JSON-NEXT: "spill_store_bytes": 0,
// JSON-NEXT: "stack_bytes": 0,
// JSON-NEXT: "static_shared_bytes": 0
// JSON-NEXT: }
// JSON-NEXT: ],
// JSON: "name": "scale",
// The team region's kernel and its bounded variant, in ptxas' order, both
// with the reduction's static shared memory.
// JSON: "kernels": [
// JSON: "bounded": {{true|false}},
// JSON: "registers": {{[1-9][0-9]*}},
// JSON: "static_shared_bytes": {{[1-9][0-9]*}}
// JSON: "bounded": {{true|false}},
// JSON: "registers": {{[1-9][0-9]*}},
// JSON: "static_shared_bytes": {{[1-9][0-9]*}}
// JSON-NEXT: }
// JSON-NEXT: ],
// JSON-NEXT: "kind": "team",
// JSON: "name": "rows",
// Without nvcc: why, and no kernels.
// JSON-NONE: "kernel_resources": {
// JSON-NONE-NEXT: "arch": "{{sm_[0-9]+}}",
// JSON-NONE-NEXT: "available": false,
// JSON-NONE-NEXT: "reason": "nvcc failed {{.*}}no-such-nvcc
// JSON-NONE-NOT: "kernels"
