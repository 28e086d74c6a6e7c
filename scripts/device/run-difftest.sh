#!/usr/bin/env bash
# Runs on a GPU machine, from the repository root (bash + python3 only), the
# differential tester's device batch that utils/difftest/build-device-batch.sh
# built into DIR (default .device-carry/difftest):
#  - every DIR/NAME.cuda, its output compared line by line, exactly, with
#    DIR/NAME.ser.out (the serial build's) by utils/difftest/difftest.py
#    compare, which names the mismatching kernels;
#  - then compute-sanitizer racecheck (and memcheck) on a sample of the
#    programs: SAMPLE of them (default 3), evenly spread, as long as
#    SAN_BUDGET lasts. Any hazard or error fails the run.
# One line per program, then a summary; exit status 1 if anything failed.
# Logs go to $LOGDIR (default /tmp/difftest-logs), and to
# $OUT/difftest-logs.tar.gz when $OUT is set.
# Environment: RUN_TIMEOUT (s per run, 120), SAN_TIMEOUT (s per sanitizer
# run, 300), SAN_BUDGET (s for the sanitizer phase, 420), SAMPLE (3),
# TOOLS (default "racecheck memcheck").
set -uo pipefail
cd "$(dirname "$0")/../.."
dir=${1:-.device-carry/difftest}
RUN_TIMEOUT=${RUN_TIMEOUT:-120}
SAN_TIMEOUT=${SAN_TIMEOUT:-300}
SAN_BUDGET=${SAN_BUDGET:-420}
SAMPLE=${SAMPLE:-3}
TOOLS=${TOOLS:-racecheck memcheck}
LOGDIR=${LOGDIR:-/tmp/difftest-logs}
shopt -s nullglob
progs=("$dir"/*.cuda)
[ ${#progs[@]} -gt 0 ] || {
  echo "error: no programs in $dir (run utils/difftest/build-device-batch.sh $dir and carry it)" >&2
  exit 2
}
rm -rf "$LOGDIR" && mkdir -p "$LOGDIR"
nvidia-smi -L 2>&1 | head -2
start=$(date +%s)
fails=0
kernels=0
for p in "${progs[@]}"; do
  n=$(basename "$p" .cuda)
  chmod +x "$p"
  timeout "$RUN_TIMEOUT" "$p" > "$LOGDIR/$n.out" 2> "$LOGDIR/$n.err"
  rc=$?
  k=$(grep -c . "$dir/$n.ser.out")
  kernels=$((kernels + k))
  if [ $rc -ne 0 ]; then
    verdict="FAIL(exit $rc)"
  elif python3 utils/difftest/difftest.py compare "$dir/$n.ser.out" "$LOGDIR/$n.out" > "$LOGDIR/$n.cmp" 2>&1; then
    verdict=PASS
  else
    verdict="FAIL(output)"
  fi
  printf '%-24s %4d kernels  %s\n' "$n" "$k" "$verdict"
  if [ "$verdict" != PASS ]; then
    fails=$((fails + 1))
    { head -c 1500 "$LOGDIR/$n.cmp"; head -c 1000 "$LOGDIR/$n.err"; } | sed 's/^/    | /'
  fi
done

san_fails=0
san_done=0
cs=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
if [ -z "$cs" ]; then
  echo "error: compute-sanitizer not found" >&2
  san_fails=1
else
  deadline=$(( $(date +%s) + SAN_BUDGET ))
  count=${#progs[@]}
  # SAMPLE=0 runs no sanitizer (a second pass under another setting).
  stride=$(( SAMPLE > 0 && count > SAMPLE ? count / SAMPLE : 1 ))
  for tool in $TOOLS; do
    for ((i = 0; i < count && i / stride < SAMPLE; i += stride)); do
      p=${progs[$i]}
      n=$(basename "$p" .cuda)
      if [ "$(date +%s)" -ge "$deadline" ]; then
        printf '%-24s %-10s SKIP (time budget)\n' "$n" "$tool"
        continue
      fi
      extra=()
      [ "$tool" = racecheck ] && extra=(--racecheck-report all)
      log=$LOGDIR/$n.$tool.log
      timeout "$SAN_TIMEOUT" "$cs" --tool "$tool" "${extra[@]}" --error-exitcode 97 \
        --print-limit 20 "$p" > "$log" 2>&1
      st=$?
      errs=$(grep -ho "ERROR SUMMARY: [0-9]* error" "$log" | grep -o "[0-9]*" | tail -1)
      hazards=$(grep -ho "RACECHECK SUMMARY: [0-9]* hazard" "$log" | grep -o "[0-9]*" | tail -1)
      if [ $st -eq 0 ] && [ "${errs:-0}" = 0 ] && [ "${hazards:-0}" = 0 ]; then
        verdict=ok
        san_done=$((san_done + 1))
      else
        verdict="ERR(exit $st, ${errs:-?} errors, ${hazards:-0} hazards)"
        san_fails=$((san_fails + 1))
        grep "=========" "$log" | grep -v "^========= *$" | head -12 | sed 's/^/    | /'
      fi
      printf '%-24s %-10s %s\n' "$n" "$tool" "$verdict"
    done
  done
fi
echo
echo "difftest on the GPU: $kernels kernels in ${#progs[@]} programs, $fails program(s) failed;" \
     "sanitizer runs clean: $san_done, failed: $san_fails; $(( $(date +%s) - start ))s"
if [ -n "${OUT:-}" ] && [ -d "${OUT:-}" ]; then
  tar czf "$OUT/difftest-logs.tar.gz" -C "$(dirname "$LOGDIR")" "$(basename "$LOGDIR")" 2>/dev/null
fi
[ $fails -eq 0 ] && [ $san_fails -eq 0 ]
