// parallel_scan calls hppc cannot lower: a range it cannot see, a functor whose operator() is not
// defined here (its body is copied to the call), and a functor body that
// uses a private member (the copy runs outside the class).
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
#include <hpp/hpp.hpp>

struct Declared {
  void operator()(int i, long &partial, bool final) const;
};

class Hidden {
public:
  explicit Hidden(long *out) : out(out) {}
  void operator()(int i, long &partial, bool final) const {
    partial += i;
    if (final)
      // expected-error@+1 {{hppc cannot lower a functor whose body uses its non-public member 'out' (the body runs at the call)}}
      out[i] = partial;
  }

private:
  long *out;
};

void scans(int n, long *out) {
  long total = 0;
  const auto range = hpp::RangePolicy(0, n);
  // expected-error@+1 {{hppc cannot lower a parallel_scan whose range is not a count, a RangePolicy or a nested range written in the call}}
  hpp::parallel_scan(range, [=](int i, long &p, bool final) { p += i; });

  // expected-error@+1 {{hppc cannot lower a functor without a visible 'operator()(index, partial, final) const'}}
  hpp::parallel_scan(n, Declared{}, total);

  hpp::parallel_scan(n, Hidden{out}, total);
}
