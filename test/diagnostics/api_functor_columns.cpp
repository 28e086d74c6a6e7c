// Diagnostics in a functor body copied to its launch show the class's own
// line and the column of the diagnosed token in it, although the copy
// reads members through the functor's copy (`hpp_functor0.scale`, 13
// characters more before the token) and has a pragma where the user wrote
// the nested call. The same from the Clang plugin, whose compiler prints
// the line from the file.
// RUN: not %hppc translate --backend=openmp %s -o %t.out 2>&1 | %FileCheck %s
// RUN: not %clangxx -std=c++17 -fsyntax-only %s -I%hpp_include -fplugin=%hpp_plugin \
// RUN:   -fplugin-arg-hpp-backend=openmp -fplugin-arg-hpp-out=%t.plugin.cpp 2>&1 | %FileCheck %s
#include <hpp/hpp.hpp>

struct Step {
  double scale;
  double *out;
  void operator()(const hpp::TeamMember &t) const {
    double partial = 0;
    hpp::parallel_for(hpp::TeamThreadRange(t, 8), [&](int j) {
      if (scale > 0) partial += j * scale;
    });
    out[t.league_rank()] = partial;
  }
};

void run(int n, double *out) {
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), Step{2.0, out});
}

// CHECK: api_functor_columns.cpp:18:30: error: 'partial' is declared outside the parallel loop and written inside it
// CHECK-NEXT: {{^}}   18 |       if (scale > 0) partial += j * scale;
// CHECK-NEXT: {{^}}      |                              ^
// CHECK: api_functor_columns.cpp:17:5: note: for the loop annotated by '#pragma hpp thread' here
// CHECK-NEXT: {{^}}   17 |     hpp::parallel_for(hpp::TeamThreadRange(t, 8), [&](int j) {
// CHECK-NEXT: {{^}}      |     ^
