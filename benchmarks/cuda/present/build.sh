#!/usr/bin/env bash
# Builds the present-table benchmark into .device-carry/bench-present/. On
# the device: .device-carry/bench-present/hpp_present_bench [lookups]
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=${HPP_BUILD_DIR:-$root/build}
hppc=$build/bin/hppc
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
out=$root/.device-carry/bench-present
mkdir -p "$out"
cflags=$("$hppc" config --backend=cuda --cflags)
libs=$("$hppc" config --backend=cuda --libs)
"$nvcc" -O3 -arch=sm_90 -DNDEBUG -std=c++17 $cflags \
  "$root/benchmarks/cuda/present/main.cu" -o "$out/hpp_present_bench" $libs
echo "built $out/hpp_present_bench"
