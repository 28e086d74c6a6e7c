#!/usr/bin/env bash
# Runs on a GPU machine what scripts/cuda-wrapper-build.sh built: the mixed
# plain/translated CUDA program against its serial output, the uncaught
# launch error and the nowait kernel's fault reported at its stream's fence
# (one "hpp: error:" line each, exit status 1), and the release build that
# names a pageable pointer at the launch.
set -uo pipefail
cd "$(dirname "$0")/../.."
dir=.device-carry/wrapper
status=0
if "$dir/vectors" > /tmp/vectors.out 2> /tmp/vectors.err &&
   python3 test/exec/compare.py "$dir/serial.out" /tmp/vectors.out; then
  echo "PASS mixed plain/translated program (examples/cmake via hppc++)"
else
  echo "FAIL mixed plain/translated program"; cat /tmp/vectors.err; status=1
fi
"$dir/uncaught" > /dev/null 2> /tmp/uncaught.err
rc=$?
if [ "$rc" = 1 ] && [ "$(wc -l < /tmp/uncaught.err)" = 1 ] &&
   grep -q "^hpp: error: kernel 'too_wide' (.*cuda_uncaught_error.cpp:15): team_size 4096" /tmp/uncaught.err; then
  echo "PASS uncaught runtime error: $(cat /tmp/uncaught.err)"
else
  echo "FAIL uncaught runtime error (exit $rc):"; cat /tmp/uncaught.err; status=1
fi
"$dir/stream-error" > /tmp/stream-error.out 2> /tmp/stream-error.err
rc=$?
if [ "$rc" = 1 ] && grep -q "queued 256 iterations without waiting" /tmp/stream-error.out &&
   [ "$(wc -l < /tmp/stream-error.err)" = 1 ] &&
   grep -q "^hpp: error: hpp::Stream::fence: kernel 'wild' (.*cuda_stream_error.cpp:20) failed: .*illegal memory access" /tmp/stream-error.err; then
  echo "PASS asynchronous error at the stream's fence: $(cat /tmp/stream-error.err)"
else
  echo "FAIL asynchronous error at the stream's fence (exit $rc):"; cat /tmp/stream-error.err; status=1
fi
"$dir/pageable" > /tmp/pageable.out 2> /tmp/pageable.err
rc=$?
if [ "$rc" = 1 ] && grep -q "^device memory: 1.5 3" /tmp/pageable.out &&
   [ "$(wc -l < /tmp/pageable.err)" = 1 ] &&
   grep -q "^hpp: error: kernel 'scale' (.*cuda_pageable_release.cpp:22): pointer 'v' points to pageable host memory, .*add map(tofrom: v\[0:n\])" /tmp/pageable.err; then
  echo "PASS pageable pointer named by a release build: $(cat /tmp/pageable.err)"
else
  echo "FAIL pageable pointer in a release build (exit $rc):"; cat /tmp/pageable.out /tmp/pageable.err; status=1
fi
exit $status
