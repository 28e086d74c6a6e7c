// A parallel_reduce result that is a View must have rank 0: the header
// refuses any other rank when the call is compiled, serially or by hppc,
// rather than filling the whole view with the sum.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -Xclang -verify -Xclang -verify-ignore-unexpected=note
// RUN: %hppc translate --backend=cuda %s -o %t.out -- -Xclang -verify -Xclang -verify-ignore-unexpected=note
#include <hpp/hpp.hpp>

void rankOne(int n, hpp::View<const double, 1> x, hpp::View<double, 1> out) {
  // expected-error@hpp/parallel.hpp:* {{a View result of parallel_reduce must have rank 0}}
  hpp::parallel_reduce(n, [=](int i, double &s) { s += x(i); }, out);
}
