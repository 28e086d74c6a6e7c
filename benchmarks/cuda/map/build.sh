#!/usr/bin/env bash
# Builds the map (data region) benchmark (main.cu + jacobi_hpp.cpp translated by hppc)
# into .device-carry/bench-map/hpp_map_bench. On the device:
#   .device-carry/bench-map/hpp_map_bench [n] [iterations] [reps]
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=${HPP_BUILD_DIR:-$root/build}
hppc=$build/bin/hppc
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
out=$root/.device-carry/bench-map
mkdir -p "$out"
here=$root/benchmarks/cuda/map
cflags=$("$hppc" config --backend=cuda --cflags)
libs=$("$hppc" config --backend=cuda --libs)
flags=(-O3 -arch=sm_90 -DNDEBUG -std=c++17)
"$hppc" translate --backend=cuda "$here/jacobi_hpp.cpp" -o "$out/jacobi_hpp.cu" --report \
  -- -std=c++17 > "$out/hppc-report.txt"
"$nvcc" "${flags[@]}" $cflags -I"$here" -x cu -c "$out/jacobi_hpp.cu" -o "$out/jacobi_hpp.o"
"$nvcc" "${flags[@]}" $cflags -I"$here" -c "$here/main.cu" -o "$out/main.o"
"$nvcc" "${flags[@]}" "$out/main.o" "$out/jacobi_hpp.o" -o "$out/hpp_map_bench" $libs
rm -f "$out"/*.o
echo "built $out/hpp_map_bench"
