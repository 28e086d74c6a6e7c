#!/usr/bin/env bash
# Runs on a GPU machine, from the repository root (bash + python3 only), what
# scripts/cuda-exec-build.sh built into .device-carry:
#  - every exec/NAME.cuda (test/exec/NAME.cpp translated for CUDA), its
#    output compared with NAME.ser.out (the serial build's) by
#    test/exec/compare.py;
#  - unit/hpprt_cuda_tests, the CUDA runtime's tests (a failing case fails
#    it), and unit/hpprt_cuda_managed_heap_tests, the managed heap's;
#  - the programs with collapsed loops again with HPP_COLLAPSE_TILES=always
#    (every collapsed loop that may run as tiles of rows does);
#  - then each of them under compute-sanitizer, once per tool: memcheck and
#    racecheck always, synccheck and initcheck as long as SAN_BUDGET lasts
#    (the runtime's tests with --quick, their smaller sizes). Any error or
#    hazard a tool reports fails the run; so does a memcheck or racecheck run
#    left undone by the budget. --no-sanitize skips this phase.
# One line per program and tool, then a summary table; exit status 1 if
# anything failed. Logs go to $LOGDIR (default /tmp/cuda-exec-logs, or
# /tmp/cuda-exec-logs-NAME for EXEC_DIR=.../NAME), and to $OUT/$(basename
# $LOGDIR).tar.gz when $OUT is set, so that a run of the HIP build after
# the CUDA one keeps the CUDA logs.
# Environment: RUN_TIMEOUT (s per plain run, 60), SAN_TIMEOUT (s per
# sanitizer run, 90), UNIT_TIMEOUT (s for the runtime's tests, plain or
# under a sanitizer, 300), SAN_JOBS (sanitizer runs at a time, 6), SAN_BUDGET (s
# for the whole sanitizer phase, 330; what has not started by then is SKIP),
# TOOLS (default "memcheck racecheck synccheck initcheck"; run in this order,
# each over all programs), REQUIRED_TOOLS (default "memcheck racecheck": a
# SKIP of one of these is a failure).
set -uo pipefail
cd "$(dirname "$0")/../.."
carry=.device-carry
# EXEC_DIR=.device-carry/exec-hip runs the HIP build (GPU_BACKEND=hip
# scripts/cuda-exec-build.sh), which has no unit tests of its own.
dir=${EXEC_DIR:-$carry/exec}
unit=$carry/unit/hpprt_cuda_tests
heap_unit=$carry/unit/hpprt_cuda_managed_heap_tests
want_unit=1
[ -n "${EXEC_DIR:-}" ] && want_unit=0
sanitize=1
for a in "$@"; do
  case $a in
    --no-sanitize) sanitize=0 ;;
    --sanitize) sanitize=1 ;;  # the default; kept for older command lines
    *) echo "usage: $0 [--no-sanitize]" >&2; exit 2 ;;
  esac
