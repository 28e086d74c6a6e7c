#!/usr/bin/env bash
# Build-integration benchmarks (see run.py): prints one table.
exec python3 "$(dirname "$0")/run.py" "$@"
