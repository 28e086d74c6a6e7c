#!/usr/bin/env bash
# Builds the UniqueToken lab (main.cu: the token's acquire/release steps
# taken apart, against plain atomics) into .device-carry/bench-token-lab/.
# On the device: .device-carry/bench-token-lab/hpp_token_lab [reps] [log2(n)]
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
out=$root/.device-carry/bench-token-lab
mkdir -p "$out"
"$nvcc" -O3 -arch=sm_90 -std=c++17 -I"$root/include" "$root/benchmarks/cuda/token_lab/main.cu" -o "$out/hpp_token_lab"
echo "built $out/hpp_token_lab"
