// On CUDA a team-level statement that writes memory runs on the team
// leader only (a thread loop's, on lane 0), behind a guard written around
// its text. A macro expanding to whole statements is guarded as a whole;
// one whose expansion also holds code every thread must run, or a
// statement that starts in one macro and ends in another, cannot be
// guarded: the error names the statement, the note the macro.
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -ferror-limit=0 -Xclang -verify
// RUN: %hppc translate --backend=openmp %s -o %t.cpp

#define LOAD_AND_STORE(i) double v = x[i]; out[i] = v;
#define ROW_BODY { double s = 0; for (int j = 0; j < m; ++j) s += x[t * m + j]; out[t] = s; }
#define HEAD(i) double u = x[i]; out[i]
#define TAIL(v) += v;

void declarationThenStore(int n, int m, const double *x, double *out) {
#pragma hpp team
  for (int t = 0; t < n; ++t) {
#pragma hpp thread
    for (int j = 0; j < m; ++j) {
      // expected-error@+2 {{this statement must run once per thread on CUDA, but it comes from a macro expansion that also produces code every thread runs; hppc cannot put the guard inside it: make the macro expand to whole statements}}
      // expected-note@+1 {{produced by macro 'LOAD_AND_STORE': hppc can edit around a whole macro invocation, not inside what it expands to}}
      LOAD_AND_STORE(t * m + j)
    }
  }
}

void wholeTeamBody(int n, int m, const double *x, double *out) {
#pragma hpp team
  for (int t = 0; t < n; ++t)
    // expected-error@+2 {{this statement must run once per team on CUDA}}
    // expected-note@+1 {{produced by macro 'ROW_BODY'}}
    ROW_BODY
}

void acrossTwoMacros(int n, int m, const double *x, double *out) {
#pragma hpp team
  for (int t = 0; t < n; ++t) {
#pragma hpp thread
    for (int j = 0; j < m; ++j) {
      // expected-error@+2 {{this statement must run once per thread on CUDA}}
      // expected-note@+1 {{produced by macro 'HEAD'}}
      HEAD(t * m + j) TAIL(u)
    }
  }
}

// The HIP backend refuses the same, naming HIP: the expectations with CUDA
// replaced by HIP, checked on a copy (same lines) translated for HIP.
// RUN: sed -e s/CUDA/HIP/g %s > %t.hip.cpp
// RUN: %hppc translate --backend=hip %t.hip.cpp -o %t.hip -- -I%S -ferror-limit=0 -Xclang -verify
