#!/usr/bin/env bash
# CUDA backend benchmarks, device side: run from the repository root on the GPU
# machine with .device-carry/ carried (built by benchmarks/run-cuda.sh). Prints
# the device, driver and date, runs a quick small-size pass (checks only), then
# the full benchmark; logs and SASS of the kernels go to $OUT.
#   bash benchmarks/device/run-cuda-bench.sh [reps]
# Environment: NCU=REGEX adds `ncu` (clock control off) on kernels matching REGEX.
set -uo pipefail
reps=${1:-${REPS:-25}}
bench=.device-carry/bench
OUT=${OUT:-/tmp/hpp-bench-out}
mkdir -p "$OUT"

date -u
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv
uname -r

bin=$bench/hpp_cuda_bench
if ! "$bin" 1 quick > "$OUT/quick.log" 2>&1; then
  echo "prebuilt binary failed in the quick pass (log tail below); rebuilding here"
  tail -5 "$OUT/quick.log"
  src=$bench/rtsrc
  mkdir -p "$src"
  nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  f=(-O3 -arch=sm_90 -lineinfo -DNDEBUG -std=c++17 --extended-lambda --expt-relaxed-constexpr -I$bench/include -Ibenchmarks/cuda)
  for s in runtime/cuda/*.cu runtime/common/*.cpp; do
    # The managed heap replaces malloc: a library of its own, never in the runtime.
    case $s in */managed_heap.*) continue ;; esac
    "$nvcc" "${f[@]}" -x cu -c "$s" -o "$src/$(basename "$s").o" || exit 1
  done
  "$nvcc" "${f[@]}" -x cu -c "$bench/hpp_kernels.cu" -o "$src/hpp_kernels.o" &&
  "$nvcc" "${f[@]}" -x cu -c "$bench/api_kernels.cu" -o "$src/api_kernels.o" &&
  "$nvcc" "${f[@]}" -x cu -c "$bench/view_kernels.cu" -o "$src/view_kernels.o" &&
  "$nvcc" "${f[@]}" -c benchmarks/cuda/baselines.cu -o "$src/baselines.o" &&
  "$nvcc" "${f[@]}" -c benchmarks/cuda/main.cu -o "$src/main.o" &&
  "$nvcc" -arch=sm_90 "$src"/*.o -o "$src/hpp_cuda_bench" || exit 1
  bin=$src/hpp_cuda_bench
  "$bin" 1 quick > "$OUT/quick.log" 2>&1 || { echo "quick pass failed:"; cat "$OUT/quick.log"; }
fi
echo "quick pass (small sizes, 1 rep):"
grep -E '^\| |failures' "$OUT/quick.log" | cut -c1-200

# SASS of the hpp kernels and of the baselines (no device time spent on it).
if command -v cuobjdump > /dev/null; then
  cuobjdump -sass "$bin" > "$OUT/sass.txt" 2>&1 || true
  gzip -f "$OUT/sass.txt"
fi

"$bin" "$reps" 2>&1 | tee "$OUT/bench.log"
status=${PIPESTATUS[0]}

# UniqueToken scatter-add vs atomics (token_bench.cpp; prints its own table).
if [[ -x $bench/hpp_token_bench ]]; then
  "$bench/hpp_token_bench" 20 2>&1 | tee "$OUT/token-bench.log"
fi

# NCU=1: ncu (clock control off) over one call of each profiled kernel at
# full size ("profile" mode of the driver: scans, yAx3, transpose, 1e6 sum).
if [[ -n ${NCU:-} ]] && command -v ncu > /dev/null; then
  m=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum
  m=$m,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed
  m=$m,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
  m=$m,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
  m=$m,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum
  m=$m,smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active
  m=$m,launch__grid_size,launch__block_size,launch__registers_per_thread
  m=$m,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct,smsp__warp_issue_stalled_barrier_per_warp_active.pct
  ncu --clock-control none --csv --metrics "$m" -c 80 "$bin" 1 profile > "$OUT/ncu.csv" 2> "$OUT/ncu.err"
  echo "ncu rc $? ($(wc -l < "$OUT/ncu.csv") csv lines)"; tail -3 "$OUT/ncu.err"
  python3 - "$OUT/ncu.csv" <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
if not rows: sys.exit(0)
h = rows[0]; iK = h.index("Kernel Name"); iI = h.index("ID"); iM = h.index("Metric Name"); iV = h.index("Metric Value")
k = collections.OrderedDict()
for r in rows[1:]:
    k.setdefault((r[iI], r[iK]), {})[r[iM]] = r[iV]
short = {"gpu__time_duration.sum": "t", "dram__bytes_read.sum": "dramR", "dram__bytes_write.sum": "dramW",
         "dram__throughput.avg.pct_of_peak_sustained_elapsed": "dram%", "sm__throughput.avg.pct_of_peak_sustained_elapsed": "sm%",
         "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum": "ldReq", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum": "ldSec",
         "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum": "stReq", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum": "stSec",
         "lts__t_sectors_srcunit_tex_op_read.sum": "L2rdSec", "lts__t_sectors_srcunit_tex_op_write.sum": "L2wrSec",
         "smsp__inst_executed.sum": "inst", "sm__warps_active.avg.pct_of_peak_sustained_active": "occ%",
         "launch__grid_size": "grid", "launch__block_size": "block", "launch__registers_per_thread": "regs",
         "smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct": "stall_lsb%", "smsp__warp_issue_stalled_barrier_per_warp_active.pct": "stall_bar%"}
for (i, name), v in k.items():
    if name.startswith(("fill", "_ZN35")) or "fill_" in name: continue
    print(i, name[:70])
    print("   " + " ".join("%s=%s" % (short.get(a, a), b) for a, b in v.items()))
PY
fi
exit "$status"
