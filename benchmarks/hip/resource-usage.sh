#!/usr/bin/env bash
# The AMDGCN resources of every benchmark kernel (benchmarks/cuda/, pragma
# and parallel_* forms) translated for HIP and compiled for HPP_HIP_ARCH
# (default gfx90a): VGPRs, AGPRs, SGPRs, scratch (spills), LDS and the
# occupancy the compiler computes, from clang's kernel-resource-usage
# remarks. No GPU needed. Prints a markdown table.
# Usage: benchmarks/hip/resource-usage.sh   (BUILD=build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
BUILD=${BUILD:-build}
hppc=$BUILD/bin/hppc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| kernel | VGPRs | AGPRs | SGPRs | scratch B/lane | VGPR spills | SGPR spills | LDS B/block | waves/SIMD |"
echo "|---|---|---|---|---|---|---|---|---|"
for src in benchmarks/cuda/hpp_kernels.cpp benchmarks/cuda/api_kernels.cpp; do
  n=$(basename "$src" .cpp)
  "$hppc" translate --backend=hip "$src" -o "$tmp/$n.hip" -- -Ibenchmarks/cuda
  clang++-19 -O3 $("$hppc" config --backend=hip --cflags) -Ibenchmarks/cuda \
    --offload-device-only -c "$tmp/$n.hip" -o "$tmp/$n.o" \
    -Rpass-analysis=kernel-resource-usage 2> "$tmp/$n.log"
  python3 - "$tmp/$n.log" <<'PY'
import re, subprocess, sys
rows, cur = [], None
for line in open(sys.argv[1]):
    m = re.search(r"remark: (.*?) \[-Rpass-analysis", line)
    if not m:
        continue
    text = m.group(1).strip()
    if text.startswith("Function Name:"):
        mangled = text.split(":", 1)[1].strip()
        # hpp_kernel_NAME<lambda>: the region's name is what people read.
        name = re.search(r"hpp_kernel_(\w+?)I", mangled)
        cur = {"name": name.group(1) if name else mangled}
        rows.append(cur)
    elif cur is not None and ":" in text:
        k, v = text.split(":", 1)
        cur[k.strip()] = v.strip()
for r in rows:
    print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
        r["name"], r.get("VGPRs"), r.get("AGPRs"), r.get("SGPRs"),
        r.get("ScratchSize [bytes/lane]"), r.get("VGPRs Spill"), r.get("SGPRs Spill"),
        r.get("LDS Size [bytes/block]"), r.get("Occupancy [waves/SIMD]")))
PY
done
