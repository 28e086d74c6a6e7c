// Clause expressions are parsed in the scope of the annotated loop: a bad
// argument is an error at the argument, on every backend, and no file is
// written.
// RUN: %hppc translate --backend=openmp %s -o %t.omp.cpp -- -ferror-limit=0 -Xclang -verify
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -ferror-limit=0 -Xclang -verify
// RUN: not test -e %t.omp.cpp
// RUN: not test -e %t.cu

#include <hpp/hpp.hpp>

enum class Scoped { Four = 4 };

void bad(int n, double *a, const char *label) {
  // expected-error@+2 {{use of undeclared identifier 'teams'}}
  // expected-note@+1 {{in the argument of clause 'league', evaluated on the host before the region}}
#pragma hpp team league(teams)
  for (int i = 0; i < n; ++i) a[i] = 0;

  // expected-error@+2 {{argument of clause 'team_size' must have integer type, not 'const char *'}}
  // expected-note@+1 {{in the argument of clause 'team_size'}}
#pragma hpp team team_size(label)
  for (int i = 0; i < n; ++i) a[i] = 0;

  // expected-error@+2 {{argument of clause 'team_size' must have integer type, not 'const char[3]'}}
  // expected-note@+1 {{in the argument of clause 'team_size'}}
#pragma hpp team team_size("64")
  for (int i = 0; i < n; ++i) a[i] = 0;

  // expected-error@+2 {{argument of clause 'vector_length' must have integer type, not 'Scoped'}}
  // expected-note@+1 {{in the argument of clause 'vector_length'}}
#pragma hpp team vector_length(Scoped::Four)
  for (int i = 0; i < n; ++i) a[i] = 0;

  // expected-error@+2 {{argument of clause 'vector_length' is 48; expected a power of two}}
  // expected-note@+1 {{in the argument of clause 'vector_length'}}
#pragma hpp team vector_length(48)
  for (int i = 0; i < n; ++i) a[i] = 0;

  // expected-error@+2 {{argument of clause 'team_size' is 4294967296; expected a positive integer that fits in 'int'}}
  // expected-note@+1 {{in the argument of clause 'team_size'}}
#pragma hpp team team_size(1ULL << 32)
  for (int i = 0; i < n; ++i) a[i] = 0;

  // expected-error@+2 {{argument of clause 'league' is 0; expected a positive integer}}
  // expected-note@+1 {{in the argument of clause 'league'}}
#pragma hpp parallel league(0)
  for (int i = 0; i < n; ++i) a[i] = 0;

  // expected-error@+2 {{argument of clause 'stream' must be convertible to 'hpp::Stream', not 'double *'}}
  // expected-note@+1 {{in the argument of clause 'stream'}}
#pragma hpp team stream(a)
  for (int i = 0; i < n; ++i) a[i] = 0;

  // expected-error@+2 {{argument of clause 'tile' must be an integer constant expression}}
  // expected-note@+1 {{in the argument of clause 'tile'}}
#pragma hpp parallel collapse(2) tile(8, n)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) a[i * n + j] = 0;

  // expected-error@+2 {{expected one expression as the argument of clause 'league'}}
  // expected-note@+1 {{in the argument of clause 'league'}}
#pragma hpp team league(n 2)
  for (int i = 0; i < n; ++i) a[i] = 0;

  // A later loop's own variable is not in scope at an earlier pragma.
  // expected-error@+2 {{use of undeclared identifier 'declared_after'}}
  // expected-note@+1 {{in the argument of clause 'league'}}
#pragma hpp team league(declared_after)
  for (int i = 0; i < n; ++i) a[i] = 0;
  int declared_after = 3;
  (void)declared_after;
}
