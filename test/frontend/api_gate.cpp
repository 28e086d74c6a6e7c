// Whether a file is lowered (parsed once more) is decided by the parallel_*
// front end from identifier tokens (mayCallApi): this file names
// parallel_for and single( only in comments and a string literal, so it is
// parsed once, by the translation's own parse, which reports the pragma
// error as well as the C++ one. The former textual test sent it through the
// lowering's parse first, which ignores hpp pragmas: with the C++ error,
// that parse's diagnostics were the only ones shown, and the pragma error
// was lost.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify

const char *Doc = "hpp::parallel_for(n, body); hpp::single(hpp::PerTeam(t), f);";

void zero(int N, double *A) {
  // expected-error@+1 {{unknown hpp directive 'teams'}}
#pragma hpp teams
  for (int I = 0; I < N; ++I)
    A[I] = 0;
  undeclared(); // expected-error {{use of undeclared identifier 'undeclared'}}
}
