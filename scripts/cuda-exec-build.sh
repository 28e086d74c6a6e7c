#!/usr/bin/env bash
# Builds every CUDA-compatible execution program (test/exec/cuda/NAME.test ->
# test/exec/openmp/NAME.cpp) for a device run:
#   .device-carry/exec/NAME.cuda     translated by hppc, compiled by nvcc
#   .device-carry/exec/NAME.ser.out  output of the serial g++ build, run here
# then run them on a GPU machine with scripts/device/run-cuda-exec.sh.
# Usage: scripts/cuda-exec-build.sh [NAME...]   (default: all)
# Environment: BUILD (default build), NVCC (default /usr/local/cuda/bin/nvcc),
# CXX (default g++), JOBS (default nproc).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
BUILD=${BUILD:-build}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
CXX=${CXX:-g++}
JOBS=${JOBS:-$(nproc)}
hppc=$BUILD/bin/hppc
out=.device-carry/exec
[ -x "$hppc" ] || { echo "error: $hppc not found: build first (ninja -C $BUILD)" >&2; exit 1; }
[ -x "$NVCC" ] || { echo "error: nvcc not found at $NVCC" >&2; exit 1; }

if [ $# -gt 0 ]; then
  names=("$@")
else
  names=()
  for t in test/exec/cuda/*.test; do
    n=$(basename "$t" .test)
    [ -f "test/exec/openmp/$n.cpp" ] && names+=("$n")
  done
fi
rm -rf "$out"
mkdir -p "$out"
cflags=$("$hppc" config --backend=cuda --cflags)
libs=$("$hppc" config --backend=cuda --libs)
export hppc NVCC CXX out cflags libs BUILD

build_one() {
  n=$1
  src=test/exec/openmp/$n.cpp
  log=$out/$n.build.log
  {
    "$hppc" translate --backend=cuda "$src" -o "$out/$n.cu" &&
    "$NVCC" -arch=sm_90 -Werror all-warnings $cflags -x cu "$out/$n.cu" -o "$out/$n.cuda" $libs &&
    "$CXX" -std=c++17 -O2 -Wno-unknown-pragmas -I"$BUILD/include" "$src" -o "$out/$n.ser" &&
    "$out/$n.ser" > "$out/$n.ser.out"
  } > "$log" 2>&1
  rc=$?
  rm -f "$out/$n.ser"
  if [ $rc -eq 0 ]; then
    rm -f "$log"
    echo "built  $n"
  else
    rm -f "$out/$n.cuda"
    echo "FAILED $n (see $log)"
    sed 's/^/    /' "$log" | head -20
  fi
  return $rc
}
export -f build_one
status=0
printf '%s\n' "${names[@]}" | xargs -P "$JOBS" -I{} bash -c 'build_one {}' || status=1
echo "$(ls "$out"/*.cuda 2>/dev/null | wc -l) of ${#names[@]} programs built into $out"
exit $status
