#!/usr/bin/env bash
# Builds, on a machine without a GPU, what scripts/device/run-cuda-exec.sh
# runs on one:
#   .device-carry/exec/NAME.cuda     test/exec/NAME.cpp translated by hppc,
#                                    compiled by nvcc
#   .device-carry/exec/NAME.ser.out  output of the serial g++ build, run here
#   .device-carry/unit/hpprt_cuda_tests  the CUDA runtime's tests
#                                    (test/unit/cuda/RuntimeCudaTest.cu)
#   .device-carry/unit/hpprt_cuda_managed_heap_tests  the managed heap's
#                                    (test/unit/cuda/managed_heap/)
# for every program with CUDA lines (CUDA-BUILD:/CUDA-RUN:, the execution
# format in test/utils/exectest.py). The commands are the programs' CUDA
# lines; a program whose CUDA lines differ from them is refused, since it
# would be built here otherwise than by lit. A program built in variants
# (-o %t.V.cu, each with its own defines: variant_build_lines) gives
# NAME.V.cuda and NAME.V.ser.out per variant. A program linked with
# %nvcc_hpp_managed_heap_link in place of %nvcc_hpp_link gets the managed
# heap (hppc config --libs --managed-heap).
# With GPU_BACKEND=hip the same programs are translated for HIP and
# compiled by nvcc through HIP's NVIDIA platform (the HIP headers patched
# at configure time in $BUILD/hip-nvidia, and the HIP runtime, runtime/hip/,
# compiled the same way) into .device-carry/exec-hip; the runtime's unit
# tests are CUDA's only.
# Usage: scripts/cuda-exec-build.sh [NAME...]   (default: all)
# Environment: BUILD (default build), NVCC (default /usr/local/cuda/bin/nvcc),
# CXX (default g++), JOBS (default nproc).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
BUILD=${BUILD:-build}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
CXX=${CXX:-g++}
JOBS=${JOBS:-$(nproc)}
hppc=$BUILD/bin/hppc
carry=.device-carry
GPU_BACKEND=${GPU_BACKEND:-cuda}
out=$carry/exec
[ "$GPU_BACKEND" = hip ] && out=$carry/exec-hip
[ -x "$hppc" ] || { echo "error: $hppc not found: build first (ninja -C $BUILD)" >&2; exit 1; }
[ -x "$NVCC" ] || { echo "error: nvcc not found at $NVCC" >&2; exit 1; }

# The CUDA lines every program carries; D is '' or -DHPP_TEST_GPU (with it
# a program leaves out the cases that only the host backends take), L the
# link substitution (%nvcc_hpp_link, or %nvcc_hpp_managed_heap_link).
cuda_lines() {
  local D=$1 L=${2:-%nvcc_hpp_link} R=
  # With the managed heap, new and malloc memory is reachable.
  [ "$L" = %nvcc_hpp_managed_heap_link ] && R=' --host-memory-reachable'
  cat <<EOF
// CUDA-BUILD: %hppc translate --backend=cuda$R %s -o %t.cu${D:+ -- $D}
// CUDA-BUILD: %nvcc_hpp${D:+ $D} %t.cu -o %t $L
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial${D:+ $D} %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out
EOF
}

# A program built in variants V (its own defines D each) carries, for each
# variant in turn, the two build lines and then the three run lines below;
# each variant is built and compared like a program of its own, NAME.V.
variant_build_lines() {
  local V=$1 D=$2
  cat <<EOF
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.$V.cu${D:+ -- $D}
// CUDA-BUILD: %nvcc_hpp${D:+ $D} %t.$V.cu -o %t.$V %nvcc_hpp_link
EOF
}
variant_run_lines() {
  local V=$1 D=$2
  cat <<EOF
// CUDA-RUN: %t.$V > %t.$V.out
// CUDA-RUN: %cxx_serial${D:+ $D} %s -o %t.ser.$V && %t.ser.$V > %t.ser.$V.out
// CUDA-RUN: %compare %t.ser.$V.out %t.$V.out
EOF
}
# "V|D" for each variant SRC's translate lines name.
variants_of() {
  sed -n 's/^\/\/ CUDA-BUILD: %hppc translate --backend=cuda %s -o %t\.\([A-Za-z0-9_]*\)\.cu\( -- \(.*\)\)\{0,1\}$/\1|\3/p' "$1"
}

