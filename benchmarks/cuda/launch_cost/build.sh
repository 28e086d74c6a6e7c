#!/usr/bin/env bash
# Builds the launch-cost benchmark (main.cu + launch_hpp.cpp translated by
# hppc) into .device-carry/bench-launch/hpp_launch_cost. On the device:
#   .device-carry/bench-launch/hpp_launch_cost [calls per round]
exec "$(dirname "$0")/../build-bench.sh" launch_cost bench-launch hpp_launch_cost
