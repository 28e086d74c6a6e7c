#!/usr/bin/env bash
# The runtime used from many host threads and streams (issue 13, item 8),
# checked outside lit:
#  - here: test/exec/threads.cpp (4 host threads x 200 rounds of flat
#    reductions, team loops with scratch and scans, each thread on its own
#    arrays and stream) translated for OpenMP, built with -fsanitize=thread
#    against the runtime built for it (hpprt_openmp_tsan) and run under
#    ThreadSanitizer with LLVM's Archer (what test/runtime/threads_tsan.test
#    does);
#  - for the GPU, where nvcc is found: the same program and
#    test/runtime/cuda_streams_independent.cpp translated for CUDA and
#    compiled twice, for the legacy default stream and with
#    --default-stream per-thread, into .device-carry/threads/ with the
#    serial build's output; scripts/device/run-threads.sh runs them on a
#    GPU, plain and under compute-sanitizer.
# Usage: scripts/threads-check.sh [--no-tsan] [--no-cuda]
# Environment: BUILD (default build), NVCC (default /usr/local/cuda/bin/nvcc),
# CXX (the serial reference's compiler, default g++), ROUNDS (200).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
BUILD=${BUILD:-build}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
CXX=${CXX:-g++}
ROUNDS=${ROUNDS:-200}
hppc=$BUILD/bin/hppc
tsan=1
cuda=1
for a in "$@"; do
  case $a in
    --no-tsan) tsan=0 ;;
    --no-cuda) cuda=0 ;;
    *) echo "usage: $0 [--no-tsan] [--no-cuda]" >&2; exit 2 ;;
  esac
done
[ -x "$hppc" ] || { echo "error: $hppc not found: build first (ninja -C $BUILD)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prog=test/exec/threads.cpp
fail=0

if [ $tsan = 1 ]; then
  lib=$BUILD/lib/libhpprt_openmp_tsan.a
  llvm_lib=$(dirname "$(dirname "$(readlink -f "$(command -v clang++-19 || command -v clang++)")")")/lib
  archer=$llvm_lib/libarcher.so
  [ -f "$lib" ] || { echo "error: $lib not built (HPP_ENABLE_TSAN_RUNTIME, a compiler with -fsanitize=thread)" >&2; exit 1; }
  [ -f "$archer" ] || { echo "error: $archer not found: without Archer every OpenMP region is a false report" >&2; exit 1; }
  "$hppc" translate --backend=openmp "$prog" -o "$work/threads.cpp"
  clang++-19 -std=c++17 -O1 -g -fsanitize=thread $("$hppc" config --backend=openmp --cflags) \
    "$work/threads.cpp" -o "$work/threads.tsan" \
    -fsanitize=thread -L"$BUILD/lib" -lhpprt_openmp_tsan -fopenmp -ldl
  echo "== OpenMP under ThreadSanitizer ($ROUNDS rounds, OMP_NUM_THREADS=${OMP_NUM_THREADS:-3})"
  if OMP_NUM_THREADS=${OMP_NUM_THREADS:-3} OMP_TOOL_LIBRARIES=$archer \
     TSAN_OPTIONS="suppressions=$root/test/utils/tsan.supp:ignore_noninstrumented_modules=1:halt_on_error=0:exitcode=66" \
     "$work/threads.tsan" "$ROUNDS" > "$work/tsan.out" 2> "$work/tsan.err" &&
     ! grep -q ThreadSanitizer "$work/tsan.err"; then
    echo "PASS: $(tail -1 "$work/tsan.out"), no ThreadSanitizer report"
  else
    echo "FAIL:"; cat "$work/tsan.out"; grep -A30 "WARNING: ThreadSanitizer" "$work/tsan.err" | head -60
    fail=1
  fi
fi

if [ $cuda = 1 ]; then
  [ -x "$NVCC" ] || { echo "error: nvcc not found at $NVCC (--no-cuda to skip)" >&2; exit 1; }
  out=.device-carry/threads
  mkdir -p "$out"
  cflags=$("$hppc" config --backend=cuda --cflags)
  libs=$("$hppc" config --backend=cuda --libs)
  nv=("$NVCC" -arch=sm_90 -Werror all-warnings $cflags -x cu)
  for src in "$prog" test/runtime/cuda_streams_independent.cpp; do
    n=$(basename "$src" .cpp)
    "$hppc" translate --backend=cuda "$src" -o "$work/$n.cu"
    "${nv[@]}" "$work/$n.cu" -o "$out/$n.cuda" $libs
    "${nv[@]}" --default-stream per-thread "$work/$n.cu" -o "$out/$n.pt.cuda" $libs
  done
  $CXX -std=c++17 -O2 -Wno-unknown-pragmas -I"$BUILD/include" "$prog" -o "$work/threads.ser"
  "$work/threads.ser" "$ROUNDS" > "$out/threads.ser.out"
  echo "$ROUNDS" > "$out/rounds"
  echo "built $(ls "$out" | tr '\n' ' ')in $out; run scripts/device/run-threads.sh on a GPU"
fi
exit $fail
