#!/usr/bin/env bash
# Builds the team-result-shape benchmark (main.cu: yAx by hand in the
# launch shapes a team region with a reduction could take) into
# .device-carry/bench-team-result/hpp_team_result_shape. On the device:
#   .device-carry/bench-team-result/hpp_team_result_shape [reps]
exec "$(dirname "$0")/../build-bench.sh" team_result_shape bench-team-result hpp_team_result_shape -Xptxas -v
