// The bounded second kernel of a team region with AUTO sizes asks ptxas for
// as many blocks of 256 threads as fill a multiprocessor of the target
// (.minnctapersm): 1024 resident threads on sm_75, 1536 on sm_86, 89 and
// 120, 2048 on sm_90. On AMD the dialect compiles no bounded kernel: the
// launch names a null one, and only the plain kernel is in the device code.
// REQUIRES: nvcc
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %nvcc_bin -arch=sm_75 $(%hppc config --backend=cuda --cflags) -x cu -ptx %t.cu -o - | %FileCheck %s --check-prefixes=PTX,SM75
// RUN: %nvcc_bin -arch=sm_86 $(%hppc config --backend=cuda --cflags) -x cu -ptx %t.cu -o - | %FileCheck %s --check-prefixes=PTX,SM86
// RUN: %nvcc_bin -arch=sm_89 $(%hppc config --backend=cuda --cflags) -x cu -ptx %t.cu -o - | %FileCheck %s --check-prefixes=PTX,SM86
// RUN: %nvcc_bin -arch=sm_90 $(%hppc config --backend=cuda --cflags) -x cu -ptx %t.cu -o - | %FileCheck %s --check-prefixes=PTX,SM90
// RUN: %nvcc_bin -arch=sm_120 $(%hppc config --backend=cuda --cflags) -x cu -ptx %t.cu -o - | %FileCheck %s --check-prefixes=PTX,SM86
// RUN: %hppc translate --format=none --backend=hip %s -o %t.hip
// RUN: %if hip-amd %{ %hip_hpp --offload-device-only -S -emit-llvm %t.hip -o - | %FileCheck %s --check-prefix=AMD %}
// RUN: %if hip-nvidia %{ %nvcc_bin -arch=sm_75 -D__HIP_PLATFORM_NVIDIA__ -isystem %hip_nvidia_include -I%hpp_include -std=c++17 --extended-lambda --expt-relaxed-constexpr -x cu -ptx %t.hip -o - | %FileCheck %s --check-prefixes=PTX,SM75 %}
// CUDA: hpprt::cuda::launch(hpp_launch, hpp_kernel_rows<decltype(hpp_body)>, HPPRT_GPU_TEAM_BOUNDED(hpp_bounded_kernel_rows<decltype(hpp_body)>), hpp_body);
// PTX: .entry _Z{{[0-9]+}}hpp_bounded_kernel_rows
// PTX-NOT: .entry
// PTX: .maxntid 256
// SM75-NEXT: .minnctapersm 4
// SM86-NEXT: .minnctapersm 6
// SM90-NEXT: .minnctapersm 8
// AMD: define {{.*}}amdgpu_kernel void @_Z{{[0-9]+}}hpp_kernel_rows
// AMD-NOT: hpp_bounded_kernel_rows

void rows(int n, int m, double *a) {
  #pragma hpp team name("rows")
  for (int r = 0; r < n; ++r) {
    #pragma hpp thread
    for (int j = 0; j < m; ++j)
      a[static_cast<long>(r) * m + j] += 1.0;
  }
}
