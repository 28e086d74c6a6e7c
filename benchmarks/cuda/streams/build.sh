#!/usr/bin/env bash
# Builds the streams benchmark (main.cu + streams_hpp.cpp translated by hppc)
# into .device-carry/bench-streams/hpp_streams_bench. On the device:
#   .device-carry/bench-streams/hpp_streams_bench [reps]
exec "$(dirname "$0")/../build-bench.sh" streams bench-streams hpp_streams_bench