done
RUN_TIMEOUT=${RUN_TIMEOUT:-60}
SAN_TIMEOUT=${SAN_TIMEOUT:-90}
UNIT_TIMEOUT=${UNIT_TIMEOUT:-300}
SAN_JOBS=${SAN_JOBS:-6}
SAN_BUDGET=${SAN_BUDGET:-330}
TOOLS=${TOOLS:-memcheck racecheck synccheck initcheck}
REQUIRED_TOOLS=${REQUIRED_TOOLS:-memcheck racecheck}
default_logs=/tmp/cuda-exec-logs
[ -n "${EXEC_DIR:-}" ] && default_logs=/tmp/cuda-exec-logs-$(basename "$EXEC_DIR")
LOGDIR=${LOGDIR:-$default_logs}
rm -rf "$LOGDIR"
mkdir -p "$LOGDIR"
shopt -s nullglob
progs=("$dir"/*.cuda)
if [ ${#progs[@]} -eq 0 ]; then
  echo "error: no programs in $dir (run scripts/cuda-exec-build.sh and carry .device-carry)" >&2
  exit 2
fi
# NAME -> binary, its arguments under a sanitizer, its time limit. The
# runtime's tests come first: they run longest under a sanitizer.
declare -A cmd san_args limit
names=()
if [ $want_unit = 0 ]; then
  :
elif [ -f "$unit" ]; then
  names+=(hpprt_cuda_tests)
  cmd[hpprt_cuda_tests]="$PWD/$unit"
  san_args[hpprt_cuda_tests]="--quick"
  limit[hpprt_cuda_tests]=$UNIT_TIMEOUT
else
  echo "error: $unit missing (scripts/cuda-exec-build.sh builds it)" >&2
fi
if [ $want_unit = 1 ] && [ -f "$heap_unit" ]; then
  names+=(hpprt_cuda_managed_heap_tests)
  cmd[hpprt_cuda_managed_heap_tests]="$PWD/$heap_unit"
  san_args[hpprt_cuda_managed_heap_tests]=""
  limit[hpprt_cuda_managed_heap_tests]=$RUN_TIMEOUT
elif [ $want_unit = 1 ]; then
  echo "error: $heap_unit missing (scripts/cuda-exec-build.sh builds it)" >&2
fi
for p in "${progs[@]}"; do
  n=$(basename "$p" .cuda)
  names+=("$n")
  cmd[$n]="$PWD/$p"
  san_args[$n]=""
  limit[$n]=$RUN_TIMEOUT
done
nvidia-smi -L 2>&1 | head -4
start=$(date +%s)

# --- plain runs --------------------------------------------------------------
declare -A result
fails=0
[ $want_unit = 0 ] || [ -f "$unit" ] || { result[hpprt_cuda_tests]="FAIL(missing)"; fails=1; }
[ $want_unit = 0 ] || [ -f "$heap_unit" ] ||
  { result[hpprt_cuda_managed_heap_tests]="FAIL(missing)"; fails=$((fails + 1)); }
for n in "${names[@]}"; do
  chmod +x "${cmd[$n]}"
  t0=$(date +%s.%N)
  timeout "${limit[$n]}" "${cmd[$n]}" > "$LOGDIR/$n.out" 2> "$LOGDIR/$n.err"
  rc=$?
  t1=$(date +%s.%N)
  secs=$(python3 -c "print('%.2f' % ($t1 - $t0))")
  if [ $rc -ne 0 ]; then
    result[$n]="FAIL(exit $rc)"
  elif [ -f "$dir/$n.ser.out" ] &&
       ! python3 test/exec/compare.py "$dir/$n.ser.out" "$LOGDIR/$n.out" > "$LOGDIR/$n.cmp" 2>&1; then
    result[$n]="FAIL(output)"
  else
    result[$n]="PASS"
  fi
  printf '%-28s %-14s %6ss\n' "$n" "${result[$n]}" "$secs"
  if [ "${result[$n]}" != PASS ]; then
    fails=$((fails + 1))
    { tail -c 1500 "$LOGDIR/$n.out"; head -c 1500 "$LOGDIR/$n.err"; head -c 600 "$LOGDIR/$n.cmp" 2>/dev/null; } | sed 's/^/    | /'
    if [ "${result[$n]}" = "FAIL(output)" ]; then
      echo "    | --- diff (serial < > cuda), first lines:"
      diff "$dir/$n.ser.out" "$LOGDIR/$n.out" | head -12 | sed 's/^/    | /'
    fi
  fi
done

# --- collapsed loops as tiles ---------------------------------------------------
# Programs with collapsed loops (collapse(n), MDRangePolicy) run again with
# HPP_COLLAPSE_TILES=always: every such loop the size rules allow runs as
# tiles of rows, also those the analysis leaves to consecutive iterations.
# Plain runs only; their lines read "NAME (tiles)".
tiled=0
tiled_pass=0
for p in "${progs[@]}"; do
  n=$(basename "$p" .cuda)
  src=test/exec/$n.cpp
  [ -f "$src" ] && grep -qE 'collapse\(|MDRangePolicy' "$src" || continue
  [ -f "$dir/$n.ser.out" ] || continue
  tiled=$((tiled + 1))
  HPP_COLLAPSE_TILES=always timeout "$RUN_TIMEOUT" "$PWD/$p" > "$LOGDIR/$n.tiles.out" 2> "$LOGDIR/$n.tiles.err"
  rc=$?
  if [ $rc -ne 0 ]; then
    verdict="FAIL(exit $rc)"
  elif ! python3 test/exec/compare.py "$dir/$n.ser.out" "$LOGDIR/$n.tiles.out" > "$LOGDIR/$n.tiles.cmp" 2>&1; then
    verdict="FAIL(output)"
  else
    verdict=PASS
    tiled_pass=$((tiled_pass + 1))
  fi
  printf '%-28s %-14s\n' "$n (tiles)" "$verdict"
  if [ "$verdict" != PASS ]; then
    fails=$((fails + 1))
    { head -c 1500 "$LOGDIR/$n.tiles.err"; head -c 600 "$LOGDIR/$n.tiles.cmp" 2>/dev/null; } | sed 's/^/    | /'
  fi
done

# The runtime's case for the two mappings checks each launch's grid under
# both settings that force one (the plain run above checked the default).
if [ $want_unit = 1 ] && [ -f "$unit" ]; then
  for mode in always off; do
    tiled=$((tiled + 1))
    if HPP_COLLAPSE_TILES=$mode timeout "$UNIT_TIMEOUT" "$PWD/$unit" collapsed_tiles \
         > "$LOGDIR/unit.tiles-$mode.out" 2>&1; then
      verdict=PASS
      tiled_pass=$((tiled_pass + 1))
    else
      verdict=FAIL
      fails=$((fails + 1))
      tail -c 1500 "$LOGDIR/unit.tiles-$mode.out" | sed 's/^/    | /'
    fi
    printf '%-28s %-14s\n' "collapsed_tiles ($mode)" "$verdict"
  done
fi

# --- sanitizers --------------------------------------------------------------
san_fails=0
declare -A san
if [ $sanitize -eq 1 ]; then
  cs=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer \
       /opt/nvidia/*/compute-sanitizer 2>/dev/null | head -1)
  if [ -z "$cs" ]; then
    echo "error: compute-sanitizer not found (--no-sanitize to run without)" >&2
    san_fails=1
  else
    echo
    echo "compute-sanitizer: $cs ($("$cs" --version 2>&1 | grep -i version | head -1))"
    deadline=$(( $(date +%s) + SAN_BUDGET ))
    export cs LOGDIR deadline
    san_one() {  # NAME TOOL TIMEOUT COMMAND [ARGS]
      local n=$1 tool=$2 secs=$3 log=$LOGDIR/$1.$2.log
      shift 3
      if [ "$(date +%s)" -ge "$deadline" ]; then
        echo "SKIP (time budget)" > "$log.status"
        return 0
      fi
      local extra=()
      [ "$tool" = racecheck ] && extra=(--racecheck-report all)
      timeout "$secs" "$cs" --tool "$tool" "${extra[@]}" --error-exitcode 97 \
        --print-limit 20 "$@" > "$log" 2>&1
      echo "$?" > "$log.status"
    }
    export -f san_one
    # Tool after tool, so that what the budget leaves undone is the last tools.
    for tool in $TOOLS; do
      for n in "${names[@]}"; do
        secs=$SAN_TIMEOUT
        [ "$n" = hpprt_cuda_tests ] && secs=$UNIT_TIMEOUT
        # No blank at the end of a line: xargs would join it to the next.
        echo "$n $tool $secs ${cmd[$n]}${san_args[$n]:+ ${san_args[$n]}}"
      done
    done | xargs -P "$SAN_JOBS" -L 1 bash -c 'san_one "$@"' san_one
    for n in "${names[@]}"; do
      for tool in $TOOLS; do
        log=$LOGDIR/$n.$tool.log
        st=$(cat "$log.status" 2>/dev/null || echo "?")
        summary=$(grep -h "SUMMARY" "$log" 2>/dev/null | sed 's/^========= //' | tr '\n' ';' | sed 's/;$//')
        errs=$(grep -ho "ERROR SUMMARY: [0-9]* error" "$log" 2>/dev/null | grep -o "[0-9]*" | tail -1)
        hazards=$(grep -ho "RACECHECK SUMMARY: [0-9]* hazard" "$log" 2>/dev/null | grep -o "[0-9]*" | tail -1)
        if [ "$st" = "SKIP (time budget)" ]; then
          verdict=SKIP
          case " $REQUIRED_TOOLS " in *" $tool "*) verdict=SKIP!; san_fails=$((san_fails + 1)) ;; esac
        elif [ "$st" = 0 ] && [ "${errs:-0}" = 0 ] && [ "${hazards:-0}" = 0 ]; then
          verdict=ok
        elif [ "$st" = 124 ]; then
          verdict=TIMEOUT; san_fails=$((san_fails + 1))
        else
          verdict="ERR(${errs:-?}${hazards:+/$hazards hazards})"; san_fails=$((san_fails + 1))
        fi
        san[$n.$tool]=$verdict
        printf '%-28s %-10s %-8s exit %-4s %s\n' "$n" "$tool" "$verdict" "$st" "${summary:-no summary line}"
        if [ "$verdict" != ok ] && [ "$verdict" != SKIP ] && [ "$verdict" != SKIP! ]; then
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
for n in "${names[@]}"; do
  [ "${result[$n]}" = PASS ] && npass=$((npass + 1))
  printf '%-28s %-14s' "$n" "${result[$n]}"
  if [ $sanitize -eq 1 ] && [ -n "${cs:-}" ]; then
    for tool in $TOOLS; do printf ' %-10s' "${san[$n.$tool]:-?}"; done
  fi
  echo
done
[ $sanitize -eq 1 ] && echo "(SKIP: not started within SAN_BUDGET; SKIP!: the same for a required tool, a failure)"
echo "runs: $npass of ${#names[@]} PASS; with HPP_COLLAPSE_TILES=always: $tiled_pass of $tiled PASS; sanitizer failures: $san_fails$([ $sanitize -eq 0 ] && echo ' (sanitizers not run: --no-sanitize)'); $(( $(date +%s) - start ))s"
if [ -n "${OUT:-}" ] && [ -d "${OUT:-}" ]; then
  tar czf "$OUT/$(basename "$LOGDIR").tar.gz" -C "$(dirname "$LOGDIR")" "$(basename "$LOGDIR")" 2>/dev/null
fi
[ $fails -eq 0 ] && [ $san_fails -eq 0 ]
