// Analysis errors inside lowered lambdas are reported at the user's lines:
// a captured scalar written in a parallel_for body is a race at the write,
// at every level; a reduction result that is fine is not reported.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

double races(int n, double *x) {
  double sum = 0;
  // expected-note@* {{for the loop annotated by '#pragma hpp parallel' here}}
  hpp::parallel_for(n, [&](int i) {
    x[i] = 2;
    // expected-error@+1 {{'sum' is declared outside the parallel loop and written inside it; name it in a reduction clause or update it with '#pragma hpp atomic'}}
    sum += x[i];
  });

  int last = 0;
  // expected-note@* {{for the loop annotated by '#pragma hpp}}
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), [=, &last](const hpp::TeamMember &t) {
    hpp::parallel_for(hpp::TeamThreadRange(t, n), [&](int j) {
      x[j] = t.league_rank();
      // expected-error@+1 {{'last' is declared outside the parallel loop and written inside it}}
      last = j;
    });
  });

  int count = 0;
  // expected-note@* {{for the loop annotated by '#pragma hpp parallel' here}}
  hpp::parallel_for(hpp::MDRangePolicy<2>({0, 0}, {n, n}), [&](int i, int j) {
    // expected-error@+1 {{'count' is declared outside the parallel loop and written inside it}}
    ++count;
    x[i * n + j] = 0;
  });

  double ok = 0;
  hpp::parallel_reduce(n, [=](int i, double &a) { a += x[i]; }, ok);
  return sum + last + count + ok;
}
