#!/usr/bin/env bash
# Builds the managed-heap benchmark (main.cu + triad_hpp.cpp translated by
# hppc, linked with the managed heap) into
# .device-carry/bench-managed-heap/hpp_managed_heap_bench. On the device:
#   .device-carry/bench-managed-heap/hpp_managed_heap_bench [log2(n)] [reps]
exec "$(dirname "$0")/../build-bench.sh" managed_heap bench-managed-heap hpp_managed_heap_bench --managed-heap
