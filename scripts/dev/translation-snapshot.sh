#!/usr/bin/env bash
# Refactoring guard: translates every C++ file under test/, examples/ and
# benchmarks/ with both backends and stores, per file and backend, the
# generated code, the text and JSON reports, the diagnostics and the exit
# status under DIR. Run it before and after a change that must not alter
# hppc's behaviour, then `diff -r BEFORE AFTER` (empty when nothing changed).
# Usage: scripts/dev/translation-snapshot.sh DIR   (BUILD defaults to build)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=${1:?usage: $0 DIR}
hppc=${BUILD:-build}/bin/hppc
rm -rf "$out"
mkdir -p "$out"
snap_one() {
  f=$1
  for b in openmp cuda; do
    d=$out/$(echo "$f" | tr / _).$b
    "$hppc" translate --backend=$b "$f" -o "$d.out" --report --report-json "$d.json" \
      -- -std=c++17 -ferror-limit=0 -I"$(dirname "$f")" > "$d.report" 2> "$d.diag"
    echo $? > "$d.rc"
    # The JSON report is written even when translation fails; keep absences explicit.
    [ -f "$d.out" ] || echo "(no output)" > "$d.out"
  done
}
export -f snap_one
export out hppc
find test examples benchmarks -name '*.cpp' -not -path '*/Inputs/*' | sort |
  xargs -P "$(nproc)" -I{} bash -c 'snap_one {}'
echo "$(ls "$out" | grep -c '\.rc$') translations recorded in $out"
