#!/usr/bin/env bash
# Builds the flat-shape benchmark (main.cu + flat_hpp.cpp translated by hppc)
# into .device-carry/bench-flat/hpp_flat_bench. On the device:
#   .device-carry/bench-flat/hpp_flat_bench [reps]
exec "$(dirname "$0")/../build-bench.sh" flat_shape bench-flat hpp_flat_bench --extended-lambda
