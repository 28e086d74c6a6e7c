#!/usr/bin/env bash
# Runs on a GPU machine, from the repository root, what
# scripts/threads-check.sh built into .device-carry/threads (issue 13,
# item 8):
#  - threads.cuda and threads.pt.cuda (test/exec/threads.cpp for the legacy
#    and the per-thread default stream): 4 host threads x ROUNDS rounds,
#    output compared with the serial build's;
#  - cuda_streams_independent.cuda and .pt.cuda: regions, deep_copy and
#    fences while a kernel on another stream waits for the host (they must
#    not wait for it);
#  - the threads programs again under compute-sanitizer memcheck, racecheck
#    and synccheck with SAN_ROUNDS rounds (default 10).
# Exit status 1 if anything failed. Environment: RUN_TIMEOUT (s, 120),
# SAN_TIMEOUT (s per sanitizer run, 300), SAN_ROUNDS.
set -uo pipefail
cd "$(dirname "$0")/../.."
dir=.device-carry/threads
RUN_TIMEOUT=${RUN_TIMEOUT:-120}
SAN_TIMEOUT=${SAN_TIMEOUT:-300}
SAN_ROUNDS=${SAN_ROUNDS:-10}
rounds=$(cat "$dir/rounds" 2>/dev/null || echo 200)
nvidia-smi -L 2>&1 | head -2
fails=0
result() { # NAME VERDICT SECONDS
  printf '%-34s %-8s %6ss\n' "$1" "$2" "$3"
  [ "$2" = PASS ] || fails=$((fails + 1))
}
for b in threads.cuda threads.pt.cuda; do
  chmod +x "$dir/$b"
  t0=$(date +%s.%N)
  timeout "$RUN_TIMEOUT" "$dir/$b" "$rounds" > "/tmp/$b.out" 2> "/tmp/$b.err"
  rc=$?
  secs=$(python3 -c "print('%.2f' % ($(date +%s.%N) - $t0))")
  if [ $rc -eq 0 ] && python3 test/exec/compare.py "$dir/threads.ser.out" "/tmp/$b.out" > /dev/null; then
    result "$b" PASS "$secs"
  else
    result "$b" FAIL "$secs"; cat "/tmp/$b.out"; head -c 1500 "/tmp/$b.err"
  fi
done
for b in cuda_streams_independent.cuda cuda_streams_independent.pt.cuda; do
  chmod +x "$dir/$b"
  t0=$(date +%s.%N)
  timeout "$RUN_TIMEOUT" "$dir/$b" > "/tmp/$b.out" 2>&1
  rc=$?
  secs=$(python3 -c "print('%.2f' % ($(date +%s.%N) - $t0))")
  if [ $rc -eq 0 ] && grep -q "results: exact" "/tmp/$b.out" &&
     grep -q "other stream: still waiting" "/tmp/$b.out"; then
    result "$b" PASS "$secs"
  else
    result "$b" FAIL "$secs"; cat "/tmp/$b.out"
  fi
done
cs=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
if [ -z "$cs" ]; then
  echo "compute-sanitizer not found"; fails=$((fails + 1))
else
  for tool in memcheck racecheck synccheck; do
    for b in threads.cuda threads.pt.cuda; do
      extra=()
      [ $tool = racecheck ] && extra=(--racecheck-report all)
      t0=$(date +%s.%N)
      timeout "$SAN_TIMEOUT" "$cs" --tool $tool "${extra[@]}" --error-exitcode 97 \
        --print-limit 20 "$dir/$b" "$SAN_ROUNDS" > "/tmp/$b.$tool.log" 2>&1
      rc=$?
      secs=$(python3 -c "print('%.2f' % ($(date +%s.%N) - $t0))")
      if [ $rc -eq 0 ] && grep -q "all results exact" "/tmp/$b.$tool.log"; then
        result "$b $tool" PASS "$secs"
      else
        result "$b $tool" FAIL "$secs"; grep "=========" "/tmp/$b.$tool.log" | head -20
      fi
    done
  done
fi
echo "failures: $fails"
[ $fails -eq 0 ]
