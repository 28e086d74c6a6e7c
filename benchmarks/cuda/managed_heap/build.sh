#!/usr/bin/env bash
# Builds the managed-heap benchmark (main.cu + triad_hpp.cpp translated by
# hppc, linked with the managed heap) into
# .device-carry/bench-managed-heap/hpp_managed_heap_bench. On the device:
#   .device-carry/bench-managed-heap/hpp_managed_heap_bench [log2(n)] [reps]
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=${HPP_BUILD_DIR:-$root/build}
hppc=$build/bin/hppc
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
out=$root/.device-carry/bench-managed-heap
mkdir -p "$out"
here=$root/benchmarks/cuda/managed_heap
cflags=$("$hppc" config --backend=cuda --cflags)
libs=$("$hppc" config --backend=cuda --libs --managed-heap)
flags=(-O3 -arch=sm_90 -DNDEBUG -std=c++17)
"$hppc" translate --backend=cuda "$here/triad_hpp.cpp" -o "$out/triad_hpp.cu" --report \
  -- -std=c++17 > "$out/hppc-report.txt"
"$nvcc" "${flags[@]}" $cflags -x cu -c "$out/triad_hpp.cu" -o "$out/triad_hpp.o"
"$nvcc" "${flags[@]}" $cflags -c "$here/main.cu" -o "$out/main.o"
"$nvcc" "${flags[@]}" "$out/main.o" "$out/triad_hpp.o" -o "$out/hpp_managed_heap_bench" $libs
rm -f "$out"/*.o
echo "built $out/hpp_managed_heap_bench"
