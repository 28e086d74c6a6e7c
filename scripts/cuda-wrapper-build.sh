#!/usr/bin/env bash
# Builds here (no GPU needed) what scripts/device/run-cuda-wrapper.sh runs
# on a GPU machine, into .device-carry/wrapper/:
#   vectors     examples/cmake built by hppc++ for CUDA: main.cpp is plain
#               C++ compiled by the host compiler, saxpy.cpp and norms.cpp
#               are translated (one runtime per program: main's hpp::alloc
#               must give device-accessible memory)
#   serial.out  the same project built serially, run here
#   uncaught    test/runtime/cuda_uncaught_error.cpp: a launch error nobody
#               catches
#   stream-error test/runtime/cuda_stream_error.cpp: a nowait kernel's fault
#               reported by its stream's fence
#   pageable    test/runtime/cuda_pageable_release.cpp, built with -DNDEBUG:
#               pageable memory named at the launch of a release build
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
BUILD=${BUILD:-build}
out=.device-carry/wrapper
rm -rf "$out" && mkdir -p "$out"
src=examples/cmake
flags=(-O2 -std=c++17 -I"$src" -I"$BUILD/include")
export HPP_BACKEND=cuda
for f in main saxpy norms; do
  "$BUILD/bin/hppc++" "${flags[@]}" -c "$src/$f.cpp" -o "$out/$f.o"
done
"$BUILD/bin/hppc++" "$out/main.o" "$out/saxpy.o" "$out/norms.o" -o "$out/vectors"
rm -f "$out"/*.o
clang++-19 "${flags[@]}" -Wno-unknown-pragmas "$src"/{main,saxpy,norms}.cpp -o "$out/serial"
"$out/serial" > "$out/serial.out" && rm "$out/serial"
for prog in uncaught:cuda_uncaught_error stream-error:cuda_stream_error \
            pageable:cuda_pageable_release; do
  name=${prog%%:*} src=test/runtime/${prog#*:}.cpp
  release=()
  [ "$name" = pageable ] && release=(-DNDEBUG)
  "$BUILD/bin/hppc" translate --backend=cuda "$src" -o "$out/$name.cu"
  /usr/local/cuda/bin/nvcc -arch=sm_90 "${release[@]}" $("$BUILD/bin/hppc" config --backend=cuda --cflags) -x cu \
    "$out/$name.cu" -o "$out/$name" $("$BUILD/bin/hppc" config --backend=cuda --libs)
  rm "$out/$name.cu"
done
echo "built $out"
