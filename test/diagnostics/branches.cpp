// break, return, goto and throw that leave a parallel loop; and the same
// statements when they stay inside it, which are fine.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify

double leave(int N, double *A) {
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    if (A[I] < 0)
      // expected-error@+1 {{'break' cannot leave a parallel loop}}
      break;
    A[I] = 1;
  }

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    if (A[I] < 0)
      // expected-error@+1 {{'return' cannot leave a parallel loop}}
      return A[I];
    A[I] = 1;
  }

  // expected-note@+1 {{for the loop annotated by '#pragma hpp team' here}}
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    if (A[I] < 0)
      // expected-error@+1 {{'goto' cannot leave a parallel loop}}
      goto done;
    A[I] = 1;
  }

  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    if (A[I] < 0)
      // expected-error@+1 {{'throw' cannot leave a parallel loop}}
      throw I;
    A[I] = 1;
  }

  // A break in a switch that is itself inside a nested loop still leaves
  // nothing, but a break directly in the parallel loop's body does.
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    for (int J = 0; J < 4; ++J)
      if (A[J] > 0)
        break;
    if (A[I] > 2)
      // expected-error@+1 {{'break' cannot leave a parallel loop}}
      break;
  }

  // A return inside an inner loop still leaves the parallel loop.
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    for (int J = 0; J < 4; ++J)
      if (A[J] > 0)
        // expected-error@+1 {{'return' cannot leave a parallel loop}}
        return 0;
  }

  // Inner levels are parallel loops too.
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-note@+1 {{for the loop annotated by '#pragma hpp thread' here}}
#pragma hpp thread
    for (int J = 0; J < 8; ++J) {
      if (A[J] < 0)
        // expected-error@+1 {{'break' cannot leave a parallel loop}}
        break;
      A[I * 8 + J] = 0;
    }
  }
done:
  return 0;
}

double stay(int N, double *A) {
  // Inner loops and switches own their breaks; a throw caught inside the
  // body and a goto to a label in the body stay in the loop. (A return in
  // a lambda: see branches_lambda_return.cpp.)
#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    for (int J = 0; J < 4; ++J)
      if (A[J] > 0)
        break;
    int K = 0;
    while (true) {
      if (++K > 3)
        break;
    }
    do {
      break;
    } while (true);
    switch (I % 3) {
    case 0:
      A[I] = 0;
      break;
    default:
      A[I] = 1;
      break;
    }
    try {
      if (A[I] < 0)
        throw I;
    } catch (int) {
      A[I] = 0;
    }
    if (A[I] > 10)
      goto skip;
    A[I] += 1;
  skip:
    A[I] *= 2;
  }
  return A[0];
}
