// Bodies hppc cannot lower: a function (neither a lambda nor a functor), a
// lambda with an init-capture, a lambda that uses its work tag, and team
// functors whose operator() body cannot run at the call: one that uses a
// private member or member type, one that names a member inside a macro,
// one whose operator() is not defined here, one whose body names a template
// parameter that the launching function also has, and a functor whose type
// depends on the launching template's parameter.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

class Private {
public:
  explicit Private(double *x) : x(x) {}
  void operator()(const hpp::TeamMember &t) const {
    // expected-error@+1 {{hppc cannot lower a functor whose body uses its non-public member 'x' (the body runs at the call)}}
    x[t.league_rank()] = 0;
  }

private:
  double *x;
};

#define TWICE(v) (2 * (v))
struct Macro {
  double *x;
  int k;
  void operator()(const hpp::TeamMember &t) const {
    // expected-error@+1 {{hppc cannot lower a functor body that names 'k' inside a macro (the body runs at the call, where hppc must rewrite the name)}}
    x[t.league_rank()] = TWICE(k);
  }
};

class PrivateType {
  using index = int;

public:
  double *x;
  void operator()(const hpp::TeamMember &t) const { x[index(t.league_rank())] = 1; }
};

struct Undefined {
  void operator()(const hpp::TeamMember &t) const;
};

template <class T> struct Typed {
  T *x;
  void operator()(const hpp::TeamMember &t) const { x[t.league_rank()] = T(1); }
};

template <class T> void launch(int n, double *x) {
  // expected-error@+1 {{hppc cannot lower a team functor whose body names 'T', a template parameter where it is launched}}
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), Typed<double>{x});
}
template void launch<int>(int, double *);

template <class T> void launchDependent(int n, T *x) {
  // expected-error@+1 {{hppc cannot lower a functor whose type depends on a template parameter (hppc lowers the template once; write the body as a lambda)}}
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), Typed<T>{x});
}
template void launchDependent<double>(int, double *);

struct Tag {};

void body(int i);

void bodies(int n, double *x) {
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), Private{x});

  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), Macro{x, 2});

  // expected-error@+1 {{hppc cannot lower a functor whose body uses its non-public member type 'index' (the body runs at the call)}}
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), PrivateType{x});

  // expected-error@+1 {{hppc cannot lower a team functor without a visible 'operator()(const hpp::TeamMember &) const'; write the loop with '#pragma hpp' instead}}
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), Undefined{});

  // expected-error@+1 {{hppc cannot lower a use of the work tag parameter}}
  hpp::parallel_for(hpp::RangePolicy<Tag>(0, n), [=](Tag tag, int i) { (void)tag; x[i] = 0; });

  // expected-error@+1 {{hppc cannot lower a body that is neither a lambda nor a functor}}
  hpp::parallel_for(n, body);

  // expected-error@+1 {{hppc cannot lower a body that is neither a lambda nor a functor}}
  hpp::parallel_for(hpp::RangePolicy(0, n), &body);

  // expected-error@+1 {{hppc cannot lower a lambda with an init-capture}}
  hpp::parallel_for(n, [=, s = 2.0](int i) { x[i] = s; });
}
