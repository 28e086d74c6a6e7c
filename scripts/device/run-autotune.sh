#!/usr/bin/env bash
# Runs on a GPU machine (bash + python3 only), from the repository root, the
# CUDA-RUN lines of test/exec/autotune.cpp (HPP_TUNE=1) against the binary
# scripts/cuda-exec-build.sh built: .device-carry/exec/autotune.cuda and the
# serial build's output autotune.ser.out. lit runs the same lines where a
# GPU and FileCheck are at hand; the device has neither lit nor FileCheck,
# so the checks are grep -E forms of the test's CHECK lines.
#   1. HPP_TUNE=1 with an empty cache: output equals the serial build's, one
#      report line per region with every candidate's time and the choice
#      (the collapsed loop's candidates include tiles of rows, "256t"),
#      one cache line per region;
#   2. again: the cache is reused (reported "cached"), the file unchanged;
#   3. HPP_TUNE unset: same output, no report, cache untouched;
#   4. a stale choice for yAx and a garbage line: yAx is timed again, the
#      others stay cached, the garbage is gone from the rewritten file.
# Usage: bash scripts/device/run-autotune.sh   (EXEC_DIR overrides the dir)
set -uo pipefail
cd "$(dirname "$0")/../.."
dir=${EXEC_DIR:-.device-carry/exec}
bin=$dir/autotune.cuda
ref=$dir/autotune.ser.out
[ -x "$bin" ] && [ -f "$ref" ] ||
  { echo "error: $bin or $ref missing (scripts/cuda-exec-build.sh autotune)" >&2; exit 2; }
tmp=$(mktemp -d)
cache=$tmp/tune.txt
status=0
check() { # NAME COMMAND...: one PASS/FAIL line
  local name=$1
  shift
  if "$@"; then echo "PASS $name"; else echo "FAIL $name"; status=1; fi
}
same() { python3 test/exec/compare.py "$ref" "$1"; }
has() { # FILE REGEX
  grep -Eq -- "$2" "$1" && return 0
  echo "  no line of $1 matches: $2"
  sed 's/^/    /' "$1" | head -20
  return 1
}
tuned() { env HPP_TUNE=1 HPP_TUNE_VERBOSE=1 HPP_TUNE_CACHE="$cache" "$bin"; }
num='[0-9.]+us'
T=$'\t'

tuned > "$tmp/out1" 2> "$tmp/err1"
check "tuned run: output" same "$tmp/out1"
check "tuned run: yAx report" has "$tmp/err1" \
  "hpp: tune: 'yAx' \(.*autotune.cpp:[0-9]+\) n=2\^11 on .*: [0-9]+x[0-9]+ $num, .* -> [0-9]+x[0-9]+"
check "tuned run: scale report" has "$tmp/err1" \
  "hpp: tune: 'scale' \(.*autotune.cpp:[0-9]+\) n=2\^20 on .*: 256 $num, 128 $num, .* -> [0-9]+"
check "tuned run: dot report" has "$tmp/err1" \
  "hpp: tune: 'dot' \(.*autotune.cpp:[0-9]+\) n=2\^20 on .*: 256 $num, .* -> [0-9/]+"
check "tuned run: smooth report (tiles tried)" has "$tmp/err1" \
  "hpp: tune: 'smooth' \(.*autotune.cpp:[0-9]+\) n=2\^19 on .*: 256 $num, .*, 256t $num.* -> [0-9]+t?\$"
cache_lines() {
  has "$cache" "^hpp-tune-2${T}[^$T]+${T}yAx${T}.*autotune.cpp${T}[0-9]+${T}[0-9a-f]{16}${T}11${T}[0-9]+${T}[0-9]+${T}[0-9]+${T}0${T}[0-9.]+\$" &&
  has "$cache" "^hpp-tune-2${T}[^$T]+${T}scale${T}.*autotune.cpp${T}[0-9]+${T}[0-9a-f]{16}${T}20${T}[0-9]+${T}1${T}0${T}0${T}[0-9.]+\$" &&
  has "$cache" "^hpp-tune-2${T}[^$T]+${T}dot${T}.*autotune.cpp${T}[0-9]+${T}[0-9a-f]{16}${T}20${T}[0-9]+${T}1${T}[0-9]+${T}0${T}[0-9.]+\$" &&
  has "$cache" "^hpp-tune-2${T}[^$T]+${T}smooth${T}.*autotune.cpp${T}[0-9]+${T}[0-9a-f]{16}${T}19${T}[0-9]+${T}1${T}0${T}[01]${T}[0-9.]+\$"
}
check "tuned run: cache lines" cache_lines
cp "$cache" "$tmp/first"

tuned > "$tmp/out2" 2> "$tmp/err2"
check "cached run: output" same "$tmp/out2"
for r in yAx scale dot smooth; do
  check "cached run: $r cached" has "$tmp/err2" "hpp: tune: '$r' \(.*\) n=2\^[0-9]+ on .*: cached -> [0-9x/t]+"
done
check "cached run: cache unchanged" cmp -s "$cache" "$tmp/first"

env HPP_TUNE_CACHE="$cache" "$bin" > "$tmp/out0" 2> "$tmp/err0"
check "untuned run: output" same "$tmp/out0"
check "untuned run: no report" bash -c "! grep -q 'hpp: tune' '$tmp/err0'"
check "untuned run: cache untouched" cmp -s "$cache" "$tmp/first"

awk -F '\t' -v OFS='\t' '$3 == "yAx" { $8 = 2; $9 = 3 } { print } END { print "garbage" }' \
  "$tmp/first" > "$cache"
tuned > "$tmp/out3" 2> "$tmp/err3"
check "stale cache: output" same "$tmp/out3"
check "stale cache: yAx timed again" has "$tmp/err3" \
  "hpp: tune: 'yAx' \(.*\) n=2\^11 on .*: [0-9]+x[0-9]+ $num, .* -> [0-9]+x[0-9]+"
check "stale cache: scale still cached" has "$tmp/err3" "hpp: tune: 'scale' \(.*\) n=2\^[0-9]+ on .*: cached -> [0-9]+"
check "stale cache: cache lines" cache_lines
check "stale cache: garbage dropped" bash -c "! grep -q garbage '$cache'"

echo "--- reports of the first (tuning) run:"
cat "$tmp/err1"
echo "--- cache:"
cat "$cache"
rm -rf "$tmp"
exit $status
