// parallel_* calls in included files are not rewritten: they run serially,
// and hppc says so rather than leaving it silent.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify

// expected-warning@Inputs/api_lib.h:3 {{call in an included file is not translated; it runs serially}}
#include "Inputs/api_lib.h"

void run(int n, double *x) { fillIota(n, x); }
