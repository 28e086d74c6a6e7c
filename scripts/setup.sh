#!/usr/bin/env bash
# Sets hpp up on Debian 12: installs the packages it needs when they are
# missing, configures and builds it in build/, then translates, builds and
# runs an example end to end on the OpenMP backend and compares it with the
# example's serial build. `--no-example` stops after the build.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${HPP_BUILD_DIR:-$root/build}

# The HIP packages: HIP 5.2's headers and runtime, ROCm's device libraries
# and clang-tools-19's clang-offload-bundler, with which clang 19 compiles
# HIP for AMD GPUs; HIP's NVIDIA-platform headers come with libamdhip64-dev
# (patched for the installed CUDA at configure time, cmake/HppHIP.cmake),
# and patch applies that patch. Open MPI (libopenmpi-dev, openmpi-bin)
# builds and runs examples/mpi (test/mpi).
packages=(cmake ninja-build make g++ python3 llvm-19-dev libclang-19-dev
          libclang-cpp19-dev clang-19 llvm-19-tools lld-19 libomp-19-dev
          libgtest-dev libamdhip64-dev rocm-device-libs hipcc clang-tools-19
          patch libopenmpi-dev openmpi-bin)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

echo "== configuring and building in $build"
cmake -S "$root" -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DLLVM_DIR=/usr/lib/llvm-19/lib/cmake/llvm \
  -DClang_DIR=/usr/lib/llvm-19/lib/cmake/clang \
  -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-19/build/utils/lit/lit.py >/dev/null
cmake --build "$build"

[ "${1:-}" = "--no-example" ] && exit 0
"$root/scripts/run-example.sh" "$root/examples/yax.cpp"
"$root/scripts/run-cmake-example.sh"
