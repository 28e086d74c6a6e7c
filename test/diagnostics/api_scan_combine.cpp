// parallel_scan calls whose partial results would not combine as the
// lowering combines them ('+=' from a value-initialised partial, the only
// scan operator of hpprt): a functor with its own init or join (the Kokkos
// tutorial's factorial, a running maximum, an init alone) and a partial of
// a non-arithmetic type. Each is refused at the call, never translated into
// a sum. A '+' scan of an arithmetic partial is lowered as before.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

struct Factorial {
  using value_type = long;
  long *out;
  void init(value_type &v) const { v = 1; }
  void join(value_type &a, const value_type &b) const { a *= b; }
  void operator()(int i, long &partial, bool final) const {
    partial *= i + 1;
    if (final)
      out[i] = partial;
  }
};

struct RunningMax {
  const int *x;
  int *out;
  void join(int &a, const int &b) const {
    if (b > a)
      a = b;
  }
  void operator()(int i, int &partial, bool final) const {
    if (x[i] > partial)
      partial = x[i];
    if (final)
      out[i] = partial;
  }
};

// init alone: the serial scan starts from 100, a '+' scan from 0.
struct Offset {
  long *out;
  void init(long &v) const { v = 100; }
  void operator()(int i, long &partial, bool final) const {
    partial += i;
    if (final)
      out[i] = partial;
  }
};

struct Plain {
  long *out;
  void operator()(int i, long &partial, bool final) const {
    partial += i;
    if (final)
      out[i] = partial;
  }
};

struct Pair {
  long a = 0, b = 0;
  Pair &operator+=(const Pair &o) {
    a += o.a;
    b += o.b;
    return *this;
  }
};

void scans(int n, const int *x, int *m, long *out) {
  long total = 0;
  // expected-error@+1 {{hppc cannot lower a parallel_scan functor with its own init or join (parallel scans combine only with '+' from zero); write the loop with '#pragma hpp' instead}}
  hpp::parallel_scan(n, Factorial{out}, total);
  // expected-error@+1 {{hppc cannot lower a parallel_scan functor with its own init or join}}
  hpp::parallel_scan("max", hpp::RangePolicy(0, n), RunningMax{x, m});
  // expected-error@+1 {{hppc cannot lower a parallel_scan functor with its own init or join}}
  hpp::parallel_scan(n, Offset{out}, total);
  hpp::parallel_scan(n, Plain{out}, total);

  Pair pairs;
  // expected-error@+1 {{hppc cannot lower a parallel_scan whose partial is of the non-arithmetic type 'Pair' (parallel scans combine only with '+' on arithmetic types); write the loop with '#pragma hpp' instead}}
  hpp::parallel_scan(n, [=](int i, Pair &p, bool final) {
    p.a += i;
    if (final)
      out[i] = p.a;
  });
  // A generic partial takes the total's type.
  // expected-error@+1 {{hppc cannot lower a parallel_scan whose partial is of the non-arithmetic type 'Pair'}}
  hpp::parallel_scan(n, [=](auto i, auto &p, bool final) {
    p.b += i;
    if (final)
      out[i] = p.b;
  }, pairs);
}

// The same refusal in a nested range of a team.
void nested(int rows, int cols, long *out) {
  hpp::parallel_for(hpp::TeamPolicy(rows, hpp::AUTO), [=](const hpp::TeamMember &t) {
    // expected-error@+1 {{hppc cannot lower a parallel_scan functor with its own init or join}}
    hpp::parallel_scan(hpp::TeamThreadRange(t, cols), Factorial{out + t.league_rank() * cols});
  });
}
