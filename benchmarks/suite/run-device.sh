#!/usr/bin/env bash
# Device side of the CUDA suite: run from the repository root on the GPU
# machine with .device-carry/bench-suite carried (built by build-cuda.sh).
# Prints the date and the GPU, then runs the suite (arguments go to it,
# default --reps 25 --csv); the log goes to $OUT/suite.log too.
#   bash benchmarks/suite/run-device.sh [driver arguments]
set -uo pipefail
OUT=${OUT:-/tmp/hpp-suite-out}
mkdir -p "$OUT"
date -u
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv
[[ $# -eq 0 ]] && set -- --reps 25 --csv
.device-carry/bench-suite/hpp_suite "$@" 2>&1 | tee "$OUT/suite.log"
exit "${PIPESTATUS[0]}"
