#!/usr/bin/env bash
# Builds the map (data region) benchmark (main.cu + jacobi_hpp.cpp translated by hppc)
# into .device-carry/bench-map/hpp_map_bench. On the device:
#   .device-carry/bench-map/hpp_map_bench [n] [iterations] [reps]
exec "$(dirname "$0")/../build-bench.sh" map bench-map hpp_map_bench
