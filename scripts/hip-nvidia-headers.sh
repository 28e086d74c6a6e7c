#!/usr/bin/env bash
# Usage: hip-nvidia-headers.sh OUTDIR [HIP_INCLUDE_DIR]
#
# Makes HIP's NVIDIA platform usable with the installed CUDA: copies the
# installed hip/ header tree (HIP_INCLUDE_DIR/hip, default /usr/include/hip,
# Debian 12's libamdhip64-dev) to OUTDIR/hip and applies
# cmake/hip-nvidia/nvidia_hip_runtime_api.patch there, which guards the CUDA
# APIs that CUDA 12 and 13 removed or changed (the patch's header says
# which). Afterwards
#   nvcc -isystem OUTDIR -D__HIP_PLATFORM_NVIDIA__ -x cu prog.cpp
# compiles HIP code. The installed tree is only read.
#
# Idempotent: OUTDIR/hip is rebuilt from the installed tree on every run, in
# a temporary directory that replaces it only once the patch has applied. A
# patch that does not apply exactly (another HIP version, an already patched
# source) is an error, and OUTDIR is left as it was.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 OUTDIR [HIP_INCLUDE_DIR]" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
patchfile=$root/cmake/hip-nvidia/nvidia_hip_runtime_api.patch
out=$1
src=${2:-/usr/include}/hip

fail() { echo "hip-nvidia-headers: $*" >&2; exit 1; }
[ -f "$src/nvidia_detail/nvidia_hip_runtime_api.h" ] ||
  fail "no HIP NVIDIA-platform headers in $src (Debian: apt-get install libamdhip64-dev)"
[ -f "$patchfile" ] || fail "missing $patchfile"
command -v patch >/dev/null || fail "the 'patch' program is needed (apt-get install patch)"

mkdir -p "$out"
out=$(cd "$out" && pwd)
tmp=$(mktemp -d "$out/.hip.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# -P keeps the tree's relative symlinks (nvcc_detail -> nvidia_detail);
# no -p, so the copies are ours to patch whoever owns the originals.
cp -R -P "$src" "$tmp/hip"
chmod -R u+w "$tmp/hip"
# --fuzz=0: a hunk whose context differs is a reject, not a guess;
# --forward: an already applied hunk is an error, not a reversal.
if ! log=$(patch -d "$tmp/hip" -p1 --forward --fuzz=0 --batch \
             --no-backup-if-mismatch --reject-file=- -i "$patchfile" 2>&1); then
  echo "$log" >&2
  fail "$patchfile does not apply to $src; the HIP headers differ from the" \
       "HIP 5.2 ones it was written for"
fi

rm -rf "$out/hip"
mv "$tmp/hip" "$out/hip"
echo "hip-nvidia-headers: patched HIP headers in $out/hip"
