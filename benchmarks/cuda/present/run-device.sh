#!/usr/bin/env bash
# On a GPU machine with nvcc but no hpp build: builds the CUDA runtime, the
# present-table tests (test/unit/cuda/PresentCudaTest.cu) and the benchmark
# from this source tree with nvcc alone, runs them, and leaves the logs in
# $OUT (default /tmp/hpp-present-out). Exit status: the tests'.
#   bash benchmarks/cuda/present/run-device.sh [lookups]
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
OUT=${OUT:-/tmp/hpp-present-out}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
mkdir -p "$OUT" "$work/include"
ln -s "$root/runtime" "$work/include/hpprt" # the build tree's layout
flags=(-O3 -arch=sm_90 -lineinfo -std=c++17 --extended-lambda --expt-relaxed-constexpr
       -I"$work/include" -I"$root/include")
export nvcc work
printf '%s\n' "$root"/runtime/cuda/*.cu "$root"/runtime/common/*.cpp |
  xargs -P "$(nproc)" -I{} sh -c '"$nvcc" "$@" -x cu -c {} -o "$work/$(basename {}).o"' sh "${flags[@]}"
"$nvcc" "${flags[@]}" "$root/test/unit/cuda/PresentCudaTest.cu" "$work"/*.o -o "$work/present_tests" -ldl
"$nvcc" "${flags[@]}" -DNDEBUG "$root/benchmarks/cuda/present/main.cu" "$work"/*.o -o "$work/present_bench" -ldl
nvidia-smi -L
status=0
"$work/present_tests" > "$OUT/tests.log" 2>&1 || status=$?
HPP_DEBUG_MAP=1 "$work/present_tests" debug_log > "$OUT/debug.log" 2>&1 || status=$?
"$work/present_bench" "$@" > "$OUT/bench.log" 2>&1 || status=$?
cat "$OUT/tests.log" "$OUT/debug.log" "$OUT/bench.log"
exit $status
