#!/usr/bin/env bash
# Runs on a GPU machine, from the repository root (bash + python3 only): every
# .device-carry/exec/NAME.cuda built by scripts/cuda-exec-build.sh is run and
# its output compared with NAME.ser.out (the serial build's output) by
# test/exec/compare.py; one PASS/FAIL line per program.
# --sanitize: then also run each program under compute-sanitizer with the
# tools memcheck, racecheck, synccheck and initcheck, one summary line per
# program and tool. Ends with a summary table; exit status 1 if anything
# failed. Logs go to $LOGDIR (default /tmp/cuda-exec-logs), and to
# $OUT/cuda-exec-logs.tar.gz when $OUT is set.
# Environment: RUN_TIMEOUT (s per plain run, 60), SAN_TIMEOUT (s per
# sanitizer run, 90), SAN_JOBS (sanitizer runs at a time, 6), SAN_BUDGET (s
# for the whole sanitizer phase, 330; what does not start in time is SKIP),
# TOOLS (default "memcheck racecheck synccheck initcheck").
set -uo pipefail
cd "$(dirname "$0")/../.."
dir=.device-carry/exec
sanitize=0
for a in "$@"; do
  case $a in
    --sanitize) sanitize=1 ;;
    *) echo "usage: $0 [--sanitize]" >&2; exit 2 ;;
  esac
