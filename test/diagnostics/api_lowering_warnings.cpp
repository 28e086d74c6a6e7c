// hppc's own warnings about parallel_* calls come from the lowering, whose
// parse is quiet when the file translates; they are shown all the same, at
// the user's line in Clang's format, once each, and the translation is
// written. Clang's own warnings are not repeated by the lowering's parse.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp -- -Wunused-variable 2> %t.err
// RUN: test -s %t.cpp
// RUN: %FileCheck --input-file=%t.err %s --implicit-check-not=warning:
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -Wunused-variable 2> %t.cuda.err
// RUN: test -s %t.cu
// RUN: %FileCheck --input-file=%t.cuda.err %s --implicit-check-not=warning:
// CHECK-DAG: api_lowering_warnings.cpp:[[@LINE+8]]:{{[0-9]+}}: warning: 'team_rank()' is 0 in translated code
// CHECK-DAG: api_lowering_warnings.cpp:[[@LINE+10]]:{{[0-9]+}}: warning: 'team_size()' is 1 in translated code
// CHECK-DAG: api_lowering_warnings.cpp:[[@LINE+11]]:{{[0-9]+}}: warning: unused variable 'unused'
#include <hpp/hpp.hpp>

void spread(int n, double *x, double *y) {
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), [=](const hpp::TeamMember &t) {
    // Runs once per team, as in the serial build.
    x[t.league_rank() + t.team_rank()] = 1;
  });
  hpp::parallel_for(hpp::TeamPolicy(n, 4), [=](const hpp::TeamMember &m) {
    y[m.league_rank()] = m.team_size();
  });
  int unused = 0;
}
