#!/usr/bin/env bash
# Builds the reduce-shape benchmark (main.cu: device-wide sums and dots of
# doubles in several loop shapes against cub::DeviceReduce::Sum, and the
# regions of reduce_hpp.cpp translated by hppc) into
# .device-carry/bench-reduce-shape/hpp_reduce_shape. On the device:
#   .device-carry/bench-reduce-shape/hpp_reduce_shape [log2(n),...] [reps] [queued]
# (queued: device time only, each timed call queued behind a 40 us kernel;
# the hpp rows then include the host's wait for the result.)
exec "$(dirname "$0")/../build-bench.sh" reduce_shape bench-reduce-shape hpp_reduce_shape -Xptxas -v
