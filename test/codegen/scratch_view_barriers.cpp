// A local View over scratch is followed to its array as a pointer is: a
// copy of it, its data(), a reference to it and a view assigned from it
// reach the same array, and an access through any of them is an access of
// the array. Reading an element is a read (the view's operator() receives
// the view but writes nothing); building a view reads nothing. A view that
// the team body did not declare cannot point into scratch, so passing one
// to a function is no access of it.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp --report | %FileCheck %s --check-prefix=REPORT
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefix=REPORT
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <hpp/hpp.hpp>

using Vec = hpp::View<double, 1>;

HPP_INLINE_FUNCTION double at(const hpp::View<const double, 2> &a, int e, int i) { return a(e, i); }

void handles(int E, int n, hpp::View<const double, 2> a, hpp::View<double, 2> out) {
  hpp::parallel_for("handles", hpp::TeamPolicy(E, hpp::AUTO), [=](const hpp::TeamMember &t) {
    const int e = t.league_rank();
    Vec w(t.team_scratch(0), n);
    Vec copy = w;
    const Vec &ref = w;
    double *p = w.data();
    Vec later;
    later = w;
    hpp::parallel_for(hpp::TeamThreadRange(t, n), [&](int i) { copy(i) = at(a, e, i); });
    hpp::parallel_for(hpp::TeamThreadRange(t, n), [&](int i) { out(e, i) = ref(n - 1 - i); });
    hpp::parallel_for(hpp::TeamThreadRange(t, n), [&](int i) { p[i] = 2 * out(e, i); });
    hpp::parallel_for(hpp::TeamThreadRange(t, n), [&](int i) { out(e, i) += later[n - 1 - i]; });
  });
}

void reads(int E, int n, hpp::View<const double, 2> a, hpp::View<double, 2> out) {
  hpp::parallel_for("reads", hpp::TeamPolicy(E, hpp::AUTO), [=](const hpp::TeamMember &t) {
    const int e = t.league_rank();
    Vec w(t.team_scratch(0), n);
    hpp::parallel_for(hpp::TeamThreadRange(t, n), [&](int i) { w(i) = at(a, e, i); });
    t.team_barrier();
    hpp::parallel_for(hpp::TeamThreadRange(t, n), [&](int i) { out(e, i) = w(n - 1 - i); });
    hpp::parallel_for(hpp::TeamThreadRange(t, n), [&](int i) { out(e, i) += w.data()[i] + w.extent(0); });
    t.team_barrier();
  });
}

void pragmas(int E, const double *in, double *out) {
  #pragma hpp team name("pragmas")
  for (int e = 0; e < E; ++e) {
    #pragma hpp scratch
    double tile[32];
    Vec v(tile, 32);
    #pragma hpp thread
    for (int i = 0; i < 32; ++i)
      v(i) = in[e * 32 + i];
    #pragma hpp thread
    for (int i = 0; i < 32; ++i)
      out[e * 32 + i] = tile[31 - i];
  }
}

// REPORT: region 'handles' (team loop)
// REPORT: line 27: barrier inserted: 'hpp_w_scratch[[W:[0-9]+]]' written at line 26 is read at line 27
// REPORT-NEXT: line 28: barrier inserted: 'hpp_w_scratch[[W]]' read at line 27 is written at line 28
// REPORT-NEXT: line 29: barrier inserted: 'hpp_w_scratch[[W]]' written at line 28 is read at line 29
// REPORT-NEXT: line 30: barrier inserted: 'hpp_w_scratch[[W]]' read at line 29 is written at line 26 by the team's next iteration
// REPORT-NEXT: barriers inserted: 4
// REPORT: region 'reads' (team loop)
// REPORT: line 38: barrier (explicit)
// REPORT: line 41: barrier (explicit)
// REPORT-NEXT: barriers inserted: 0
// REPORT: region 'pragmas' (team loop)
// REPORT: line 54: barrier inserted: 'tile' written at line 53 is read at line 56
// REPORT-NEXT: line 57: barrier inserted: 'tile' read at line 56 is written at line 53 by the team's next iteration
// REPORT-NEXT: barriers inserted: 2
