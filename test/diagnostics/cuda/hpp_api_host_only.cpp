// hpp's host-only API in a GPU region is refused at the user's call, with
// a message about hpp, never one telling the user to mark hpp's header
// HPP_FUNCTION (nor one about what the API calls inside hpp's headers).
// The same file translates for OpenMP.
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -ferror-limit=0 -Xclang -verify
// RUN: %hppc translate --backend=hip %s -o %t.hip -- -ferror-limit=0 -Xclang -verify
// RUN: %hppc translate --backend=openmp %s -o %t.cpp

#include <hpp/hpp.hpp>

void refused(int n, double* out) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    // expected-error@+1 {{'hpp::concurrency' is host-only hpp API and cannot be called from a}}
    out[i] = hpp::concurrency();
  }
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    // expected-error@+1 {{'hpp::alloc' is host-only hpp API and cannot be called from a}}
    double* p = hpp::alloc<double>(4);
    out[i] = p != nullptr;
  }
}
