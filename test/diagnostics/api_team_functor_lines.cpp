// A team functor's operator() body is analysed where it is launched (its
// copy in the team loop), and reported at the class's lines: the race on
// 'local' at its write in the class, with the note at the nested call.
// (-verify matches the lines of the rewritten buffer, so this checks the
// printed locations instead.)
// RUN: not %hppc translate --backend=openmp %s -o %t.out 2>&1 | %FileCheck %s
#include <hpp/hpp.hpp>

struct Counter {
  int *hits;
  void operator()(const hpp::TeamMember &t) const {
    int local = 0;
    hpp::parallel_for(hpp::TeamThreadRange(t, 8), [&](int j) {
      local += j;
    });
    hits[t.league_rank()] = local;
  }
};

void launch(int n, int *hits) {
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), Counter{hits});
}

// The lines shown are the class's own text, not the copy's; the note
// points at the nested call (the copy's line there is a pragma hppc wrote).
// CHECK: api_team_functor_lines.cpp:14:13: error: 'local' is declared outside the parallel loop and written inside it
// CHECK-NEXT: {{^}}   14 |       local += j;
// CHECK-NEXT: {{^}}      |             ^
// CHECK: api_team_functor_lines.cpp:13:5: note: for the loop annotated by '#pragma hpp thread' here
// CHECK-NEXT: {{^}}   13 |     hpp::parallel_for(hpp::TeamThreadRange(t, 8), [&](int j) {
// CHECK-NEXT: {{^}}      |     ^
// CHECK: 1 error generated.
