#!/usr/bin/env bash
# Builds hpp (configuring it first if scripts/setup.sh has not) and runs the
# whole test suite: lit + FileCheck translation tests, -verify diagnostics,
# execution tests against the serial build, and the unit tests of the
# runtime and of the translator (unittests/).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${HPP_BUILD_DIR:-$root/build}
[ -f "$build/build.ninja" ] || "$root/scripts/setup.sh" --no-example
cmake --build "$build" --target check-hpp
