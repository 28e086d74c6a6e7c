#!/usr/bin/env bash
# Builds examples/cmake, a CMake project that knows nothing of hpp, with
# hppc++ as its C++ compiler (OpenMP backend), runs it, and compares its
# output with the same project built by the plain compiler (pragmas
# ignored, <hpp/hpp.hpp> serial).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${HPP_BUILD_DIR:-$root/build}
out=$build/examples/cmake
rm -rf "$out"
mkdir -p "$out"

echo "== cmake -DCMAKE_CXX_COMPILER=hppc++ examples/cmake (annotated files are translated)"
cmake -S "$root/examples/cmake" -B "$out/hpp" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$build/bin/hppc++" -DHPP_INCLUDE_DIR="$build/include" >/dev/null
HPP_REPORT=1 cmake --build "$out/hpp"
"$out/hpp/vectors" | tee "$out/hpp.out"

echo "== the same project with clang++-19 (serial reference)"
cmake -S "$root/examples/cmake" -B "$out/serial" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_CXX_FLAGS=-Wno-unknown-pragmas \
  -DHPP_INCLUDE_DIR="$build/include" >/dev/null
cmake --build "$out/serial" >/dev/null
"$out/serial/vectors" > "$out/serial.out"
python3 "$root/test/exec/compare.py" "$out/serial.out" "$out/hpp.out"
