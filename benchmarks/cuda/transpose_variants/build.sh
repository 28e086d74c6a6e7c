#!/usr/bin/env bash
# Builds the transpose-variants benchmark (plain CUDA, no hpp) into
# .device-carry/bench-transpose/hpp_transpose_variants. On the device:
#   .device-carry/bench-transpose/hpp_transpose_variants [n]
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
out=$root/.device-carry/bench-transpose
mkdir -p "$out"
"${NVCC:-/usr/local/cuda/bin/nvcc}" -O3 -arch=sm_90 -std=c++17 \
  "$root/benchmarks/cuda/transpose_variants/main.cu" -o "$out/hpp_transpose_variants"
echo "built $out/hpp_transpose_variants"
