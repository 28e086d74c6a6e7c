# The HIP backend's AMD toolchain: clang (the project's C++ compiler) with
# -x hip, Debian's HIP headers (libamdhip64-dev) and device libraries
# (rocm-device-libs). No AMD GPU is needed to build: the runtime and every
# translated program compile for HPP_HIP_ARCH; they run only on AMD GPUs.
# Enabled when a small HIP program compiles and links here.
set(HPP_HIP_ARCH gfx90a CACHE STRING "AMD GPU architecture the HIP runtime is built for")
set(HPP_HIP_DEVICE_LIBS /usr/lib/x86_64-linux-gnu/amdgcn/bitcode CACHE PATH
    "ROCm device library bitcode (rocm-device-libs)")
set(HPP_HIP_FLAGS -x hip --offload-arch=${HPP_HIP_ARCH}
    --rocm-device-lib-path=${HPP_HIP_DEVICE_LIBS})
set(HPP_HIP_LINK_FLAGS -fuse-ld=lld --hip-link)

set(HPP_HIP_DEFAULT OFF)
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND EXISTS /usr/include/hip/hip_runtime.h
   AND EXISTS ${HPP_HIP_DEVICE_LIBS})
  set(probe_dir ${CMAKE_BINARY_DIR}/CMakeFiles/hpp-hip-probe)
  file(WRITE ${probe_dir}/probe.cpp
       "#include <hip/hip_runtime.h>\n__global__ void k(int *p) { p[threadIdx.x] = warpSize; }\n"
       "int main() { int *p = nullptr; hipLaunchKernelGGL(k, 1, 64, 0, 0, p); return 0; }\n")
  execute_process(
    COMMAND ${CMAKE_CXX_COMPILER} ${HPP_HIP_FLAGS} ${HPP_HIP_LINK_FLAGS} probe.cpp -o probe
    WORKING_DIRECTORY ${probe_dir} RESULT_VARIABLE probe_result OUTPUT_QUIET ERROR_QUIET)
  if(probe_result EQUAL 0)
    set(HPP_HIP_DEFAULT ON)
  endif()
endif()
option(HPP_ENABLE_HIP "Build the HIP runtime (hpprt_hip) for AMD GPUs" ${HPP_HIP_DEFAULT})
if(HPP_ENABLE_HIP)
  message(STATUS "HIP runtime enabled: ${CMAKE_CXX_COMPILER} -x hip (${HPP_HIP_ARCH})")
else()
  message(STATUS "HIP runtime disabled (needs clang, libamdhip64-dev, rocm-device-libs, "
                 "clang-tools-19)")
endif()
