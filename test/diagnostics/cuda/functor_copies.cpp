// A parallel_* functor runs on the lowering's copy of it, which a GPU
// region copies into the kernel (or, for a call inside a team body, makes
// in device code): the rule for *this applies, implicit copy and
// destruction and members that are trivially copyable or hpp::Views (a
// UniqueToken, counted on the host only like a View, too). Functors holding
// Views are accepted, with or without their own init/join; one that holds
// a std::vector, counts its copies or has a destructor is refused at the
// call, for parallel_for, parallel_reduce, parallel_scan and team
// functors; so is a functor class declared inside a function, which a
// device lambda cannot capture. OpenMP translates the same file, and
// nothing is written when a functor is refused.
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -ferror-limit=0 -Xclang -verify
// RUN: %hppc translate --backend=openmp %s -o %t.cpp
// RUN: rm -f %t.refused.cu
// RUN: not %hppc translate --backend=cuda %s -o %t.refused.cu
// RUN: not test -e %t.refused.cu
#include <hpp/hpp.hpp>
#include <vector>

struct MaxAbs {
  using value_type = double;
  hpp::View<const double, 1> x;
  hpp::View<const double, 2> A;
  void operator()(int i, double &m) const {
    const double a = x(i) < 0 ? -x(i) : x(i);
    if (a + A(i, 0) > m)
      m = a + A(i, 0);
  }
  void init(double &m) const { m = 0; }
  void join(double &a, const double &b) const {
    if (b > a)
      a = b;
  }
};

struct Scale {
  hpp::View<double, 1> x;
  hpp::UniqueToken<> token;
  void operator()(int i) const { x(i) *= 2; }
};

struct Listed {
  using value_type = double;
  std::vector<double> weights;
  const double *x;
  void operator()(int i, double &s) const { s += x[i]; }
  void init(double &s) const { s = 0; }
  void join(double &a, const double &b) const { a += b; }
};

struct Counting {
  hpp::View<double, 1> x;
  int copies = 0;
  explicit Counting(hpp::View<double, 1> v) : x(v) {}
  Counting(const Counting &o) : x(o.x), copies(o.copies + 1) {}
  void operator()(int i) const { x(i) = copies; }
};

struct Owner {
  long *out;
  ~Owner() {}
  void operator()(int i, long &partial, bool final) const {
    partial += i;
    if (final)
      out[i] = partial;
  }
};

struct Rows {
  std::vector<int> sizes;
  double *out;
  void operator()(const hpp::TeamMember &t) const { out[t.league_rank()] = 1; }
};

struct Cell {
  std::vector<int> sizes;
  double *out;
  void operator()(int j) const { out[j] = 2; }
};

void accepted(int n, hpp::View<double, 1> x, hpp::View<const double, 2> A, double &m) {
  hpp::parallel_reduce(n, MaxAbs{x, A}, m);
  hpp::parallel_for("scale", n, Scale{x, hpp::UniqueToken<>()});
}

void refused(int n, hpp::View<double, 1> x, const double *p, double *out, long *sums) {
  double s = 0;
  // expected-error@+1 {{CUDA region runs on a copy of functor 'Listed', which the device cannot copy: its copy and destruction must be implicit and its members trivially copyable or hpp::Views}}
  hpp::parallel_reduce(n, Listed{{1.0}, p}, s);
  // expected-error@+1 {{CUDA region runs on a copy of functor 'Counting', which the device cannot copy}}
  hpp::parallel_for(n, Counting(x));
  long total = 0;
  // expected-error@+1 {{CUDA region runs on a copy of functor 'Owner', which the device cannot copy}}
  hpp::parallel_scan(n, Owner{sums}, total);
  // expected-error@+1 {{CUDA region runs on a copy of functor 'Rows', which the device cannot copy}}
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), Rows{{}, out});
  // A functor launched in a team body is copied in device code.
  hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), [=](const hpp::TeamMember &t) {
    // expected-error@+1 {{CUDA region runs on a copy of functor 'Cell', which the device cannot copy}}
    hpp::parallel_for(hpp::TeamThreadRange(t, 8), Cell{{}, out + 8 * t.league_rank()});
  });
  out[0] = s + total;
}

// A class declared inside a function holds Views only, but a device lambda
// cannot capture it.
void local(int n, hpp::View<double, 1> x) {
  struct Fill {
    hpp::View<double, 1> x;
    void operator()(int i) const { x(i) = i; }
  };
  // expected-error@+1 {{CUDA region runs on a copy of functor 'Fill', declared inside a function; CUDA device lambdas cannot capture it: declare the type outside the function}}
  hpp::parallel_for(n, Fill{x});
}

// The HIP backend refuses the same, naming HIP: the expectations with CUDA
// replaced by HIP, checked on a copy (same lines) translated for HIP.
// RUN: sed -e s/CUDA/HIP/g %s > %t.hip.cpp
// RUN: %hppc translate --backend=hip %t.hip.cpp -o %t.hip -- -I%S -ferror-limit=0 -Xclang -verify