if [ $# -gt 0 ]; then
  names=("$@")
else
  names=()
  for src in test/exec/*.cpp; do
    grep -q '^// CUDA-RUN:' "$src" && names+=("$(basename "$src" .cpp)")
  done
fi
defines=()
heaps=()
builds=() # what each build is called: NAME, or NAME.V for a variant
sources=()
for n in "${names[@]}"; do
  src=test/exec/$n.cpp
  [ -f "$src" ] || { echo "error: $src not found" >&2; exit 1; }
  have=$(grep -E '^// CUDA-(BUILD|RUN):' "$src")
  found=0
  for D in '' -DHPP_TEST_GPU; do
    for L in %nvcc_hpp_link %nvcc_hpp_managed_heap_link; do
      if [ $found = 0 ] && [ "$have" = "$(cuda_lines "$D" "$L")" ]; then
        defines+=("$D")
        heaps+=("$([ "$L" = %nvcc_hpp_link ] && echo 0 || echo 1)")
        builds+=("$n")
        sources+=("$n")
        found=1
      fi
    done
  done
  # A program whose CUDA-RUN lines need more than a run and a comparison
  # (environment, several runs, FileCheck) names the device script that
  # runs them (// DEVICE-SCRIPT: path); it is built here as usual, and
  # run-cuda-exec.sh runs it once plainly.
  if [ $found = 0 ] && grep -q '^// DEVICE-SCRIPT: ' "$src" &&
     [ "$(grep -E '^// CUDA-BUILD:' "$src")" = "$(cuda_lines '' | grep -E '^// CUDA-BUILD:')" ]; then
    defines+=("")
    heaps+=(0)
    builds+=("$n")
    sources+=("$n")
    found=1
    echo "note: $src: its CUDA-RUN lines run by $(sed -n 's|^// DEVICE-SCRIPT: ||p' "$src")"
  fi
  if [ $found = 0 ]; then
    mapfile -t vs < <(variants_of "$src")
    want=
    if [ ${#vs[@]} -gt 1 ]; then
      want=$(for v in "${vs[@]}"; do variant_build_lines "${v%%|*}" "${v#*|}"; done
             for v in "${vs[@]}"; do variant_run_lines "${v%%|*}" "${v#*|}"; done)
    fi
    if [ -n "$want" ] && [ "$have" = "$want" ]; then
      for v in "${vs[@]}"; do
        defines+=("${v#*|}")
        heaps+=(0)
        builds+=("$n.${v%%|*}")
        sources+=("$n")
      done
      found=1
    fi
  fi
  if [ $found = 0 ]; then
    echo "error: $src: its CUDA lines are not the ones this script runs:" >&2
    cuda_lines '' | sed 's/^/    /' >&2
    echo "  (or with -DHPP_TEST_GPU, or %nvcc_hpp_managed_heap_link, or in variants" >&2
    echo "  -o %t.V.cu: variant_build_lines); build it by hand or teach this script" >&2
    exit 1
  fi
done
rm -rf "$out"
mkdir -p "$out"
if [ "$GPU_BACKEND" = hip ]; then
  hipinc=$BUILD/hip-nvidia
  [ -f "$hipinc/hip/hip_runtime.h" ] ||
    { echo "error: no patched HIP headers in $hipinc (configure with nvcc and libamdhip64-dev)" >&2; exit 1; }
  cflags="-D__HIP_PLATFORM_NVIDIA__ -isystem $hipinc -I$BUILD/include -std=c++17 --extended-lambda --expt-relaxed-constexpr"
  # The HIP runtime for the NVIDIA platform: runtime/hip/ and common/ by nvcc.
  mkdir -p "$out/rt"
  for s in runtime/hip/*.hip runtime/common/*.cpp; do
    # The managed heap replaces malloc: a library of its own, never in the runtime.
    case $s in */managed_heap.*) continue ;; esac
    "$NVCC" -arch=sm_90 -O2 $cflags -x cu -c "$s" -o "$out/rt/$(basename "$s").o" || exit 1
  done
  ar rcs "$out/libhpprt_hip_nvidia.a" "$out"/rt/*.o && rm -rf "$out/rt"
  "$NVCC" -arch=sm_90 -O2 $cflags -x cu -c runtime/hip/managed_heap.hip -o "$out/heap.o" &&
    ar rcs "$out/libhpprt_hip_nvidia_managed_heap.a" "$out/heap.o" && rm -f "$out/heap.o" || exit 1
  libs="-L$out -lhpprt_hip_nvidia -ldl"
  heap_libs="-L$out -Xlinker --undefined=hpprt_managed_heap -lhpprt_hip_nvidia_managed_heap $libs"
else
  rm -rf "$carry/unit"
  mkdir -p "$carry/unit"
  cflags=$("$hppc" config --backend=cuda --cflags)
  libs=$("$hppc" config --backend=cuda --libs)
  heap_libs=$("$hppc" config --backend=cuda --libs --managed-heap)
fi
export hppc NVCC CXX out cflags libs heap_libs BUILD GPU_BACKEND

build_one() {
  n=$1
  D=${2:-}
  reachable=
  [ "${3:-0}" = 1 ] && libs=$heap_libs && reachable=--host-memory-reachable
  src=test/exec/${4:-$n}.cpp
  log=$out/$n.build.log
  {
    "$hppc" translate --backend="$GPU_BACKEND" $reachable "$src" -o "$out/$n.cu" ${D:+-- $D} &&
    "$NVCC" -arch=sm_90 -Werror all-warnings $cflags -x cu $D "$out/$n.cu" -o "$out/$n.cuda" $libs &&
    "$CXX" -std=c++17 -O2 -Wno-unknown-pragmas -I"$BUILD/include" $D "$src" -o "$out/$n.ser" &&
    "$out/$n.ser" > "$out/$n.ser.out"
  } > "$log" 2>&1
  rc=$?
  rm -f "$out/$n.ser"
  if [ $rc -eq 0 ]; then
    rm -f "$log"
    echo "built  $n"
  else
    rm -f "$out/$n.cuda"
    echo "FAILED $n (see $log)"
    sed 's/^/    /' "$log" | head -20
  fi
  return $rc
}
export -f build_one
status=0
for i in "${!builds[@]}"; do
  printf '%s:%s:%s:%s\n' "${builds[$i]}" "${defines[$i]}" "${heaps[$i]}" "${sources[$i]}"
done | xargs -P "$JOBS" -I{} bash -c 'IFS=: read -r n d h s <<< "{}"; build_one "$n" "$d" "$h" "$s"' || status=1
echo "$(ls "$out"/*.cuda 2>/dev/null | wc -l) of ${#builds[@]} programs built into $out"

# The CUDA runtime's tests, built by CMake where CUDA is enabled.
if [ "$GPU_BACKEND" = hip ]; then
  :
elif ninja -C "$BUILD" hpprt_cuda_tests hpprt_cuda_managed_heap_tests > "$carry/unit/build.log" 2>&1; then
  cp "$BUILD/bin/hpprt_cuda_tests" "$BUILD/bin/hpprt_cuda_managed_heap_tests" "$carry/unit/"
  rm -f "$carry/unit/build.log"
  echo "built  hpprt_cuda_tests, hpprt_cuda_managed_heap_tests into $carry/unit"
else
  echo "FAILED hpprt_cuda_tests (see $carry/unit/build.log; is CUDA enabled in $BUILD?)"
  status=1
fi
exit $status
