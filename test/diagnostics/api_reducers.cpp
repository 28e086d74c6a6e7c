// Results hppc cannot lower: a user-defined reducer (join + init), and a
// body whose accumulator parameters do not match the results one to one.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

struct AbsMax {
  using value_type = double;
  double *result;
  double &reference() const { return *result; }
  void init(double &v) const { v = 0; }
  void join(double &dst, const double &src) const {
    if (src > dst)
      dst = src;
  }
};

void reducers(int n, const double *x) {
  double r = 0, s = 0;
  // expected-error@+1 {{hppc cannot lower this reducer}}
  hpp::parallel_reduce(n, [=](int i, double &a) { a = x[i] > a ? x[i] : a; }, AbsMax{&r});

  // An extra parameter with a default argument: the C++ call compiles, but
  // there are two parameters after the index for one result.
  // expected-error@+1 {{hppc cannot lower a parallel_reduce whose body does not take one accumulator per result}}
  hpp::parallel_reduce(n, [=](int i, double &a, int scale = 1) { a += scale * x[i]; }, r);

  // A variadic accumulator pack.
  // expected-error@+1 {{hppc cannot lower a parallel_reduce whose body does not take one accumulator per result}}
  hpp::parallel_reduce(n, [=](int i, auto &...acc) { ((acc += x[i]), ...); }, r, s);
}

// A functor with its own init/final defines the reduction itself: refused
// rather than lowered with the default rules.
struct Norm {
  const double* x;
  void operator()(int i, double& s) const { s += x[i] * x[i]; }
  void init(double& s) const { s = 100; }
  void final(double& s) const { s = -s; }
};

void functorInitFinal(int n, const double *x, double &r) {
  // expected-error@+1 {{hppc cannot lower a functor with its own 'init' (its reduction rules are not lowered yet)}}
  hpp::parallel_reduce(n, Norm{x}, r);
}
