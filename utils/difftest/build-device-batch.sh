#!/usr/bin/env bash
# Builds, here (hppc, clang/g++ and nvcc, no GPU), the differential tester's
# device batch that scripts/device/run-difftest.sh runs on a GPU machine:
#   OUTDIR/sSEED_kA-B.cuda     kernels A..B of SEED translated by hppc for
#                              CUDA, compiled by nvcc -Werror (stripped)
#   OUTDIR/sSEED_kA-B.ser.out  the serial build's output, run here
#   OUTDIR/sSEED_kA-B.cpp      the generated program (for reproducers)
# Programs are generated with --gpu (memory from hpp::alloc, which the GPU
# can reach). A program that hppc refuses or nvcc rejects is minimised into
# OUTDIR/repro/ and makes the script fail.
# Usage: utils/difftest/build-device-batch.sh OUTDIR [SEED [KERNELS]]
#   (default seed 101, 500 kernels)
# Environment: BUILD (default build), NVCC (default /usr/local/cuda/bin/nvcc),
# SERIAL_CXX (default g++), PER_PROGRAM (kernels per program, 50), JOBS (2),
# AVOID (known bugs not to generate, default: every one in gen.KNOWN_BUGS).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 1 ] || { sed -n '2,17p' "$0" >&2; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd)
seed=${2:-101}
kernels=${3:-500}
BUILD=${BUILD:-$root/build}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
AVOID=${AVOID:-}
[ -x "$BUILD/bin/hppc" ] || { echo "error: $BUILD/bin/hppc not found: build first" >&2; exit 1; }
[ -x "$NVCC" ] || { echo "error: nvcc not found at $NVCC" >&2; exit 1; }
rm -f "$out"/*.cuda "$out"/*.ser.out "$out"/*.cpp
avoid=()
for a in $AVOID; do avoid+=(--avoid "$a"); done
python3 "$root/utils/difftest/difftest.py" build-device --hppc "$BUILD/bin/hppc" --nvcc "$NVCC" \
  --serial-cxx "${SERIAL_CXX:-g++}" --seed "$seed" --kernels "$kernels" \
  --per-program "${PER_PROGRAM:-50}" --jobs "${JOBS:-2}" --out "$out" --repro-dir "$out/repro" \
  "${avoid[@]}"
echo "$(ls "$out"/*.cuda | wc -l) programs, $(cat "$out"/*.ser.out | wc -l) kernels in $out ($(du -sh "$out" | cut -f1))"
