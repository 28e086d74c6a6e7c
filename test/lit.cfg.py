# -*- Python -*- lit configuration for hpp.
import os
import shutil
import subprocess

import lit
import lit.formats

config.name = "hpp"
# External shell: execution tests use $(hppc config ...) in RUN lines.
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cpp", ".test"]
config.excludes = ["Inputs", "utils", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.hpp_obj_root, "test")

bin_dir = os.path.join(config.hpp_obj_root, "bin")
config.environment["PATH"] = os.pathsep.join(
    [bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
# More threads than this machine's cores, and an odd count, so that static
# partitioning and the ordered combine of partial results are exercised.
config.environment["OMP_NUM_THREADS"] = "3"
# hppc's preamble PCH cache (docs/architecture.md, "A cached preamble"): off,
# so that no test reads or writes the user's cache, unless the caller sets
# it (scripts/compare-pch.py runs the suite with and without it).
config.environment["HPP_PCH_CACHE"] = os.environ.get("HPP_PCH_CACHE", "off")
if os.environ.get("HPP_PCH_LOG"):
    config.environment["HPP_PCH_LOG"] = os.environ["HPP_PCH_LOG"]

hppc = os.path.join(bin_dir, "hppc")
include_dir = os.path.join(config.hpp_obj_root, "include")
# Before %hppc, of which it is an extension: lit substitutes in list order.
config.substitutions.append(("%hppcxx", os.path.join(bin_dir, "hppc++")))
config.substitutions.append(("%hpp_include", include_dir))
# The Clang plugin, and the clang it is built for (test/plugin/).
config.substitutions.append(
    ("%hpp_plugin", os.path.join(config.hpp_obj_root, "lib", "hppPlugin.so")))
config.substitutions.append(("%clangxx", config.clangxx))
config.substitutions.append(("%hpp_obj_root", config.hpp_obj_root))
config.substitutions.append(
    ("%hppc_unit_tests", os.path.join(bin_dir, "hppc_unit_tests")))
# The fuzz targets, built with a main that runs each file once (fuzz/).
for fuzzer in ("pragma", "translate"):
    config.substitutions.append(
        ("%%hppc_%s_fuzzer" % fuzzer, os.path.join(bin_dir, "hppc-%s-fuzzer" % fuzzer)))
config.substitutions.append(("%hppc", hppc))
config.substitutions.append(("%hpp_src_root", config.hpp_src_root))
# hppc copies the test's comments into its output: %FileCheck removes the
# lines holding directives of the prefixes in use before FileCheck reads it,
# so no check can match its own copy (utils/filecheck.py).
filecheck = os.path.join(config.llvm_tools_dir, "FileCheck")
utils_dir = os.path.join(config.test_source_root, "utils")
config.substitutions.append(
    ("%FileCheck", "python3 %s %s" % (os.path.join(utils_dir, "filecheck.py"), filecheck)))
# Two translations compared whitespace aside (the HIP and CUDA ones, whose
# layouts may differ where their names' lengths do).
config.substitutions.append(
    ("%same_code", "python3 %s" % os.path.join(utils_dir, "samecode.py")))
# FileCheck itself, for the tests of the above (selfcheck/).
config.substitutions.append(("%plain_FileCheck", filecheck))
# lit itself, for the test of the execution format (selfcheck/).
config.substitutions.append(
    ("%lit", "python3 %s" % os.path.join(os.path.dirname(os.path.dirname(lit.__file__)), "lit.py")))
# The serial reference: a plain C++ compiler, pragmas ignored.
config.substitutions.append(
    ("%cxx_serial", "%s -std=c++17 -O2 -Wno-unknown-pragmas -I%s" % (config.serial_cxx, include_dir)))
# Translated OpenMP code, built with the flags `hppc config` prints.
config.substitutions.append(
    ("%cxx_omp_link",
     "$(%s config --backend=openmp --libs)" % hppc))
config.substitutions.append(
    ("%cxx_omp",
     "%s -std=c++17 -O2 $(%s config --backend=openmp --cflags)" % (config.clangxx, hppc)))
# ThreadSanitizer builds of translated OpenMP programs, linked with the
# runtime built for it (hpprt_openmp_tsan). libomp is not instrumented:
# LLVM's Archer tool (loaded through OMP_TOOL_LIBRARIES) tells TSan about
# OpenMP's synchronisation, and utils/tsan.supp ignores libomp's own
# mutexes; without Archer every parallel region would be a false report.
tsan_runtime = os.path.join(config.hpp_obj_root, "lib", "libhpprt_openmp_tsan.a")
archer = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib", "libarcher.so")
if os.path.exists(tsan_runtime) and os.path.exists(archer):
    config.available_features.add("tsan")
    config.substitutions.append(
        ("%omp_tsan_link",
         "-fsanitize=thread -L%s -lhpprt_openmp_tsan -fopenmp -ldl"
         % os.path.dirname(tsan_runtime)))
    config.substitutions.append(
        ("%omp_tsan_cxx",
         "%s -std=c++17 -O1 -g -fsanitize=thread $(%s config --backend=openmp --cflags)"
         % (config.clangxx, hppc)))
    config.substitutions.append(
        ("%tsan_env",
         "env OMP_TOOL_LIBRARIES=%s TSAN_OPTIONS=suppressions=%s:ignore_noninstrumented_modules=1:halt_on_error=0:exitcode=66"
         % (archer, os.path.join(config.test_source_root, "utils", "tsan.supp"))))
config.substitutions.append(
    ("%compare", "python3 %s" % os.path.join(config.test_source_root, "exec", "compare.py")))
# Kokkos Tools libraries built for the tools tests (test/tools/).
for tool in ("recorder", "partial"):
    config.substitutions.append(
        ("%%tool_%s" % tool,
         os.path.join(config.hpp_obj_root, "test", "tools", "hpp-test-tool-%s.so" % tool)))
config.substitutions.append(
    ("%hpprt_unit_tests", os.path.join(bin_dir, "hpprt_unit_tests")))

# CUDA: translated code is compiled with nvcc wherever nvcc and the CUDA
# runtime library exist (CI has no GPU); it runs only where a GPU is present.
cuda_runtime = os.path.join(config.hpp_obj_root, "lib", "libhpprt_cuda.a")
if config.nvcc and os.path.exists(config.nvcc) and os.path.exists(cuda_runtime):
    config.available_features.add("nvcc")
    config.substitutions.append(
        ("%nvcc_hpp_link", "$(%s config --backend=cuda --libs)" % hppc))
    # Before %nvcc_hpp, of which it is an extension: the link of a program
    # whose malloc and new return managed memory.
    config.substitutions.append(
        ("%nvcc_hpp_managed_heap_link",
         "$(%s config --backend=cuda --libs --managed-heap)" % hppc))
    config.substitutions.append(
        ("%nvcc_hpp",
         "%s -arch=sm_90 -Werror all-warnings -Xcudafe --display_error_number "
         "$(%s config --backend=cuda --cflags) -x cu"
         % (config.nvcc, hppc)))
# HIP's NVIDIA platform: the installed HIP headers, patched for this CUDA at
# configure time (cmake/HppHIP.cmake), so that nvcc compiles HIP code with
# -isystem %hip_nvidia_include -D__HIP_PLATFORM_NVIDIA__.
if config.nvcc and os.path.exists(config.nvcc):
    config.substitutions.append(("%nvcc_bin", config.nvcc))
    if config.hip_nvidia_include and os.path.isfile(os.path.join(
            config.hip_nvidia_include, "hip", "nvidia_detail", "nvidia_hip_runtime_api.h")):
        config.available_features.add("hip-nvidia")
        config.substitutions.append(("%hip_nvidia_include", config.hip_nvidia_include))
        # The installed, unpatched headers the copy was made from.
        config.substitutions.append(("%hip_installed_include", config.hip_include_dir))

# HIP for AMD GPUs: clang -x hip for gfx90a with ROCm's device libraries,
# wherever configure found that it compiles and links and so built the HIP
# runtime (cmake/HppHIP.cmake: Debian 12's libamdhip64-dev, rocm-device-libs,
# clang-tools-19). No AMD GPU is needed; none runs the result here.
hip_runtime = os.path.join(config.hpp_obj_root, "lib", "libhpprt_hip.a")
if os.path.exists(hip_runtime):
    config.available_features.add("hip-amd")
    config.substitutions.append(
        ("%hipcc_amd", "%s -x hip --offload-arch=gfx90a --rocm-device-lib-path=%s -fuse-ld=lld"
         % (config.clangxx, config.rocm_device_lib_path)))
    config.substitutions.append(
        ("%hip_hpp_link", "$(%s config --backend=hip --libs)" % hppc))
    config.substitutions.append(
        ("%hip_hpp_managed_heap_link",
         "$(%s config --backend=hip --libs --managed-heap)" % hppc))
    config.substitutions.append(
        ("%hip_hpp", "%s -O2 -Werror -Wno-unused-command-line-argument "
         "$(%s config --backend=hip --cflags)" % (config.clangxx, hppc)))
# The HIP translation is the CUDA one with the HIP runtime's names: codegen
# tests compare the two through this rewrite of the HIP file.
config.substitutions.append(
    ("%hip_as_cuda",
     "sed -e 's/hpprt::hip::/hpprt::cuda::/g' -e 's|hpprt/hip/|hpprt/cuda/|' "
     "-e 's/HPP_BACKEND_HIP/HPP_BACKEND_CUDA/' -e 's/for the hip backend/for the cuda backend/' "
     "-e 's/: HIP kernel /: CUDA kernel /'"))

if shutil.which("make"):
    config.available_features.add("make")
# MPI (Open MPI from scripts/setup.sh): examples/mpi runs with several
# ranks on one machine, more ranks than cores included, as root in CI's
# containers.
mpirun = shutil.which("mpirun")
if mpirun and shutil.which("mpicxx"):
    config.available_features.add("mpi")
    config.substitutions.append(
        ("%mpirun", "%s --oversubscribe --allow-run-as-root" % mpirun))
if shutil.which("nvidia-smi"):
    try:
        if subprocess.run(["nvidia-smi", "-L"], capture_output=True).returncode == 0:
            config.available_features.add("cuda")
    except OSError:
        pass
