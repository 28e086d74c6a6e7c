// A scalar declared outside a parallel loop and written inside it, without
// a reduction or an atomic, is a race: the error is at the write, the note
// at the loop's pragma.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify

double Total;
int Counter;

struct Point {
  double X, Y;
};

void races(int N, double *A, int Param) {
  double Sum = 0;
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    // expected-error@+1 {{'Sum' is declared outside the parallel loop and written inside it; name it in a reduction clause or update it with '#pragma hpp atomic'}}
    Sum += A[I];

  double Last = 0;
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    // expected-error@+1 {{'Last' is declared outside the parallel loop and written inside it}}
    Last = A[I];

  // Globals race too.
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    // expected-error@+1 {{'Total' is declared outside the parallel loop and written inside it}}
    Total = Total + A[I];

  // expected-note@+1 {{for the loop annotated by '#pragma hpp team' here}}
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    A[I] = 0;
    // expected-error@+1 {{'Counter' is declared outside the parallel loop and written inside it}}
    Counter++;
  }

  // So do static locals declared inside the loop: there is one of them.
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    static int Calls = 0;
    // expected-error@+1 {{'Calls' is declared outside the parallel loop and written inside it}}
    ++Calls;
    A[I] = Calls;
  }

  // Parameters are variables declared outside.
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    // expected-error@+1 {{'Param' is declared outside the parallel loop and written inside it}}
    Param = I;

  // Every racing write is reported, each with its note.
  double Lo = 0, Hi = 0;
  // expected-note@+1 2 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{'Lo' is declared outside the parallel loop}}
    Lo = A[I];
    // expected-error@+1 {{'Hi' is declared outside the parallel loop}}
    Hi = A[I];
  }

  // A member of a struct variable.
  Point P = {0, 0};
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    // expected-error@+1 {{'P' is declared outside the parallel loop and written inside it}}
    P.X += A[I];

  // A variable declared at team level is outside the thread loop.
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    double Row = 0;
    // expected-note@+1 {{for the loop annotated by '#pragma hpp thread' here}}
#pragma hpp thread
    for (int J = 0; J < N; ++J)
      // expected-error@+1 {{'Row' is declared outside the parallel loop and written inside it}}
      Row += A[I * N + J];
    A[I] = Row;
  }

  // A write through a reference bound outside the loop.
  double &Ref = A[0];
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    // expected-error@+1 {{'Ref' is declared outside the parallel loop and written inside it}}
    Ref = A[I];
}
