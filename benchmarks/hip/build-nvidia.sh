#!/usr/bin/env bash
# Builds the CUDA benchmark driver (benchmarks/cuda/main.cu, same baselines)
# with the hpp kernels translated for HIP, compiled by nvcc through HIP's
# NVIDIA platform and linked with the HIP runtime compiled the same way:
# .device-carry/bench-hip/hpp_hip_bench. Run it on the device beside the
# CUDA build (benchmarks/run-cuda.sh) to compare the two hpp columns: the
# HIP build should be the same machine code path.
# Environment: HPP_BUILD_DIR (default build), NVCC.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
build=${HPP_BUILD_DIR:-build}
hppc=$build/bin/hppc
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
inc=$build/hip-nvidia
[ -f "$inc/hip/hip_runtime.h" ] || { echo "no patched HIP headers in $inc" >&2; exit 1; }
out=.device-carry/bench-hip
rm -rf "$out" && mkdir -p "$out/obj"
flags=(-O3 -arch=sm_90 -lineinfo -DNDEBUG -std=c++17 --extended-lambda --expt-relaxed-constexpr
       -I"$build/include" -Ibenchmarks/cuda)
hip=(-D__HIP_PLATFORM_NVIDIA__ -isystem "$inc")
for s in runtime/hip/*.hip runtime/common/*.cpp; do
  # The managed heap replaces malloc: a library of its own, never in the runtime.
  case $s in */managed_heap.*) continue ;; esac
  "$nvcc" "${flags[@]}" "${hip[@]}" -x cu -c "$s" -o "$out/obj/rt_$(basename "$s").o"
done
for k in hpp_kernels api_kernels view_kernels; do
  "$hppc" translate --backend=hip benchmarks/cuda/$k.cpp -o "$out/$k.hip" -- -std=c++17
  "$nvcc" "${flags[@]}" "${hip[@]}" -x cu -c "$out/$k.hip" -o "$out/obj/$k.o"
done
"$nvcc" "${flags[@]}" -c benchmarks/cuda/baselines.cu -o "$out/obj/baselines.o"
"$nvcc" "${flags[@]}" -c benchmarks/cuda/main.cu -o "$out/obj/main.o"
"$nvcc" -arch=sm_90 "$out"/obj/*.o -o "$out/hpp_hip_bench" -ldl
rm -rf "$out/obj"
echo "built $out/hpp_hip_bench"
