#!/usr/bin/env bash
# Builds here (no GPU needed) what scripts/device/run-cuda-tools.sh runs on a
# GPU machine, into .device-carry/tools/:
#   cuda_events       test/tools/Inputs/cuda_events.cpp translated by hppc and
#                     compiled by nvcc (the program of test/tools/cuda_events.test)
#   recorder.so       the recording Kokkos Tools library (test/tools/recorder.c)
#   serial.out        the serial build's output, run here
# Environment: BUILD (default build).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
BUILD=${BUILD:-build}
out=.device-carry/tools
rm -rf "$out" && mkdir -p "$out"
src=test/tools/Inputs/cuda_events.cpp
"$BUILD/bin/hppc" translate --backend=cuda "$src" -o "$out/cuda_events.cu"
/usr/local/cuda/bin/nvcc -arch=sm_90 $("$BUILD/bin/hppc" config --backend=cuda --cflags) -x cu \
  "$out/cuda_events.cu" -o "$out/cuda_events" $("$BUILD/bin/hppc" config --backend=cuda --libs)
rm "$out/cuda_events.cu"
cp "$BUILD/test/tools/hpp-test-tool-recorder.so" "$out/recorder.so"
g++ -std=c++17 -O2 -Wno-unknown-pragmas -I"$BUILD/include" "$src" -o "$out/serial"
"$out/serial" > "$out/serial.out" && rm "$out/serial"
echo "built $out"
