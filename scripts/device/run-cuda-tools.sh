#!/usr/bin/env bash
# Runs on a GPU machine what scripts/tools-cuda-build.sh built: the CUDA
# program with the recording tool attached through HPP_TOOLS_LIBS, its
# results against the serial build's. The tool's log is written to
# $OUT/cuda_tools.log (OUT defaults to /tmp) and printed; check it where
# FileCheck is with
#   FileCheck --input-file=cuda_tools.log test/tools/cuda_events.test
# (the checks of the lit test, which runs the same where lit sees a GPU).
set -uo pipefail
cd "$(dirname "$0")/../.."
dir=.device-carry/tools
log=${OUT:-/tmp}/cuda_tools.log
status=0
if HPP_TOOLS_LIBS="$PWD/$dir/recorder.so" HPP_RECORDER_OUT="$log" \
     "$dir/cuda_events" > /tmp/cuda_tools.out 2> /tmp/cuda_tools.err &&
   python3 test/exec/compare.py "$dir/serial.out" /tmp/cuda_tools.out; then
  echo "PASS results with the tool attached match the serial build"
else
  echo "FAIL results with the tool attached"; cat /tmp/cuda_tools.err; status=1
fi
if [ "$(head -1 "$log")" = "init seq=0 version=20211015 devices=0" ] &&
   [ "$(tail -1 "$log")" = "finalize" ] &&
   grep -q "^begin_parallel_for 'fill' dev=33554433 " "$log" &&
   grep -q "^begin_parallel_reduce 'sum' dev=33554433 " "$log" &&
   grep -q "^begin_parallel_scan 'prefix' dev=33554433 " "$log"; then
  echo "PASS tool log: init first, regions of each kind on CUDA device 0, finalize last"
else
  echo "FAIL tool log"; status=1
fi
echo "--- $log"
cat "$log"
exit $status
