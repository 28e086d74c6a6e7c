// Directives that need an enclosing team loop, and pragmas outside any
// function or with no statement (or a declaration) to apply to.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify

// expected-error@+1 {{'#pragma hpp parallel' must be inside a function body}}
#pragma hpp parallel
void notInside(int N, double *A);

// expected-error@+1 {{'#pragma hpp barrier' must be inside a function body}}
#pragma hpp barrier

struct S {
  // expected-error@+1 {{'#pragma hpp scratch' must be inside a function body}}
#pragma hpp scratch
  double Member[4];
};

void outsideTeam(int N, double *A) {
  // expected-error@+1 {{'#pragma hpp barrier' must be inside a team loop}}
#pragma hpp barrier

  // expected-error@+1 {{'#pragma hpp single' must be inside a team loop}}
#pragma hpp single
  A[0] = 1;

  // expected-error@+1 {{'#pragma hpp scratch' must be inside a team loop}}
#pragma hpp scratch
  double T[16];
  T[0] = 0;

  // A flat loop is not a team loop.
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{'#pragma hpp barrier' must be inside a team loop}}
#pragma hpp barrier
    A[I] = 0;
  }

#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{'#pragma hpp single' must be inside a team loop}}
#pragma hpp single
    A[I] = 0;
  }

#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{'#pragma hpp scratch' must be inside a team loop}}
#pragma hpp scratch
    double U[16];
    U[0] = 0;
    A[I] = U[0];
  }
}

void teamLevelOnly(int N, double *A) {
  // Barriers and scratch belong at team level, not inside a thread loop.
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-note@+1 {{for the loop annotated by '#pragma hpp thread' here}}
#pragma hpp thread
    for (int J = 0; J < N; ++J) {
      // expected-error@+1 {{'#pragma hpp barrier' must be at team level, not inside a 'thread' loop}}
#pragma hpp barrier
      A[I * N + J] = 0;
    }
  }

#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-note@+1 {{for the loop annotated by '#pragma hpp thread' here}}
#pragma hpp thread
    for (int J = 0; J < N; ++J) {
      // expected-error@+1 {{'#pragma hpp scratch' must be at team level, not inside a 'thread' loop}}
#pragma hpp scratch per(thread)
      double V[8];
      V[0] = 0;
      A[I * N + J] = V[0];
    }
  }
}

void noStatement(int N, double *A) {
  {
    A[0] = 0;
    // expected-error@+1 {{'#pragma hpp parallel' must be followed by a statement}}
#pragma hpp parallel
  }
}

void singleDeclaration(int N, double *Out) {
#pragma hpp team
  for (int E = 0; E < N; ++E) {
#pragma hpp single
    // expected-error@+1 {{'#pragma hpp single' cannot apply to a declaration}}
    double V = Out[E];
    Out[E] = V;
  }
}

// Conditional directives and skipped branches may stand between a pragma
// and its statement (test/exec/pragma_in_conditional.cpp); other
// directives and code may not.
#define HPP_TEST_ON 1
void directivesBetween(int N, double *A) {
  // expected-error@+1 {{'#pragma hpp parallel' must be followed by a statement}}
#pragma hpp parallel
#define HPP_TEST_OTHER 2
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  {
    // expected-error@+1 {{'#pragma hpp parallel' must be followed by a statement}}
#pragma hpp parallel
#if HPP_TEST_ON
  }
  {
#endif
    for (int I = 0; I < N; ++I)
      A[I] = 0;
  }

#ifndef HPP_TEST_ON
  A[0] = 1;
#elif HPP_TEST_ON
#pragma hpp parallel
#else
#error skipped
#endif
  for (int I = 0; I < N; ++I)
    A[I] = 0;
}
