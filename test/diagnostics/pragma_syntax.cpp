// Malformed and unknown directives. Each bad pragma is dropped and reported
// where it goes wrong; the file is then not translated.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify

// expected-warning@Inputs/pragma_in_header.h:4 {{hpp pragma in an included file is not translated; the statement runs serially}}
#include "Inputs/pragma_in_header.h"

#define PARALLEL _Pragma("hpp parallel")

void directives(int N, double *A) {
  // expected-error@+1 {{expected an hpp directive after '#pragma hpp'}}
#pragma hpp
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{unknown hpp directive 'teams'}}
#pragma hpp teams
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{unknown hpp directive 'for'}}
#pragma hpp for
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{unknown hpp directive '42'}}
#pragma hpp 42
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{invalid combination of levels 'team team'}}
#pragma hpp team team
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{invalid combination of levels 'thread vector thread'}}
#pragma hpp thread vector thread
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // Level words go outermost first (team, thread, vector); every other
  // order is refused, never read as a flat loop.
  // expected-error@+1 {{level words out of order in 'thread team'; write 'team thread'}}
#pragma hpp thread team
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{level words out of order in 'vector team'; write 'team vector'}}
#pragma hpp vector team
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{level words out of order in 'vector thread'; write 'thread vector'}}
#pragma hpp vector thread
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{level words out of order in 'team vector thread'; write 'team thread vector'}}
#pragma hpp team vector thread
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{level words out of order in 'thread team vector'; write 'team thread vector'}}
#pragma hpp thread team vector
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{level words out of order in 'thread vector team'; write 'team thread vector'}}
#pragma hpp thread vector team
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{level words out of order in 'vector team thread'; write 'team thread vector'}}
#pragma hpp vector team thread
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{level words out of order in 'vector thread team'; write 'team thread vector'}}
#pragma hpp vector thread team
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{'#pragma hpp data' needs a 'map' clause}}
#pragma hpp data
  {
  }

  // expected-error@+1 {{'#pragma hpp scan' needs exactly one 'inclusive' or 'exclusive' clause}}
#pragma hpp scan

  // expected-error@+1 {{'#pragma hpp scan' needs exactly one 'inclusive' or 'exclusive' clause}}
#pragma hpp scan inclusive(N) exclusive(N)

  // expected-error@+1 {{hpp pragmas produced by macro expansion are not supported}}
  PARALLEL
  for (int I = 0; I < N; ++I)
    A[I] = 0;
}
