// Levels nested out of order, inner levels without a team loop, and launch
// clauses on inner loops.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify

#include <hpp/hpp.hpp>

void nesting(int N, double *A) {
  // Team inside team.
  // expected-note@+1 {{for the loop annotated by '#pragma hpp team' here}}
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{'#pragma hpp team' loop cannot be nested inside a 'team' loop}}
#pragma hpp team
    for (int J = 0; J < N; ++J)
      A[I * N + J] = 0;
  }

  // A flat loop inside a team loop.
  // expected-note@+1 {{for the loop annotated by '#pragma hpp team' here}}
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{'#pragma hpp parallel' loop cannot be nested inside a 'team' loop}}
#pragma hpp parallel
    for (int J = 0; J < N; ++J)
      A[I * N + J] = 0;
  }

  // Vector containing thread.
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-note@+1 {{for the loop annotated by '#pragma hpp vector' here}}
#pragma hpp vector
    for (int J = 0; J < N; ++J) {
      // expected-error@+1 {{'#pragma hpp thread' loop cannot be nested inside a 'vector' loop}}
#pragma hpp thread
      for (int K = 0; K < N; ++K)
        A[(I * N + J) * N + K] = 0;
    }
  }

  // Thread inside thread.
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-note@+1 {{for the loop annotated by '#pragma hpp thread' here}}
#pragma hpp thread
    for (int J = 0; J < N; ++J) {
      // expected-error@+1 {{'#pragma hpp thread' loop cannot be nested inside a 'thread' loop}}
#pragma hpp thread
      for (int K = 0; K < N; ++K)
        A[(I * N + J) * N + K] = 0;
    }
  }

  // Vector inside vector.
#pragma hpp team
  for (int I = 0; I < N; ++I) {
#pragma hpp thread
    for (int J = 0; J < N; ++J) {
      // expected-note@+1 {{for the loop annotated by '#pragma hpp vector' here}}
#pragma hpp vector
      for (int K = 0; K < N; ++K) {
        // expected-error@+1 {{'#pragma hpp vector' loop cannot be nested inside a 'vector' loop}}
#pragma hpp vector
        for (int L = 0; L < N; ++L)
          A[K * N + L] = 0;
      }
    }
  }

  // A team-wide vector loop inside a thread loop.
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-note@+1 {{for the loop annotated by '#pragma hpp thread' here}}
#pragma hpp thread
    for (int J = 0; J < N; ++J) {
      // expected-error@+1 {{'#pragma hpp thread vector' loop cannot be nested inside a 'thread' loop}}
#pragma hpp thread vector
      for (int K = 0; K < N; ++K)
        A[(I * N + J) * N + K] = 0;
    }
  }

  // Nothing nests inside a flat loop.
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{'#pragma hpp vector' loop cannot be nested inside a}}
#pragma hpp vector
    for (int J = 0; J < N; ++J)
      A[I * N + J] = 0;
  }

  // A team loop inside a flat loop written 'team thread vector'.
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp team thread vector
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{'#pragma hpp team' loop cannot be nested inside a}}
#pragma hpp team
    for (int J = 0; J < N; ++J)
      A[I * N + J] = 0;
  }

  // A parallel loop inside a 'single'.
#pragma hpp team
  for (int I = 0; I < N; ++I) {
#pragma hpp single
    {
      // expected-error@+1 {{'#pragma hpp vector' loop cannot be nested inside '#pragma hpp single'}}
#pragma hpp vector
      for (int J = 0; J < N; ++J)
        A[I * N + J] = 0;
    }
  }

  // A per-team single inside a thread loop.
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-note@+1 {{for the loop annotated by '#pragma hpp thread' here}}
#pragma hpp thread
    for (int J = 0; J < N; ++J) {
      // expected-error@+1 {{'#pragma hpp single' must be at team level, not inside a 'thread' loop}}
#pragma hpp single
      A[I * N + J] = 0;
    }
  }
}

void outsideTeam(int N, double *A) {
  // expected-error@+1 {{'#pragma hpp thread' must be inside a team loop}}
#pragma hpp thread
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{'#pragma hpp vector' must be inside a team loop}}
#pragma hpp vector
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{'#pragma hpp thread vector' must be inside a team loop}}
#pragma hpp thread vector
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // An ordinary loop in between does not make a team.
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{'#pragma hpp thread' must be inside a team loop}}
#pragma hpp thread
    for (int J = 0; J < N; ++J)
      A[I * N + J] = 0;
  }
}

void innerClauses(int N, double *A, hpp::Stream S) {
#pragma hpp team league(64) team_size(128) vector_length(8)
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{clause 'league' only applies to a team or flat parallel loop}}
#pragma hpp thread league(4)
    for (int J = 0; J < N; ++J)
      A[I * N + J] = 0;
  }

#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{clause 'team_size' only applies to a team or flat parallel loop}}
#pragma hpp thread team_size(32)
    for (int J = 0; J < N; ++J)
      A[I * N + J] = 0;
  }

#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{clause 'vector_length' only applies to a team or flat parallel loop}}
#pragma hpp vector vector_length(4)
    for (int J = 0; J < N; ++J)
      A[I * N + J] = 0;
  }

#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{clause 'stream' only applies to a team or flat parallel loop}}
#pragma hpp thread stream(S)
    for (int J = 0; J < N; ++J)
      A[I * N + J] = 0;
  }

#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{clause 'nowait' only applies to a team or flat parallel loop}}
#pragma hpp thread nowait
    for (int J = 0; J < N; ++J)
      A[I * N + J] = 0;
  }
}
