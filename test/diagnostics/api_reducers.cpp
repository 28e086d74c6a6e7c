// Results hppc cannot lower: a body whose accumulator parameters do not match the results one to one,
// a functor with its own reduction rules and several results, and a result
// of a type that depends on a template parameter and is a reducer in some
// instantiation (the template is lowered once, for every instantiation).
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

void reducers(int n, const double *x) {
  double r = 0, s = 0;
  // An extra parameter with a default argument: the C++ call compiles, but
  // there are two parameters after the index for one result.
  // expected-error@+1 {{hppc cannot lower a parallel_reduce whose body does not take one accumulator per result}}
  hpp::parallel_reduce(n, [=](int i, double &a, int scale = 1) { a += scale * x[i]; }, r);

  // A variadic accumulator pack.
  // expected-error@+1 {{hppc cannot lower a parallel_reduce whose body does not take one accumulator per result}}
  hpp::parallel_reduce(n, [=](int i, auto &...acc) { ((acc += x[i]), ...); }, r, s);
}

// A functor's own init/final define the reduction of its only result; with
// two results (the serial API then ignores them, as Kokkos) it is refused
// rather than lowered with rules that differ from the serial build's.
struct Norm {
  const double* x;
  void operator()(int i, double& s, double& t) const { s += x[i] * x[i]; t += x[i]; }
  void init(double& s) const { s = 0; }
  void final(double& s) const { s = -s; }
};

void functorInitFinal(int n, const double *x, double &r, double &q) {
  // expected-error@+1 {{hppc cannot lower a functor with its own init, join or final and a result other than one plain variable}}
  hpp::parallel_reduce(n, Norm{x}, r, q);
}

template <class R> void anyResult(int n, const double *x, R r) {
  // expected-error@+1 {{hppc cannot lower a result whose type depends on a template parameter and is not arithmetic in every instantiation}}
  hpp::parallel_reduce(n, [=](int i, double &a) { a = x[i] > a ? x[i] : a; }, r);
}

void instantiate(int n, const double *x) {
  double m = 0;
  anyResult(n, x, m);
  anyResult(n, x, hpp::Max<double>(m));
}