done
RUN_TIMEOUT=${RUN_TIMEOUT:-60}
SAN_TIMEOUT=${SAN_TIMEOUT:-90}
SAN_JOBS=${SAN_JOBS:-6}
SAN_BUDGET=${SAN_BUDGET:-330}
TOOLS=${TOOLS:-memcheck racecheck synccheck initcheck}
LOGDIR=${LOGDIR:-/tmp/cuda-exec-logs}
rm -rf "$LOGDIR"
mkdir -p "$LOGDIR"
shopt -s nullglob
progs=("$dir"/*.cuda)
if [ ${#progs[@]} -eq 0 ]; then
  echo "error: no programs in $dir (run scripts/cuda-exec-build.sh and carry .device-carry)" >&2
  exit 2
fi
nvidia-smi -L 2>&1 | head -4
start=$(date +%s)

# --- plain runs --------------------------------------------------------------
declare -A result
fails=0
for p in "${progs[@]}"; do
  n=$(basename "$p" .cuda)
  chmod +x "$p"
  t0=$(date +%s.%N)
  timeout "$RUN_TIMEOUT" "$p" > "$LOGDIR/$n.out" 2> "$LOGDIR/$n.err"
  rc=$?
  t1=$(date +%s.%N)
  secs=$(python3 -c "print('%.2f' % ($t1 - $t0))")
  if [ $rc -ne 0 ]; then
    result[$n]="FAIL(exit $rc)"
  elif ! python3 test/exec/compare.py "$dir/$n.ser.out" "$LOGDIR/$n.out" > "$LOGDIR/$n.cmp" 2>&1; then
    result[$n]="FAIL(output)"
  else
    result[$n]="PASS"
  fi
  printf '%-28s %-14s %6ss\n' "$n" "${result[$n]}" "$secs"
  if [ "${result[$n]}" != PASS ]; then
    fails=$((fails + 1))
    { head -c 1500 "$LOGDIR/$n.err"; head -c 600 "$LOGDIR/$n.cmp" 2>/dev/null; } | sed 's/^/    | /'
    if [ "${result[$n]}" = "FAIL(output)" ]; then
      echo "    | --- diff (serial < > cuda), first lines:"
      diff "$dir/$n.ser.out" "$LOGDIR/$n.out" | head -12 | sed 's/^/    | /'
    fi
  fi
done

# --- sanitizers --------------------------------------------------------------
san_fails=0
if [ $sanitize -eq 1 ]; then
  cs=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer \
       /opt/nvidia/*/compute-sanitizer 2>/dev/null | head -1)
  if [ -z "$cs" ]; then
    echo "error: compute-sanitizer not found" >&2
    san_fails=1
  else
    echo
    echo "compute-sanitizer: $cs ($("$cs" --version 2>&1 | grep -i version | head -1))"
    deadline=$(( $(date +%s) + SAN_BUDGET ))
    export cs LOGDIR SAN_TIMEOUT deadline
    san_one() {  # NAME TOOL
      local n=$1 tool=$2 log=$LOGDIR/$1.$2.log
      if [ "$(date +%s)" -ge "$deadline" ]; then
        echo "SKIP (time budget)" > "$log.status"
        return 0
      fi
      local extra=()
      [ "$tool" = racecheck ] && extra=(--racecheck-report all)
      timeout "$SAN_TIMEOUT" "$cs" --tool "$tool" "${extra[@]}" --error-exitcode 97 \
        --print-limit 20 "$PWD/.device-carry/exec/$n.cuda" > "$log" 2>&1
      echo "$?" > "$log.status"
    }
    export -f san_one
    for p in "${progs[@]}"; do
      for tool in $TOOLS; do echo "$(basename "$p" .cuda) $tool"; done
    done | xargs -P "$SAN_JOBS" -L 1 bash -c 'san_one "$0" "$1"'
    declare -A san
    for p in "${progs[@]}"; do
      n=$(basename "$p" .cuda)
      for tool in $TOOLS; do
        log=$LOGDIR/$n.$tool.log
        st=$(cat "$log.status" 2>/dev/null || echo "?")
        summary=$(grep -h "SUMMARY" "$log" 2>/dev/null | sed 's/^========= //' | tr '\n' ';' | sed 's/;$//')
        errs=$(grep -ho "ERROR SUMMARY: [0-9]* error" "$log" 2>/dev/null | grep -o "[0-9]*" | tail -1)
        if [ "$st" = "SKIP (time budget)" ]; then
          verdict=SKIP
        elif [ "$st" = 0 ] && { [ -z "$errs" ] || [ "$errs" = 0 ]; }; then
          verdict=ok
        elif [ "$st" = 124 ]; then
          verdict=TIMEOUT; san_fails=$((san_fails + 1))
        else
          verdict="ERR(${errs:-?})"; san_fails=$((san_fails + 1))
        fi
        san[$n.$tool]=$verdict
        printf '%-28s %-10s %-8s exit %-4s %s\n' "$n" "$tool" "$verdict" "$st" "${summary:-no summary line}"
        if [ "$verdict" != ok ] && [ "$verdict" != SKIP ]; then
          grep -v "^========= *$" "$log" | grep "=========" | head -12 | sed 's/^/    | /'
        fi
      done
    done
  fi
fi

# --- summary -----------------------------------------------------------------
echo
echo "================ summary ================"
if [ $sanitize -eq 1 ]; then
  printf '%-28s %-14s' program run
  for tool in $TOOLS; do printf ' %-10s' "$tool"; done
  echo
else
  printf '%-28s %-14s\n' program run
fi
npass=0
for p in "${progs[@]}"; do
  n=$(basename "$p" .cuda)
  [ "${result[$n]}" = PASS ] && npass=$((npass + 1))
  printf '%-28s %-14s' "$n" "${result[$n]}"
  if [ $sanitize -eq 1 ] && [ -n "${cs:-}" ]; then
    for tool in $TOOLS; do printf ' %-10s' "${san[$n.$tool]:-?}"; done
  fi
  echo
done
echo "runs: $npass of ${#progs[@]} PASS; sanitizer failures: $san_fails; $(( $(date +%s) - start ))s"
if [ -n "${OUT:-}" ] && [ -d "${OUT:-}" ]; then
  tar czf "$OUT/cuda-exec-logs.tar.gz" -C "$(dirname "$LOGDIR")" "$(basename "$LOGDIR")" 2>/dev/null
fi
[ $fails -eq 0 ] && [ $san_fails -eq 0 ]
