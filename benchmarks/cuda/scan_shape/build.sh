#!/usr/bin/env bash
# Builds the scan-shape benchmark (main.cu: the runtime's single-pass scan
# protocol at several block sizes, items per thread, launch bounds and
# look-back waits, against cub::DeviceScan) into
# .device-carry/bench-scan-shape/hpp_scan_shape. On the device:
#   .device-carry/bench-scan-shape/hpp_scan_shape [log2(n),...] [reps] [naps|orders] [queued]
# (naps: only the start-nap series; orders: tiles from the counter or by
# block index; queued: device time only, each timed
# call queued behind a 40 us kernel.) The last row of each series,
# `generated`, computes the items as hppc's scan kernels do.
exec "$(dirname "$0")/../build-bench.sh" scan_shape bench-scan-shape hpp_scan_shape -Xptxas -v
