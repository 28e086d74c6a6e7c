# HIP's NVIDIA platform, for testing the HIP backend's output on an NVIDIA
# GPU: where nvcc and the installed HIP headers (Debian 12: libamdhip64-dev)
# are both found, scripts/hip-nvidia-headers.sh copies the headers into the
# build tree and patches them for the installed CUDA (CUDA 13 removed or
# changed APIs they call; docs/user-guide.md, "HIP on NVIDIA"). The result's
# include directory is HPP_HIP_NVIDIA_INCLUDE, for nvcc
# -isystem ${HPP_HIP_NVIDIA_INCLUDE} -D__HIP_PLATFORM_NVIDIA__.
# Runs at configure time, again whenever the patch or the script changes.
option(HPP_ENABLE_HIP_NVIDIA_HEADERS
  "Patch the installed HIP headers for nvcc into the build tree when nvcc and HIP are found" ON)
set(HPP_HIP_NVIDIA_INCLUDE "" CACHE PATH
  "Patched HIP headers for nvcc with __HIP_PLATFORM_NVIDIA__ (set by configure)" FORCE)
find_path(HPP_HIP_INCLUDE_DIR hip/nvidia_detail/nvidia_hip_runtime_api.h
  PATHS /usr/include /opt/rocm/include
  DOC "Include directory holding the installed hip/ headers")
set(_hpp_hip_script ${PROJECT_SOURCE_DIR}/scripts/hip-nvidia-headers.sh)
set(_hpp_hip_patch ${PROJECT_SOURCE_DIR}/cmake/hip-nvidia/nvidia_hip_runtime_api.patch)
if(HPP_ENABLE_HIP_NVIDIA_HEADERS AND CMAKE_CUDA_COMPILER AND HPP_HIP_INCLUDE_DIR)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
    ${_hpp_hip_script} ${_hpp_hip_patch})
  execute_process(
    COMMAND bash ${_hpp_hip_script} ${PROJECT_BINARY_DIR}/hip-nvidia ${HPP_HIP_INCLUDE_DIR}
    RESULT_VARIABLE _hpp_hip_result
    OUTPUT_VARIABLE _hpp_hip_output
    ERROR_VARIABLE _hpp_hip_output)
  if(NOT _hpp_hip_result EQUAL 0)
    message(FATAL_ERROR "Patching the HIP headers in ${HPP_HIP_INCLUDE_DIR} for nvcc failed:\n"
      "${_hpp_hip_output}"
      "Configure with -DHPP_ENABLE_HIP_NVIDIA_HEADERS=OFF to build without them.")
  endif()
  set(HPP_HIP_NVIDIA_INCLUDE ${PROJECT_BINARY_DIR}/hip-nvidia CACHE PATH
    "Patched HIP headers for nvcc with __HIP_PLATFORM_NVIDIA__ (set by configure)" FORCE)
  message(STATUS "HIP NVIDIA-platform headers for nvcc: ${HPP_HIP_NVIDIA_INCLUDE}")
elseif(HPP_ENABLE_HIP_NVIDIA_HEADERS)
  message(STATUS "HIP NVIDIA-platform headers not set up (needs nvcc and HIP's headers)")
endif()

# HIP for AMD GPUs: clang compiles HIP for gfx9 targets with ROCm's device
# libraries (Debian 12: rocm-device-libs); the tests probe whether it works.
find_path(HPP_ROCM_DEVICE_LIB_PATH ocml.bc
  PATHS /usr/lib/x86_64-linux-gnu/amdgcn/bitcode /opt/rocm/amdgcn/bitcode
  NO_DEFAULT_PATH
  DOC "ROCm device library bitcode (ocml.bc, ockl.bc, ...) for clang -x hip")

# The HIP runtime for AMD GPUs (hpprt_hip): the project's clang compiles it
# with -x hip for HPP_HIP_ARCH. No AMD GPU is needed to build: the runtime
# and translated programs compile here; they run only on AMD GPUs (HIP
# output runs on NVIDIA GPUs through the headers above). Enabled when a
# small HIP program compiles and links.
set(HPP_HIP_ARCH gfx90a CACHE STRING "AMD GPU architecture the HIP runtime is built for")
set(HPP_HIP_FLAGS -x hip --offload-arch=${HPP_HIP_ARCH}
    --rocm-device-lib-path=${HPP_ROCM_DEVICE_LIB_PATH})
set(HPP_HIP_LINK_FLAGS -fuse-ld=lld --hip-link)
set(HPP_HIP_DEFAULT OFF)
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND HPP_HIP_INCLUDE_DIR AND HPP_ROCM_DEVICE_LIB_PATH)
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
