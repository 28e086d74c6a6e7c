#!/usr/bin/env bash
# Builds the present-table benchmark into .device-carry/bench-present/. On
# the device: .device-carry/bench-present/hpp_present_bench [lookups]
exec "$(dirname "$0")/../build-bench.sh" present bench-present hpp_present_bench
