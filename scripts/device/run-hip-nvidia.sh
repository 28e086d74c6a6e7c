#!/usr/bin/env bash
# Runs on a GPU machine what scripts/hip-nvidia-build.sh built: HIP programs
# executed through HIP's NVIDIA platform (patched HIP 5.2 headers, CUDA 13),
# under compute-sanitizer where it is installed.
set -uo pipefail
cd "$(dirname "$0")/../.."
dir=.device-carry/hip-nvidia
sanitizer=()
for s in compute-sanitizer /usr/local/cuda/bin/compute-sanitizer; do
  command -v "$s" > /dev/null && { sanitizer=("$s" --error-exitcode=3); break; }
done
status=0
if "${sanitizer[@]}" "$dir/runtime_api" > /tmp/hip_runtime_api.out 2>&1 &&
   grep -q '^PASS$' /tmp/hip_runtime_api.out; then
  echo "PASS hip runtime_api: $(grep '^sum' /tmp/hip_runtime_api.out)"
else
  echo "FAIL hip runtime_api:"; cat /tmp/hip_runtime_api.out; status=1
fi
if "${sanitizer[@]}" "$dir/saxpy" > /tmp/hip_saxpy.out 2>&1 &&
   grep -q '^no error$' /tmp/hip_saxpy.out; then
  echo "PASS hip saxpy"
else
  echo "FAIL hip saxpy:"; cat /tmp/hip_saxpy.out; status=1
fi
exit $status
