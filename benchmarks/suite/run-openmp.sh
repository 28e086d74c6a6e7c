#!/usr/bin/env bash
# Builds and runs the kernel suite on the OpenMP backend: translates
# hpp_kernels.cpp and api_kernels.cpp with the build's hppc, compiles them
# with the hand OpenMP versions (base_omp.cpp) and the driver into ONE binary
# in $SUITE_OUT, and runs it with OMP_NUM_THREADS (default 2) and
# OMP_PROC_BIND=close. Arguments go to the binary (--reps, --sizes, --only,
# --csv, --no-api; see driver.cpp). Exit status: the binary's (1 on a
# cross-check mismatch).
#
# Usage: benchmarks/suite/run-openmp.sh [driver arguments]
# Environment: HPP_BUILD_DIR (default build), CXX (default clang++-19),
#   SUITE_OUT (default $HPP_BUILD_DIR/benchmarks/suite),
#   SUITE_OPT (default "-O3 -march=native"; the lit test builds with -O1),
#   SUITE_KOKKOS (default auto: 1 when Debian's Kokkos headers are in
#   /usr/include/trilinos; adds kokkos_kernels.cpp and the Kokkos rows).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${HPP_BUILD_DIR:-$root/build}
hppc=$build/bin/hppc
cxx=${CXX:-clang++-19}
here=$root/benchmarks/suite
out=${SUITE_OUT:-$build/benchmarks/suite}
read -r -a opt <<< "${SUITE_OPT:--O3 -march=native}"
mkdir -p "$out"

cflags=$("$hppc" config --backend=openmp --cflags)
libs=$("$hppc" config --backend=openmp --libs)

for k in hpp_kernels api_kernels; do
  "$hppc" translate --backend=openmp "$here/$k.cpp" -o "$out/$k.omp.cpp" -- -std=c++17
  $cxx -std=c++17 "${opt[@]}" -Wno-pass-failed $cflags -I"$here" -c "$out/$k.omp.cpp" \
    -o "$out/$k.o"
done
kokkos=${SUITE_KOKKOS:-auto}
if [[ $kokkos == auto ]]; then
  kokkos=0
  [[ -f /usr/include/trilinos/Kokkos_Core.hpp ]] && kokkos=1
fi
objs=("$out/driver.o" "$out/hpp_kernels.o" "$out/api_kernels.o" "$out/base_omp.o")
dflags=()
klibs=()
if [[ $kokkos == 1 ]]; then
  $cxx -std=c++17 "${opt[@]}" -I/usr/include/trilinos -I"$here" -c "$here/kokkos_kernels.cpp" \
    -o "$out/kokkos_kernels.o"
  objs+=("$out/kokkos_kernels.o")
  dflags=(-DSUITE_KOKKOS)
  klibs=(-ltrilinos_kokkoscore)
fi
$cxx -std=c++17 "${opt[@]}" $cflags -I"$here" -c "$here/base_omp.cpp" -o "$out/base_omp.o"
$cxx -std=c++17 "${opt[@]}" $cflags "${dflags[@]}" -I"$here" -c "$here/driver.cpp" \
  -o "$out/driver.o"
$cxx "${objs[@]}" -o "$out/hpp_suite" $libs "${klibs[@]}"

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores;" \
  "$($cxx --version | head -1); load average $(cut -d' ' -f1-3 /proc/loadavg)"
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}
export OMP_PROC_BIND=close
"$out/hpp_suite" "$@"
