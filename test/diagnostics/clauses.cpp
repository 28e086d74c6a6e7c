// Malformed, unknown, misplaced and repeated clauses. Parse errors drop the
// pragma; each is reported at the token where the clause goes wrong.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify

void clauses(int N, double *A, double S, int Idx) {
  // expected-error@+1 {{unknown clause 'bogus' on '#pragma hpp parallel'}}
#pragma hpp parallel bogus
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{unknown clause 'schedule' on '#pragma hpp team'}}
#pragma hpp team schedule(static)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{unknown clause '+' on '#pragma hpp parallel'}}
#pragma hpp parallel + 
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{clause 'per' is not allowed on '#pragma hpp parallel'}}
#pragma hpp parallel per(team)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{clause 'reduction' is not allowed on '#pragma hpp single'}}
#pragma hpp single reduction(+: S)
  S = 1;

  // expected-error@+1 {{clause 'collapse' is not allowed on '#pragma hpp barrier'}}
#pragma hpp barrier collapse(2)

  // expected-error@+1 {{clause 'nowait' is not allowed on '#pragma hpp atomic'}}
#pragma hpp atomic nowait
  S += 1;

  // expected-error@+1 {{clause 'level' is not allowed on '#pragma hpp team'}}
#pragma hpp team level(1)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{clause 'inclusive' is not allowed on '#pragma hpp parallel'}}
#pragma hpp parallel inclusive(S)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{clause 'collapse' appears more than once}}
#pragma hpp parallel collapse(1) collapse(1)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{clause 'name' appears more than once}}
#pragma hpp parallel name("a"), name("b")
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{expected '(' after 'collapse'}}
#pragma hpp parallel collapse 2
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{expected '(' after 'league'}}
#pragma hpp team league
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{expected '(' after 'reduction'}}
#pragma hpp parallel reduction +: S
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{expected ')' to close clause 'league'}}
#pragma hpp team league(N
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{expected ')' to close clause 'team_size'}}
#pragma hpp team team_size((N + 1)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{expected ')' to close clause 'league'}}
#pragma hpp team league(A[0)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{expected ')' to close clause 'reduction'}}
#pragma hpp parallel reduction(+: S
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{expected an expression in clause 'league'}}
#pragma hpp team league()
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{expected an expression in clause 'tile'}}
#pragma hpp parallel collapse(2) tile(4,)
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < N; ++J)
      A[I] = 0;

  // expected-error@+1 {{expected a string literal in clause 'name'}}
#pragma hpp parallel name(kernel)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{expected a variable name in clause 'inclusive'}}
#pragma hpp scan inclusive(S + 1)

  // expected-error@+1 {{expected a variable name in clause 'reduction'}}
#pragma hpp parallel reduction(+: A[0])
  for (int I = 0; I < N; ++I)
    A[0] += A[I];

  // expected-error@+1 {{expected a variable name in clause 'reduction'}}
#pragma hpp parallel reduction(+: S,)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{clause 'league' takes 1 argument}}
#pragma hpp team league(N, 2)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{clause 'per' takes 1 argument}}
#pragma hpp single per(team, thread)
  S = 1;

  // expected-error@+1 {{unknown reduction operator 'sum'}}
#pragma hpp parallel reduction(sum: S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{unknown reduction operator '-'}}
#pragma hpp parallel reduction(-: S)
  for (int I = 0; I < N; ++I)
    S -= A[I];

  // expected-error@+1 {{expected ':' after the reduction operator}}
#pragma hpp parallel reduction(+ S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{'minloc' takes a value and an index variable: 'minloc: value, index'}}
#pragma hpp parallel reduction(minloc: S)
  for (int I = 0; I < N; ++I)
    S = A[I];

  // expected-error@+1 {{'maxloc' takes a value and an index variable: 'maxloc: value, index'}}
#pragma hpp parallel reduction(maxloc: S, Idx, N)
  for (int I = 0; I < N; ++I)
    S = A[I];

  // expected-error@+1 {{expected '(' after 'user'}}
#pragma hpp parallel reduction(user: S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{'user' takes a join and an init function, 'user(join, init)', or one reducer object, 'user(reducer)'}}
#pragma hpp parallel reduction(user(): S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{'user' takes a join and an init function, 'user(join, init)', or one reducer object, 'user(reducer)'}}
#pragma hpp parallel reduction(user(join, init, other): S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{expected a name in 'user(...)': a function, or a variable that holds the reducer}}
#pragma hpp parallel reduction(user(join + 1, init): S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{expected a name in 'user(...)': a function, or a variable that holds the reducer}}
#pragma hpp parallel reduction(user(join, ): S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{expected a name in 'user(...)': a function, or a variable that holds the reducer}}
#pragma hpp parallel reduction(user(ns::, init): S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{expected a name in 'user(...)': a function, or a variable that holds the reducer}}
#pragma hpp parallel reduction(user(join<double>, init): S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{expected a name in 'user(...)': a function, or a variable that holds the reducer}}
#pragma hpp parallel reduction(user(Reducer{}): S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{expected a name in 'user(...)': a function, or a variable that holds the reducer}}
#pragma hpp parallel reduction(user(join, init: S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{expected ')' to close clause 'user'}}
#pragma hpp parallel reduction(user(join, init
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{expected ':' after the reduction operator}}
#pragma hpp parallel reduction(user(join, init) S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{'inscan' cannot be used with a 'user' reduction: scans combine with the built-in operators}}
#pragma hpp parallel reduction(inscan, user(join, init): S)
  for (int I = 0; I < N; ++I)
    S += A[I];

  // expected-error@+1 {{'collapse' must be a positive integer constant}}
#pragma hpp parallel collapse(0)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{'collapse' must be a positive integer constant}}
#pragma hpp parallel collapse(N)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{'collapse' must be a positive integer constant}}
#pragma hpp parallel collapse(-1)
  for (int I = 0; I < N; ++I)
    A[I] = 0;
}

void scratchClauses(int N, double *A) {
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{invalid argument '2' to clause 'level'; expected 0 or 1}}
#pragma hpp scratch level(2)
    double T0[32];
    // expected-error@+1 {{invalid argument 'block' to clause 'per'; expected 'team' or 'thread'}}
#pragma hpp scratch per(block)
    double T1[32];
    // expected-error@+1 {{invalid argument '0' to clause 'per'; expected 'team' or 'thread'}}
#pragma hpp scratch per(0)
    double T2[32];
    // expected-error@+1 {{clause 'level' takes 1 argument}}
#pragma hpp scratch level(0, 1)
    double T3[32];
    // expected-error@+1 {{clause 'per' appears more than once}}
#pragma hpp scratch per(team) per(thread)
    double T4[32];
    A[I] = 0;
  }
}

void inscanComma(int N, const long *In, long *Out) {
  long S = 0;
  // expected-error@+1 {{expected ',' after 'inscan'}}
#pragma hpp parallel reduction(inscan +: S)
  for (int I = 0; I < N; ++I) {
    S += In[I];
    Out[I] = S;
  }
}
