#!/usr/bin/env bash
# Builds one benchmark of benchmarks/cuda/: the *_hpp.cpp files of SRC
# translated by the build's hppc (reports in hppc-report.txt), compiled with
# SRC/main.cu by nvcc (-O3 -arch=sm_90 -DNDEBUG, plus EXTRA), linked with
# the CUDA runtime (and the managed heap with --managed-heap), into
# .device-carry/OUT/BINARY.
# Usage: benchmarks/cuda/build-bench.sh SRC OUT BINARY [--managed-heap] [EXTRA...]
# Environment: HPP_BUILD_DIR (default build), NVCC.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 3 ] || { sed -n 2,8p "$0" >&2; exit 2; }
here=$root/benchmarks/cuda/$1
out=$root/.device-carry/$2
binary=$3
shift 3
heap=()
if [ "${1:-}" = --managed-heap ]; then
  heap=(--managed-heap)
  shift
fi
build=${HPP_BUILD_DIR:-$root/build}
hppc=$build/bin/hppc
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
mkdir -p "$out"
cflags=$("$hppc" config --backend=cuda --cflags)
libs=$("$hppc" config --backend=cuda --libs "${heap[@]}")
flags=(-O3 -arch=sm_90 -DNDEBUG -std=c++17 -I"$here" "$@")
objects=()
: > "$out/hppc-report.txt"
for src in "$here"/*_hpp.cpp; do
  [ -e "$src" ] || continue
  name=$(basename "$src" .cpp)
  # With the managed heap, new and malloc memory is device-accessible.
  "$hppc" translate --backend=cuda ${heap:+--host-memory-reachable} "$src" \
    -o "$out/$name.cu" --report -- -std=c++17 >> "$out/hppc-report.txt"
  "$nvcc" "${flags[@]}" $cflags -x cu -c "$out/$name.cu" -o "$out/$name.o"
  objects+=("$out/$name.o")
done
"$nvcc" "${flags[@]}" $cflags -c "$here/main.cu" -o "$out/main.o"
"$nvcc" "${flags[@]}" "$out/main.o" "${objects[@]}" -o "$out/$binary" $libs
rm -f "$out"/*.o
echo "built $out/$binary"
