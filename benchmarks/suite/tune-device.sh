#!/usr/bin/env bash
# The autotuner's gain on the CUDA suite (HPP_TUNE=1, user guide
# "Autotuning"), on the GPU machine from the repository root with
# .device-carry/bench-suite carried (built by build-cuda.sh):
#   1. the suite untuned (HPP_TUNE unset: today's shapes);
#   2. a warm-up pass with HPP_TUNE=1 and a fresh cache, which times every
#      AUTO region's candidates at each size and writes the choices;
#   3. the timed pass with HPP_TUNE=1 reusing that cache (no timing left:
#      its report says "cached" for every region);
# then one table: kernel, form, size, untuned and tuned hpp time, gain
# (untuned / tuned), tuned ratio to the hand kernel (base / tuned), the
# chosen shape of each of the kernel's regions (vector x team for team
# regions, the block for flat loops, /k when the grid is capped at k blocks
# per SM), and the geometric means. Logs and the cache go to $OUT (default
# /tmp/hpp-suite-tune).
#   bash benchmarks/suite/tune-device.sh [driver arguments]   (default --reps 25)
# The warm-up runs WARMUP_REPS (default 16) repetitions: with the driver's
# 3 untimed calls that is 19 launches of each region per row, more than the
# 16 timed launches of 8 candidates × 2 (times still in flight at the end
# are read at exit). Each call is self-contained (a fresh cache): where the
# three passes would not fit in one device call, run the sizes in separate
# calls (--sizes 1048576, then --sizes 8388608,33554432).
set -uo pipefail
OUT=${OUT:-/tmp/hpp-suite-tune}
mkdir -p "$OUT"
suite=.device-carry/bench-suite/hpp_suite
[ -x "$suite" ] || { echo "error: $suite missing (benchmarks/suite/build-cuda.sh)" >&2; exit 2; }
[[ $# -eq 0 ]] && set -- --reps 25
cache=$OUT/tune.txt
rm -f "$cache" "$cache.lock"
date -u
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv
echo "== untuned"
env -u HPP_TUNE "$suite" "$@" --csv > "$OUT/untuned.log" 2>&1 || { tail -20 "$OUT/untuned.log"; exit 1; }
echo "== warm-up with HPP_TUNE=1 (tunes, writes $cache)"
HPP_TUNE=1 HPP_TUNE_VERBOSE=1 HPP_TUNE_CACHE=$cache "$suite" "$@" --reps "${WARMUP_REPS:-16}" --csv > "$OUT/warmup.log" 2> "$OUT/warmup.err" ||
  { tail -20 "$OUT/warmup.log" "$OUT/warmup.err"; exit 1; }
echo "== timed with HPP_TUNE=1 (the cache)"
HPP_TUNE=1 HPP_TUNE_VERBOSE=1 HPP_TUNE_CACHE=$cache "$suite" "$@" --csv > "$OUT/tuned.log" 2> "$OUT/tuned.err" ||
  { tail -20 "$OUT/tuned.log" "$OUT/tuned.err"; exit 1; }
retimed=$(grep -c "hpp: tune:" "$OUT/tuned.err" | tr -d ' ')
echo "timed pass: $(grep -c ': cached ->' "$OUT/tuned.err") regions from the cache," \
     "$(grep -v ': cached ->' "$OUT/tuned.err" | grep -c 'hpp: tune:') timed again (of $retimed reported)"
grep -h "cross-check" "$OUT/untuned.log" "$OUT/tuned.log"
python3 - "$OUT/untuned.log" "$OUT/tuned.log" "$cache" <<'PY' | tee "$OUT/tune-table.txt"
import math, re, sys
from collections import defaultdict

def rows(path):
    out = {}
    for line in open(path):
        if not line.startswith("csv,") or line.startswith("csv,kernel,"):
            continue
        f = line.rstrip("\n").split(",")
        # csv,kernel,group,form,size,n,bytes,flops,hpp_ms,base_ms,ratio,copy_gbs,check
        out[(f[1], f[3], f[4])] = (float(f[8]), float(f[9]), int(f[5]), f[12])
    return out

untuned, tuned = rows(sys.argv[1]), rows(sys.argv[2])
# The cache: region -> [(size class, shape)].
shapes = defaultdict(list)
for line in open(sys.argv[3]):
    f = line.rstrip("\n").split("\t")
    if len(f) != 12 or f[0] != "hpp-tune-2":
        continue
    vec, team, cap, tiles = int(f[7]), int(f[8]), int(f[9]), int(f[10])
    s = "%d" % vec if team == 1 and vec > 64 else "%dx%d" % (vec, team)
    if cap:
        s += "/%d" % cap
    if tiles:
        s += "t"
    shapes[f[2]].append((int(f[6]), s))

def chosen(kernel, form, sizes_of_kernel, size):
    # Regions of the kernel: NAME or NAME_<k> (api rows: api_NAME); their
    # size classes in order match the kernel's sizes in order.
    name = ("api_" + kernel) if form == "api" else kernel
    pat = re.compile("^%s(_[0-9]+)?$" % re.escape(name))
    parts = []
    for region in sorted(r for r in shapes if pat.match(r)):
        classes = sorted(shapes[region])
        rank = sizes_of_kernel.index(size)
        if len(classes) == len(sizes_of_kernel):
            s = classes[rank][1]
        else:
            s = ",".join(c[1] for c in classes)
        parts.append(("%s=%s" % (region[len(name):].lstrip("_") or "", s)).lstrip("="))
    return " ".join(parts) if parts else "-"

sizes = defaultdict(list)
for (k, form, size), v in untuned.items():
    sizes[(k, form)].append((v[2], size))
print("| kernel | form | size | untuned ms | tuned ms | gain | tuned vs hand | chosen |")
print("|---|---|---|---:|---:|---:|---:|---|")
logs = defaultdict(lambda: [0.0, 0.0, 0])  # size -> [log gain, log ratio, count]
best = []
for key in sorted(untuned, key=lambda k: (k[2], k[1], k[0])):
    if key not in tuned:
        continue
    k, form, size = key
    u, t = untuned[key][0], tuned[key][0]
    base = tuned[key][1]
    gain, ratio = u / t, base / t
    order = [s for _, s in sorted(sizes[(k, form)])]
    print("| %s | %s | %s | %.4f | %.4f | %.3f | %.3f | %s |" % (
        k, form, size, u, t, gain, ratio, chosen(k, form, order, size)))
    for g in (size, "all"):
        logs[g][0] += math.log(gain)
        logs[g][1] += math.log(ratio)
        logs[g][2] += 1
    best.append((gain, k, form, size))
print()
for g, (lg, lr, n) in logs.items():
    print("geometric mean %-7s over %3d rows: gain %.3f, tuned vs hand %.3f" % (
        g, n, math.exp(lg / n), math.exp(lr / n)))
best.sort(reverse=True)
print("largest gains: " + ", ".join("%s/%s %s %.3f" % (k, f, s, g) for g, k, f, s in best[:8]))
print("largest losses: " + ", ".join("%s/%s %s %.3f" % (k, f, s, g) for g, k, f, s in best[-5:]))
PY
