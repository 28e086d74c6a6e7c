#!/usr/bin/env bash
# Runs on a GPU machine what scripts/cuda-wrapper-build.sh built: the mixed
# plain/translated CUDA program against its serial output, and the
# uncaught launch error (one "hpp: error:" line, exit status 1).
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
exit $status
