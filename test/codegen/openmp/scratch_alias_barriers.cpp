// Scratch reached through a pointer (the API's team_scratch(l).get<T>(n), or
// `double *s = tile;`) is tracked like the array: without the barrier at
// the end of a team's iteration, a block running its next team overwrites
// what slower threads still read (a race seen on an H200).
// RUN: %hppc translate --backend=openmp %s -o /dev/null --report | %FileCheck %s
#include <hpp/hpp.hpp>

void api(int E, int QP, const double *d, double *out) {
  hpp::parallel_for("api",
      hpp::TeamPolicy(E, hpp::AUTO).set_scratch_size(0, hpp::PerTeam(hpp::scratch_bytes<double>(QP))),
      [=](const hpp::TeamMember &t) {
        const int e = t.league_rank();
        double *s = t.team_scratch(0).get<double>(QP);
        hpp::parallel_for(hpp::TeamVectorRange(t, QP), [&](int q) { s[q] = d[e * QP + q]; });
        t.team_barrier();
        hpp::parallel_for(hpp::TeamThreadRange(t, QP), [&](int v) { out[e * QP + v] = s[QP - 1 - v]; });
      });
}

void alias(int E, int QP, const double *d, double *out) {
  #pragma hpp team name("alias")
  for (int e = 0; e < E; ++e) {
    #pragma hpp scratch
    double tile[QP];
    double *s = tile;
    #pragma hpp thread vector
    for (int q = 0; q < QP; ++q)
      s[q] = d[e * QP + q];
    #pragma hpp thread
    for (int v = 0; v < QP; ++v)
      out[e * QP + v] = s[QP - 1 - v];
  }
}

// CHECK: region 'api' (team loop)
// CHECK: barrier (explicit)
// CHECK: barrier inserted: 's' read at line 16 is written at line 14 by the team's next iteration
// CHECK: barriers inserted: 1
// CHECK: region 'alias' (team loop)
// CHECK: barrier inserted: 's' written at line 28 is read at line 31
// CHECK: barrier inserted: 's' read at line 31 is written at line 28 by the team's next iteration
// CHECK: barriers inserted: 2
