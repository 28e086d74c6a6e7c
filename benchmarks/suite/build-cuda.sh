#!/usr/bin/env bash
# Builds the CUDA kernel suite: translates hpp_kernels.cpp and api_kernels.cpp
# with the build's hppc (their --report beside the binary), compiles them, the
# hand CUDA kernels (base_cuda.cu) and the driver (driver.cpp as CUDA) with
# nvcc -O3 -arch=sm_90 into ONE binary, .device-carry/bench-suite/hpp_suite
# (git-ignored; ptxas resource reports beside it), and prints how to run it
# on the GPU machine.
#
# With --warp-vectors it also builds hpp_suite_warp_vectors: the same
# translation with the vector loops' trip counts withheld from the runtime
# (the `hpp_launch.vector_trips = ...` lines removed), so AUTO vector
# lengths are a whole warp, as before they were sized (d391533); both
# binaries in one device call give that A/B on one GPU.
#
# Usage: benchmarks/suite/build-cuda.sh [--warp-vectors]
# Environment: HPP_BUILD_DIR (default build), NVCC (default /usr/local/cuda/bin/nvcc).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${HPP_BUILD_DIR:-$root/build}
hppc=$build/bin/hppc
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
here=$root/benchmarks/suite
out=$root/.device-carry/bench-suite
mkdir -p "$out"
cd "$root"

cflags=$("$hppc" config --backend=cuda --cflags)
libs=$("$hppc" config --backend=cuda --libs)
flags=(-O3 -arch=sm_90 -lineinfo -DNDEBUG)

variants=(hpp_suite)
[ "${1:-}" = --warp-vectors ] && variants+=(hpp_suite_warp_vectors)

for k in hpp_kernels api_kernels; do
  "$hppc" translate --backend=cuda "$here/$k.cpp" -o "$out/$k.cu" --report -- -std=c++17 \
    > "$out/hppc-report-$k.txt"
  "$nvcc" "${flags[@]}" $cflags -I"$here" -Xptxas -v -x cu -c "$out/$k.cu" -o "$out/$k.o" \
    2> "$out/ptxas-$k.txt"
  if [ ${#variants[@]} -gt 1 ]; then
    grep -v 'hpp_launch\.vector_trips = ' "$out/$k.cu" > "$out/$k.warp_vectors.cu"
    "$nvcc" "${flags[@]}" $cflags -I"$here" -x cu -c "$out/$k.warp_vectors.cu" \
      -o "$out/$k.warp_vectors.o"
  fi
done
"$nvcc" "${flags[@]}" $cflags -I"$here" -Xptxas -v -c "$here/base_cuda.cu" -o "$out/base_cuda.o" \
  2> "$out/ptxas-base_cuda.txt"
"$nvcc" "${flags[@]}" $cflags -I"$here" -DSUITE_CUDA -x cu -c "$here/driver.cpp" -o "$out/driver.o"
"$nvcc" -arch=sm_90 "$out/driver.o" "$out/hpp_kernels.o" "$out/api_kernels.o" "$out/base_cuda.o" \
  -o "$out/hpp_suite" $libs
if [ ${#variants[@]} -gt 1 ]; then
  "$nvcc" -arch=sm_90 "$out/driver.o" "$out/hpp_kernels.warp_vectors.o" \
    "$out/api_kernels.warp_vectors.o" "$out/base_cuda.o" -o "$out/hpp_suite_warp_vectors" $libs
  echo "built $out/hpp_suite_warp_vectors"
fi
rm -f "$out"/*.o

echo "built $out/hpp_suite"
echo "hppc: $("$hppc" --version 2>&1 | head -1); nvcc: $("$nvcc" --version | tail -2 | head -1)"
cat <<'RUN'
Run on the GPU machine with the `run` tool (three sizes, a few minutes):
  run(kind="nvidia-h100-x1", carry=[".device-carry/bench-suite"], timeout_s=600,
      command="bash benchmarks/suite/run-device.sh --reps 25 --csv")
Options: --sizes 1048576,8388608,33554432 (the default), --only daxpy,dot,
--no-api (skip the hpp::parallel_* rows), --reps N.
RUN
