// Every directive and clause of SPEC §3 that this version translates parses
// and lands in the region model: checked through the text report.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp --report -- -std=c++17 | %FileCheck %s

#include <cmath>

#include <hpp/hpp.hpp>

void all(int n, int m, double *a, const double *b, int *hist, long *out, hpp::Stream s) {
  double sum = 0, prod = 1, lo = 1e300, hi = -1e300, vmin = 1e300, vmax = -1e300;
  int band = ~0, bor = 0, bxor = 0, imin = -1, imax = -1;
  bool all_pos = true, any_neg = false;
  #pragma hpp team thread vector reduction(+: sum) reduction(*: prod) reduction(min: lo) reduction(max: hi) reduction(&: band) reduction(|: bor) reduction(^: bxor) reduction(&&: all_pos) reduction(||: any_neg) reduction(minloc: vmin, imin), reduction(maxloc: vmax, imax) name("flat \"all\"")
  for (int i = 0; i < n; ++i) {
    sum += b[i];
    prod *= 1.0;
    lo = std::fmin(lo, b[i]);
    hi = std::fmax(hi, b[i]);
    band &= i;
    bor |= i;
    bxor ^= i;
    all_pos = all_pos && b[i] > 0;
    any_neg = any_neg || b[i] < 0;
    if (b[i] < vmin) { vmin = b[i]; imin = i; }
    if (b[i] > vmax) { vmax = b[i]; imax = i; }
  }
  #pragma hpp team league(n / 2 + 1) team_size(auto) vector_length(8) stream(s) nowait name("teams")
  for (int e = 0; e < n; ++e) {
    #pragma hpp scratch level(0) per(team)
    double t0[16];
    #pragma hpp scratch level(1) per(thread)
    double t1[m];
    double acc = 0;
    #pragma hpp thread reduction(+: acc)
    for (int j = 0; j < m; ++j) {
      #pragma hpp vector
      for (int k = 0; k < 16; ++k)
        t1[k % m] = k;
      acc += j;
    }
    #pragma hpp thread vector
    for (int k = 0; k < 16; ++k)
      t0[k] = acc;
    #pragma hpp barrier
    #pragma hpp single per(team)
    a[e] = t0[0];
    #pragma hpp single per(thread)
    { double unused = t1[0]; (void)unused; }
    #pragma hpp atomic
    hist[e % 4]++;
  }
  #pragma hpp parallel collapse(2) tile(4, 4)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      a[i * m + j] = 0;
  long run = 0;
  #pragma hpp parallel reduction(inscan, +: run)
  for (int i = 0; i < n; ++i) {
    out[i] = run;
    #pragma hpp scan exclusive(run)
    run += hist[i % 4];
  }
}

struct Pair2 {
  double a = 0, b = 0;
};
void pjoin(Pair2 &x, const Pair2 &y) { x.a += y.a; x.b += y.b; }
void pinit(Pair2 &x) { x = Pair2{}; }
struct PairReducer {
  void join(Pair2 &x, const Pair2 &y) const { pjoin(x, y); }
};

void user(int n, const double *b) {
  Pair2 p, q;
  const PairReducer pr{};
  #pragma hpp parallel reduction(user(pjoin, pinit): p), reduction(user(pr): q)
  for (int i = 0; i < n; ++i) {
    pjoin(p, Pair2{b[i], 1});
    pr.join(q, Pair2{1, b[i]});
  }
}

// CHECK: hppc report: {{.*}}all_clauses.cpp, backend openmp, 5 regions, 0 refused
// CHECK: region 'flat \"all\"' (flat loop)
// CHECK: flat loop over i -> omp parallel, static contiguous chunks
// CHECK-NEXT: reductions: +:sum *:prod min:lo max:hi &:band |:bor ^:bxor &&:all_pos ||:any_neg minloc:vmin,imin maxloc:vmax,imax
// CHECK-NEXT: not read after the region (GPUs do not deliver them): sum prod lo hi band bor bxor all_pos any_neg vmin vmax
// CHECK: region 'teams' (team loop)
// CHECK-NEXT: line 27: team loop over e
// CHECK-NEXT: league: n / 2 + 1
// CHECK-NEXT: vector_length: 8
// CHECK-NEXT: stream: s, nowait
// CHECK-NEXT: line 29: scratch 't0' level 0 per team: 128 bytes
// CHECK-NEXT: line 31: scratch 't1' level 1 per thread: sizeof(double) * (m) bytes
// CHECK-NEXT: line 34: thread loop over j -> sequential loop (one thread per team)
// CHECK-NEXT: reductions: +:acc
// CHECK-NEXT: line 36: vector loop over k -> vectorised where the compiler finds it profitable
// CHECK-NEXT: line 41: team-vector loop over k -> vectorised where the compiler finds it profitable
// CHECK-NEXT: line 44: barrier (explicit)
// CHECK-NEXT: line 45: single per team
// CHECK-NEXT: line 47: single per thread
// CHECK-NEXT: line 49: atomic update of hist[e % 4]
// CHECK: barriers inserted: 1
// CHECK: region '{{.*}}' (flat loop)
// CHECK-NEXT: flat loop over i, j (collapse 2)
// CHECK-NEXT: tile: 4, 4
// CHECK: region '{{.*}}' (flat loop)
// CHECK-NEXT: two-pass scan
// CHECK-NEXT: reductions: inscan +:run
// CHECK-NEXT: not read after the region (GPUs do not deliver them): run
// CHECK-NEXT: scan exclusive
// CHECK: region 'user_L{{[0-9]+}}' (flat loop)
// CHECK-NEXT: flat loop over i
// CHECK-NEXT: reductions: user(pjoin, pinit):p user(pr):q
// CHECK-NEXT: not read after the region (GPUs do not deliver them): p q
