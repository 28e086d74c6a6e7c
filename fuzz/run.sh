#!/usr/bin/env bash
# Builds the fuzz targets (build-fuzz/, instrumented) and runs each for
# MINUTES minutes (default 15) on one process at low priority, from the
# seeds in fuzz/corpus/ with fuzz/hpp.dict; the translation target also
# starts from test files of test/{codegen,diagnostics,frontend} (copied into
# the build tree, not the repository). New inputs go to
# build-fuzz/corpus/TARGET (the seeds stay as they are), crashes to
# build-fuzz/crashes/, the logs to build-fuzz/fuzz-TARGET.log.
# Usage: fuzz/run.sh [MINUTES] [pragma|translate]...
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-fuzz
minutes=${1:-15}
shift || true
if [ $# -gt 0 ]; then targets=("$@"); else targets=(pragma translate); fi

if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DLLVM_DIR=/usr/lib/llvm-19/lib/cmake/llvm \
    -DClang_DIR=/usr/lib/llvm-19/lib/cmake/clang \
    -DHPP_ENABLE_FUZZER=ON -DHPP_ENABLE_TESTS=OFF -DHPP_ENABLE_CUDA=OFF
fi
nice cmake --build "$build" -j2 --target hppc-pragma-fuzzer hppc-translate-fuzzer hppc

mkdir -p "$build/crashes"
for target in "${targets[@]}"; do
  corpus=$build/corpus/$target
  mkdir -p "$corpus"
  seeds=("$root/fuzz/corpus/$target")
  if [ "$target" = translate ]; then
    # The test files that do not include <hpp/hpp.hpp>: parsing the header
    # (libstdc++ behind it) makes an input twenty times slower under ASan.
    rm -rf "$build/seeds/translate"
    mkdir -p "$build/seeds/translate"
    grep -L 'hpp/hpp.hpp' "$root"/test/{codegen,diagnostics,frontend}/*.cpp |
      xargs -I{} cp {} "$build/seeds/translate/"
    seeds+=("$build/seeds/translate")
  fi
  # Translations with <hpp/hpp.hpp> take a second or two under ASan; a
  # minute is a hang.
  nice -n 19 "$build/bin/hppc-$target-fuzzer" "$corpus" "${seeds[@]}" \
    -dict="$root/fuzz/hpp.dict" -max_total_time=$((minutes * 60)) -timeout=60 \
    -max_len=16384 -rss_limit_mb=4096 -report_slow_units=30 -print_final_stats=1 \
    -artifact_prefix="$build/crashes/$target-" 2>&1 | tee "$build/fuzz-$target.log" | grep -E '^#[0-9]+.*(pulse|DONE)|ERROR|Stats|stat::' || true
done
