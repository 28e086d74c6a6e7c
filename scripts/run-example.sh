#!/usr/bin/env bash
# Translates one annotated program for the OpenMP backend, builds and runs
# it, builds the same source serially with g++ (pragmas ignored), runs that
# and compares the two outputs.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${HPP_BUILD_DIR:-$root/build}
src=${1:?usage: run-example.sh FILE.cpp}
name=$(basename "$src" .cpp)
out=$build/examples
mkdir -p "$out"
hppc=$build/bin/hppc

echo "== hppc translate --backend=openmp $src"
"$hppc" translate --backend=openmp "$src" -o "$out/$name.omp.cpp" --report
echo "== building and running the translated program"
clang++-19 -std=c++17 -O2 $("$hppc" config --backend=openmp --cflags) \
  "$out/$name.omp.cpp" -o "$out/$name.omp" $("$hppc" config --backend=openmp --libs)
"$out/$name.omp" | tee "$out/$name.omp.out"
echo "== building and running the serial reference (g++, pragmas ignored)"
g++ -std=c++17 -O2 -Wno-unknown-pragmas -I"$root/include" "$src" -o "$out/$name.serial"
"$out/$name.serial" > "$out/$name.serial.out"
python3 "$root/test/exec/compare.py" "$out/$name.serial.out" "$out/$name.omp.out"
