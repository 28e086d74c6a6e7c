// map clauses and data directives: syntax, kinds per directive, and items
// that cannot be mapped, each refused at the item.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -ferror-limit=0 -Xclang -verify
#include <vector>

struct Pair { double a, b; };

void syntax(int N, double *A, const double *C, int K, Pair P, std::vector<double> &V,
            const std::vector<double> &CV) {
  // expected-error@+1 {{unknown map kind 'copy'; expected 'to', 'from', 'tofrom' or 'alloc' before ':'}}
#pragma hpp parallel map(copy: A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{map kind 'delete' is not allowed on '#pragma hpp parallel'; use 'to', 'from', 'tofrom' or 'alloc'}}
#pragma hpp parallel map(delete: A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{expected array sections '[lo:len]' after the variable in 'A[0]'}}
#pragma hpp parallel map(to: A[0])
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{mapping pointer 'A' needs the extent of what it points to: write an array section 'A[lo:len]'}}
#pragma hpp parallel map(tofrom: A)
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{'from: C[0:N]' would copy into const data: 'C' is const}}
#pragma hpp parallel map(from: C[0:N])
  for (int I = 0; I < N; ++I)
    A[I] = C[I];

  // expected-error@+1 {{'tofrom: CV' would copy into const data: 'CV' is const}}
#pragma hpp parallel map(tofrom: CV)
  for (int I = 0; I < N; ++I)
    A[I] = CV[I];

  // expected-error@+1 {{array section bound '-1' is negative (-1)}}
#pragma hpp parallel map(to: A[0:-1])
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // expected-error@+1 {{'K' ('int') is passed to a region by value and has nothing to copy; only 'map(to: K)' on a region is allowed, not 'from: K'}}
#pragma hpp parallel map(from: K)
  for (int I = 0; I < N; ++I)
    A[I] = K;

  // expected-error@+1 {{'P[0:1]' is a section of 'Pair', which is neither a pointer, an array nor a std::vector}}
#pragma hpp parallel map(to: P[0:1])
  for (int I = 0; I < N; ++I)
    A[I] = P.a;

  // expected-error@+2 {{use of undeclared identifier 'undeclared_array'}}
  // expected-note@+1 {{in the argument of clause 'map', evaluated on the host before the region}}
#pragma hpp parallel map(to: undeclared_array[0:N])
  for (int I = 0; I < N; ++I)
    A[I] = 0;

  // By value, accepted: scalars and structs need no copy.
#pragma hpp parallel map(to: K, P) map(tofrom: V)
  for (int I = 0; I < N; ++I)
    V[I] = K * P.a;
}

void directives(int N, double *A, double (*M)[8]) {
  // expected-error@+1 {{expected 'data' after 'enter': '#pragma hpp enter data map(...)'}}
#pragma hpp enter map(to: A[0:N])

  // expected-error@+1 {{map kind 'from' is not allowed on '#pragma hpp enter data'; use 'to' or 'alloc'}}
#pragma hpp enter data map(from: A[0:N])

  // expected-error@+1 {{'map' on '#pragma hpp exit data' needs a kind: 'from', 'release' or 'delete' before ':'}}
#pragma hpp exit data map(A[0:N])

  // expected-error@+1 {{'#pragma hpp update' needs a 'host' or 'device' clause}}
#pragma hpp update

  // expected-error@+1 {{'#pragma hpp enter data' needs a 'map' clause}}
#pragma hpp enter data

  // expected-error@+1 {{'M[0:N][1:7]' is not contiguous: every section after the first must cover whole rows, '[0:N]' with N the row's extent}}
#pragma hpp enter data map(to: M[0:N][1:7])

  // Whole rows: one contiguous range.
#pragma hpp enter data map(to: M[0:N][0:8])
#pragma hpp exit data map(release: M[0:N][0:8])

#pragma hpp team
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{'map' belongs on the region's outermost loop or an enclosing '#pragma hpp data'}}
#pragma hpp thread map(to: A[0:N])
    for (int J = 0; J < N; ++J)
      A[J] += I;
  }

#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{'#pragma hpp update' inside a region: data moves between host and device around regions, not inside them}}
#pragma hpp update host(A[0:N])
    A[I] = 1;
  }
}
