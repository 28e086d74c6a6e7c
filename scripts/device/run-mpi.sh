#!/usr/bin/env bash
# Runs on a GPU machine what scripts/mpi-cuda-build.sh built (issue 17):
#  1. device-streams: device choice (HPP_DEVICE, local rank, errors) and
#     streams bound to devices (all GPUs of the machine at once);
#  2. examples/mpi's heat equation on the GPU: 1 rank and 2 ranks (sharing
#     the GPU when there is one: a warning, and still correct) print the
#     same checksum; the serial build's for the small grid is shown beside;
#  3. a device that does not exist ends all ranks with one message, no hang;
#  4. timings: strong scaling (16384^2 in all) and weak scaling (16384^2 per
#     rank) for 1 and 2 ranks, split into compute, pack/unpack, exchange,
#     and the exchange hidden by overlap.
# Open MPI comes from .device-carry/mpi/ompi.tar.xz, relocated to /tmp/ompi.
# SIZE=<n> changes the scaling grid's side (default 16384).
set -uo pipefail
cd "$(dirname "$0")/../.."
d=.device-carry/mpi
size=${SIZE:-16384}
steps=${STEPS:-200}
r=/tmp/ompi
rm -rf "$r" && mkdir -p "$r" && tar -xJf "$d/ompi.tar.xz" -C "$r"
arch=$r/usr/lib/x86_64-linux-gnu
export OPAL_PREFIX=$r/usr OPAL_SYSCONFDIR=$r/etc/openmpi OPAL_PKGDATADIR=$r/usr/share/openmpi
export PMIX_INSTALL_PREFIX=$arch/pmix2 PMIX_PKGDATADIR=$arch/pmix2/share/pmix
export PMIX_MCA_mca_base_component_path=$arch/pmix2/lib/pmix
export PATH=$r/usr/bin:$PATH
export LD_LIBRARY_PATH=$r/deps:$arch/openmpi/lib:$arch/pmix2/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1 OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_mca_base_component_show_load_errors=0
mpirun="mpirun --oversubscribe --allow-run-as-root --bind-to none"
status=0
nvidia-smi -L

echo "== 1. device choice and streams bound to devices"
t=$d/device-streams
check() { # name, expected pattern, command...
  local name=$1 pattern=$2; shift 2
  local log; log=$("$@" 2>&1); local rc=$?
  if echo "$log" | grep -qE "$pattern"; then echo "PASS $name (exit $rc)"; else
    echo "FAIL $name (exit $rc):"; echo "$log"; status=1; fi
}
check "streams on every device" "^results: exact" "$t"
check "HPP_DEVICE=0" "using CUDA device 0 \(HPP_DEVICE\)" env HPP_DEVICE=0 HPP_DEVICE_VERBOSE=1 "$t"
check "HPP_DEVICE=64 refused" "^hpp: error: HPP_DEVICE=64 but [0-9]+ CUDA device" env HPP_DEVICE=64 "$t"
check "sharing warned once" "^hpp: warning: more ranks per node than devices: 64 ranks" \
  env OMPI_COMM_WORLD_LOCAL_RANK=0 OMPI_COMM_WORLD_LOCAL_SIZE=64 "$t"
check "bad mapping refused" "HPP_MAP_DEVICE_BY='socket' is not a mapping" env HPP_MAP_DEVICE_BY=socket "$t"

echo "== 2. heat equation, small grid: 1 and 2 ranks, serial reference"
$mpirun -np 1 "$d/heat" 512 512 100 > /tmp/h1.out 2> /tmp/h1.err
$mpirun -np 2 -x HPP_DEVICE_VERBOSE=1 "$d/heat" 512 512 100 > /tmp/h2.out 2> /tmp/h2.err
cat /tmp/h1.out /tmp/h1.err /tmp/h2.out /tmp/h2.err
s1=$(grep checksum /tmp/h1.out) s2=$(grep checksum /tmp/h2.out) ss=$(grep checksum "$d/serial.out")
if [ -n "$s1" ] && [ "$s1" = "$s2" ]; then echo "PASS 1 rank = 2 ranks ($s1; serial: $ss)"; else
  echo "FAIL 1 rank '$s1' vs 2 ranks '$s2' (serial: $ss)"; status=1; fi

echo "== 3. a device that does not exist under mpirun: an error, no hang"
timeout 60 $mpirun -np 2 -x HPP_DEVICE=64 "$d/heat" 64 64 4 > /tmp/h3.out 2>&1
rc=$?
if [ "$rc" != 0 ] && [ "$rc" != 124 ] && grep -q "hpp: error: HPP_DEVICE=64" /tmp/h3.out; then
  echo "PASS refused with exit $rc: $(grep -m1 'hpp: error' /tmp/h3.out)"; else
  echo "FAIL (exit $rc)"; cat /tmp/h3.out; status=1; fi

echo "== 4. scaling, $size^2 per GPU-rank, $steps steps"
echo "-- strong: $size x $size in all"
$mpirun -np 1 "$d/heat" "$size" "$size" "$steps" 2>/dev/null
$mpirun -np 2 "$d/heat" "$size" "$size" "$steps" 2>/dev/null
echo "-- weak: $size x $size per rank"
$mpirun -np 2 "$d/heat" "$size" $((2 * size)) "$steps" 2>/dev/null
exit $status
