#!/usr/bin/env bash
# Builds here (no GPU needed) what scripts/device/run-mpi.sh runs on a GPU
# machine, into .device-carry/mpi/:
#   heat            examples/mpi built by its CMake project with hppc++ for
#                   CUDA (Debian's Open MPI, which is not CUDA-aware: halos
#                   are staged through pinned host memory)
#   serial.out      the serial build's output for the small grid, run here
#   device-streams  test/runtime/cuda_device_streams.cpp for CUDA
#   ompi.tar.xz     Debian's Open MPI, to run there (the GPU image has no
#                   MPI): mpirun, its libraries and plugins, PMIx, the help
#                   and configuration files, and the shared libraries they
#                   need beyond glibc and libstdc++, under their installed
#                   paths; run-mpi.sh relocates it with OPAL_PREFIX.
# Fabric plugins (UCX, libfabric, verbs, PSM) are left out with their
# libraries: one node needs only shared memory (btl self,vader).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
BUILD=${BUILD:-build}
out=.device-carry/mpi
rm -rf "$out" && mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

HPP_BACKEND=cuda cmake -G Ninja -S examples/mpi -B "$out/build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$root/$BUILD/bin/hppc++" -DHPP_INCLUDE_DIR="$root/$BUILD/include" >/dev/null
HPP_BACKEND=cuda cmake --build "$out/build" >/dev/null
cp "$out/build/heat" "$out/heat"
rm -rf "$out/build"

mpicxx -std=c++17 -O2 -Wno-unknown-pragmas -I"$BUILD/include" examples/mpi/heat.cpp -o "$out/serial"
mpirun --oversubscribe --allow-run-as-root -np 1 "$out/serial" 512 512 100 > "$out/serial.out"
rm "$out/serial"

src=test/runtime/cuda_device_streams.cpp
"$BUILD/bin/hppc" translate --backend=cuda "$src" -o "$out/device-streams.cu"
/usr/local/cuda/bin/nvcc -arch=sm_90 $("$BUILD/bin/hppc" config --backend=cuda --cflags) -x cu \
  "$out/device-streams.cu" -o "$out/device-streams" $("$BUILD/bin/hppc" config --backend=cuda --libs)
rm "$out/device-streams.cu"

# Open MPI under its installed paths in a staging tree.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
arch=/usr/lib/x86_64-linux-gnu
copy() { mkdir -p "$stage$(dirname "$1")" && cp -a "$1" "$stage$1"; }
copy "$(readlink -f /usr/bin/orterun)"
ln -s orterun "$stage/usr/bin/mpirun"
copy /usr/bin/orted
copy /etc/openmpi
copy /usr/share/openmpi
copy "$arch/openmpi"
copy "$arch/pmix2"
rm -rf "$stage$arch/openmpi/include" "$stage$arch/openmpi/lib/pkgconfig" \
  "$stage$arch/openmpi/lib/"{libmpi_java,libmpi_mpifh,libmpi_usempi,liboshmem,libompitrace}*
fabric='ucx|_ofi|libfabric|psm|verbs|openib|usnic|portals|rdmacm|libefa|infinipath|libnl-|libmpi_java|libmpi_mpifh|oshmem'
# Drop fabric plugins, then carry every library the rest need that the
# GPU image cannot be assumed to have.
find "$stage$arch/openmpi/lib/openmpi3" "$stage$arch/pmix2" -name '*.so' |
  grep -E "$fabric" | xargs -r rm -f
find "$stage$arch/openmpi/lib/openmpi3" -name '*.so' | while read -r plugin; do
  if ldd "$plugin" | grep -qE "$fabric|not found"; then rm -f "$plugin"; fi
done
mkdir -p "$stage/deps"
{ find "$stage" -type f \( -name '*.so*' -o -perm -u+x \); echo "$out/heat"; } | while read -r f; do
  ldd "$f" 2>/dev/null | awk '/=>/ {print $3}'
done | sort -u | grep -vE '/(libc|libm|libdl|libpthread|librt|ld-linux-x86-64|libstdc\+\+|libgcc_s)\.so|/cuda' |
  grep -vE "$fabric" | while read -r lib; do
    case "$(readlink -f "$lib")" in
      "$arch/openmpi/"*|"$arch/pmix2/"*) ;;  # carried in place
      *) cp -L "$lib" "$stage/deps/" ;;
    esac
  done
tar -C "$stage" -cJf "$out/ompi.tar.xz" .
du -sh "$out"/*
echo "built $out"
