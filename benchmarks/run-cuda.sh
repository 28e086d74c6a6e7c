#!/usr/bin/env bash
# CUDA backend benchmarks, build side. Translates benchmarks/cuda/hpp_kernels.cpp
# with hppc, compiles it, the hand-written baselines (baselines.cu) and the
# driver (main.cu) with nvcc for sm_90 into ONE binary in .device-carry/bench/
# (git-ignored), saves the ptxas resource report and the PTX of the kernels
# beside it, copies the runtime headers (for a rebuild on the device if the
# binary does not start there), and prints the `run` call that executes
# benchmarks/device/run-cuda-bench.sh on the GPU machine.
#
# Usage: benchmarks/run-cuda.sh
# Environment: HPP_BUILD_DIR (default build), NVCC (default /usr/local/cuda/bin/nvcc).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${HPP_BUILD_DIR:-$root/build}
hppc=$build/bin/hppc
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
out=$root/.device-carry/bench
mkdir -p "$out"
cd "$root"

cflags=$("$hppc" config --backend=cuda --cflags)
libs=$("$hppc" config --backend=cuda --libs)
flags=(-O3 -arch=sm_90 -lineinfo -DNDEBUG)

"$hppc" translate --backend=cuda benchmarks/cuda/hpp_kernels.cpp -o "$out/hpp_kernels.cu" \
  --report -- -std=c++17 > "$out/hppc-report.txt"
"$nvcc" "${flags[@]}" $cflags -Ibenchmarks/cuda -Xptxas -v -x cu -c "$out/hpp_kernels.cu" \
  -o "$out/hpp_kernels.o" 2> "$out/ptxas-hpp.txt"
"$nvcc" "${flags[@]}" $cflags -Ibenchmarks/cuda -x cu -ptx "$out/hpp_kernels.cu" \
  -o "$out/hpp_kernels.ptx"
# The hpp::parallel_* API forms of yAx, yAx3 and contract (api_kernels.cpp).
"$hppc" translate --backend=cuda benchmarks/cuda/api_kernels.cpp -o "$out/api_kernels.cu" \
  --report -- -std=c++17 > "$out/hppc-report-api.txt"
"$nvcc" "${flags[@]}" $cflags -Ibenchmarks/cuda -Xptxas -v -x cu -c "$out/api_kernels.cu" \
  -o "$out/api_kernels.o" 2> "$out/ptxas-api.txt"
# yAx and yAx3 over hpp::Views (view_kernels.cpp).
"$hppc" translate --backend=cuda benchmarks/cuda/view_kernels.cpp -o "$out/view_kernels.cu" \
  --report -- -std=c++17 > "$out/hppc-report-view.txt"
"$nvcc" "${flags[@]}" $cflags -Ibenchmarks/cuda -Xptxas -v -x cu -c "$out/view_kernels.cu" \
  -o "$out/view_kernels.o" 2> "$out/ptxas-view.txt"
"$nvcc" "${flags[@]}" -std=c++17 -Xptxas -v -c benchmarks/cuda/baselines.cu \
  -o "$out/baselines.o" 2> "$out/ptxas-base.txt"
"$nvcc" "${flags[@]}" -std=c++17 -ptx benchmarks/cuda/baselines.cu -o "$out/baselines.ptx"
"$nvcc" "${flags[@]}" $cflags -Ibenchmarks/cuda -c benchmarks/cuda/main.cu -o "$out/main.o"
"$nvcc" -arch=sm_90 "$out/main.o" "$out/hpp_kernels.o" "$out/api_kernels.o" "$out/view_kernels.o" \
  "$out/baselines.o" \
  -o "$out/hpp_cuda_bench" $libs
# UniqueToken vs atomics (token_bench.cpp, its own binary: a whole hpp
# program that times itself and prints its table).
"$hppc" translate --backend=cuda benchmarks/cuda/token_bench.cpp -o "$out/token_bench.cu" \
  -- -std=c++17
"$nvcc" "${flags[@]}" $cflags -x cu "$out/token_bench.cu" -o "$out/hpp_token_bench" $libs
# For a rebuild on the device (runtime headers as installed in the build tree).
rm -rf "$out/include" && cp -r "$build/include" "$out/include"

echo "built $out/hpp_cuda_bench ($(du -sh "$out" | cut -f1) in .device-carry/bench)"
echo "hppc: $("$hppc" --version 2>&1 | head -1); nvcc: $("$nvcc" --version | tail -2 | head -1)"
cat <<'RUN'
Run on the GPU machine with the `run` tool:
  run(kind="nvidia-h200", carry=[".device-carry"], timeout_s=300,
      command="bash benchmarks/device/run-cuda-bench.sh")
Optional environment of the device script: REPS (default 25); NCU=1 adds an ncu
pass (driver in "profile" mode: scans, yAx3, transpose, 1e6 sum).
API vs pragma forms alone: .device-carry/bench/hpp_cuda_bench 25 api
UniqueToken vs atomics alone: .device-carry/bench/hpp_token_bench 20
RUN
