// '_Pragma' on a '#pragma hpp' line, or a macro that may expand to it, is
// refused before the line is macro-expanded. The first pragma is the pragma fuzzer's crash (fuzz/):
// Clang 19 recovers from the malformed '_Pragma(' by reading past the end of
// the line, and hppc lexed on past the end of the file.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify
// RUN: %hppc translate --backend=cuda %s -o %t.out -- -Xclang -verify

#define NESTED _Pragma("hpp parallel name(_Pragma(\"x\"))")
// expected-warning@+1 {{missing terminating '"' character}}
#define BAD _Pragma("x
#define INDIRECT (BAD)

void f(int n, double *a, double s) {
  // expected-error@+2 {{'_Pragma' inside '#pragma hpp' is not supported}}
  // expected-warning@+1 {{missing terminating '"' character}}
#pragma hpp atomiac _Pragma("hpp nowaiatt
  for (int i = 0; i < n; ++i)
    a[i] = s;

  // expected-error@+1 {{'_Pragma' inside '#pragma hpp' is not supported}}
#pragma hpp parallel name(_Pragma("hpp single"))
  for (int i = 0; i < n; ++i)
    a[i] = s;

  // expected-error@+1 {{'_Pragma' inside '#pragma hpp' is not supported}}
  NESTED
  for (int i = 0; i < n; ++i)
    a[i] = s;

  // expected-error@+1 {{'_Pragma' inside '#pragma hpp' is not supported}}
#pragma hpp parallel league(INDIRECT)
  for (int i = 0; i < n; ++i)
    a[i] = s;

  // Other macros still expand on the line: the clause is checked.
  // expected-error@+1 {{clause 'league' is not allowed on '#pragma hpp atomic'}}
#pragma hpp atomic league(N)
  a[0] += s;
}
