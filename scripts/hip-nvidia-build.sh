#!/usr/bin/env bash
# Builds here (no GPU needed) what scripts/device/run-hip-nvidia.sh runs on
# a GPU machine, into .device-carry/hip-nvidia/: the HIP programs of
# test/hip/Inputs compiled by nvcc through HIP's NVIDIA platform, with the
# HIP headers patched for this CUDA (cmake/HppHIP.cmake put them in
# $BUILD/hip-nvidia).
#   saxpy        saxpy with __shfl_down and hipLaunchKernelGGL
#   runtime_api  managed memory, prefetch/advice, streams, events, async
#                copies, device properties, shuffles, shared memory,
#                atomics; checks its own result and prints PASS
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
BUILD=${BUILD:-build}
inc=$BUILD/hip-nvidia
[ -f "$inc/hip/hip_runtime.h" ] ||
  { echo "no patched HIP headers in $inc: configure with nvcc and libamdhip64-dev" >&2; exit 1; }
out=.device-carry/hip-nvidia
rm -rf "$out" && mkdir -p "$out"
for p in saxpy_shfl:saxpy runtime_api:runtime_api; do
  /usr/local/cuda/bin/nvcc -arch=sm_90 -O2 -D__HIP_PLATFORM_NVIDIA__ -isystem "$inc" \
    -x cu "test/hip/Inputs/${p%%:*}.cpp" -o "$out/${p##*:}"
done
echo "built $out"
