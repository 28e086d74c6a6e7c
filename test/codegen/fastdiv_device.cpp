// A collapsed thread loop inside a team loop recovers its indices with
// hpprt::FastDiv built on every thread of the kernel (its extents may be
// the team's values). The divider's shift comes from one count of leading
// zeros (clz.b64 in the PTX, llvm.ctlz on AMD) rather than a bit-by-bit
// loop.
// REQUIRES: nvcc
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %nvcc_hpp -ptx %t.cu -o %t.ptx
// RUN: %FileCheck %s --check-prefix=PTX --input-file %t.ptx
// RUN: %hppc translate --format=none --backend=hip %s -o %t.hip
// RUN: %if hip-amd %{ %hip_hpp --offload-device-only -S -emit-llvm %t.hip -o - | %FileCheck %s --check-prefix=AMD %}
// CUDA: const hpprt::FastDiv hpp_div1_1(hpp_n1_1, hpp_n1);
// CUDA: hpp_div1_1.peel(hpp_q1)
// PTX: .entry _Z{{[0-9]+}}hpp_kernel_blocks
// PTX: clz.b64
// PTX: .entry _Z{{[0-9]+}}hpp_bounded_kernel_blocks
// PTX: clz.b64
// AMD: define {{.*}}amdgpu_kernel void @_Z{{[0-9]+}}hpp_kernel_blocks
// AMD: call {{.*}}@llvm.ctlz.i64

void blocks(int nb, const int *rows, int m, double *a) {
  #pragma hpp team name("blocks")
  for (int b = 0; b < nb; ++b) {
    const int r = rows[b];
    #pragma hpp thread collapse(2)
    for (int i = 0; i < r; ++i)
      for (int j = 0; j < m; ++j)
        a[(static_cast<long>(b) * r + i) * m + j] *= 2.0;
  }
}
