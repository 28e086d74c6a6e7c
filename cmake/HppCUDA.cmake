# The CUDA backend's toolchain: enabled when nvcc is found (on PATH or in
# /usr/local/cuda); everything else configures and builds without it.
# Included from the top-level CMakeLists.txt because enable_language must run
# in a directory above every target that uses the language.
include(CheckLanguage)
if(NOT CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX}
   AND EXISTS /usr/local/cuda/bin/nvcc)
  find_program(HPP_NVCC_ON_PATH nvcc)
  if(NOT HPP_NVCC_ON_PATH)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
endif()
check_language(CUDA)
set(HPP_CUDA_DEFAULT OFF)
if(CMAKE_CUDA_COMPILER)
  set(HPP_CUDA_DEFAULT ON)
endif()
option(HPP_ENABLE_CUDA "Build the CUDA runtime (hpprt_cuda)" ${HPP_CUDA_DEFAULT})
if(HPP_ENABLE_CUDA AND NOT CMAKE_CUDA_COMPILER)
  message(WARNING "HPP_ENABLE_CUDA is ON but no CUDA compiler was found; "
                  "the CUDA runtime is not built")
  set(HPP_ENABLE_CUDA OFF CACHE BOOL "Build the CUDA runtime (hpprt_cuda)" FORCE)
endif()
if(HPP_ENABLE_CUDA)
  if(NOT CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 90)
  endif()
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  enable_language(CUDA)
  message(STATUS "CUDA runtime enabled: ${CMAKE_CUDA_COMPILER} (sm_${CMAKE_CUDA_ARCHITECTURES})")
endif()
