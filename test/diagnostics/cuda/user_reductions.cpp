// User reductions the CUDA backend refuses: values that are not trivially
// copyable (they move between threads and to the device as bytes),
// reducers the device cannot copy (the rule for *this: implicit copy and
// destruction, members trivially copyable or Views), also in each
// instantiation of a template, and, where the device lambda captures them,
// types declared inside a function. A reducer holding a View is accepted.
// The same code translates for OpenMP.
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -ferror-limit=0 -Xclang -verify
// RUN: %hppc translate --backend=openmp %s -o %t.cpp
#include <hpp/hpp.hpp>
#include <vector>

struct Owning {
  double *p = nullptr;
  double sum = 0;
  Owning() = default;
  Owning(const Owning &o) : p(nullptr), sum(o.sum) {}
  Owning &operator=(const Owning &o) {
    sum = o.sum;
    return *this;
  }
};
void owning_join(Owning &a, const Owning &b) { a.sum += b.sum; }
void owning_init(Owning &a) { a.sum = 0; }

struct Counted {
  int copies = 0;
  Counted() = default;
  Counted(const Counted &o) : copies(o.copies + 1) {}
  void join(double &a, const double &b) const { a += b; }
};

struct Plain {
  double sum = 0;
};
void plain_join(Plain &a, const Plain &b) { a.sum += b.sum; }
void plain_init(Plain &a) { a.sum = 0; }

void copies(int n, const double *x, double *out) {
  Owning o;
  // expected-error@+2 {{reduction variable 'o' has type 'Owning', which is not trivially copyable; CUDA reductions copy it between threads and to the device as bytes}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(owning_join, owning_init): o)
  for (int i = 0; i < n; ++i)
    o.sum += x[i];
  out[0] = o.sum;

  const Counted counted{};
  double d = 0;
  // expected-error@+2 {{reducer 'counted' has type 'const Counted', which the device cannot copy: CUDA reductions copy the reducer into the kernel, so its copy and destruction must be implicit and its members trivially copyable or hpp::Views}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(counted): d)
  for (int i = 0; i < n; ++i)
    d += x[i];
  out[1] = d;
}

// A reducer whose type is a template parameter is checked in each
// instantiation: one holding a View is copied into the kernel like a View
// (accepted), one holding a std::vector is refused.
struct Weighted {
  hpp::View<const double, 1> w;
  void join(double &a, const double &b) const { a += b; }
};
struct Listed {
  std::vector<int> seen;
  void join(double &a, const double &b) const { a += b; }
};
template <class R> void generic_reducer(int n, const double *x, const R red, double *out) {
  double d = 0;
  // expected-error@+2 {{reducer 'red' has type 'const Listed', which the device cannot copy}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(red): d)
  for (int i = 0; i < n; ++i)
    d += x[i];
  out[0] = d;
}
template void generic_reducer(int, const double *, const Weighted, double *);
template void generic_reducer(int, const double *, const Listed, double *);

template <class T> void sum_join(T &a, const T &b) { a.sum += b.sum; }
template <class T> void sum_init(T &a) { a.sum = 0; }

void local_types(int n, const double *x, double *out) {
  struct LocalSum {
    double sum = 0;
  };
  struct LocalReducer {
    void join(double &a, const double &b) const { a += b; }
  };
  LocalSum s;
  // expected-error@+2 {{reduction variable 's' has type 'LocalSum', declared inside a function; CUDA device lambdas cannot capture it: declare the type outside the function}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(sum_join, sum_init): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];
  out[0] = s.sum;

  const LocalReducer local{};
  double d = 0;
  // expected-error@+2 {{reducer 'local' has type 'const LocalReducer', declared inside a function; CUDA device lambdas cannot capture it: declare the type outside the function}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(local): d)
  for (int i = 0; i < n; ++i)
    d += x[i];
  out[1] = d;

  // Inside the region a local type is fine: nothing captures it.
#pragma hpp team
  for (int e = 0; e < n; ++e) {
    const LocalReducer inner{};
    double t = 0;
#pragma hpp thread reduction(user(inner): t)
    for (int j = 0; j < 8; ++j)
      t += x[e * 8 + j];
    Plain p;
#pragma hpp vector reduction(user(plain_join, plain_init): p)
    for (int j = 0; j < 8; ++j)
      p.sum += x[e * 8 + j];
    out[e] = t + p.sum;
  }
}

// A combiner must have a visible body to be compiled for the device (on
// OpenMP it is called as it is).
void hidden_join(Plain &a, const Plain &b);

void hidden_combiner(int n, const double *x, Plain &out) {
  Plain s;
  // expected-error@+1 {{function 'hidden_join' is called from a parallel region but its body is not visible; it cannot be compiled for the device}}
#pragma hpp parallel reduction(user(hidden_join, plain_init): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];
  out = s;
}

// The HIP backend refuses the same, naming HIP: the expectations with CUDA
// replaced by HIP, checked on a copy (same lines) translated for HIP.
// RUN: sed -e s/CUDA/HIP/g %s > %t.hip.cpp
// RUN: %hppc translate --backend=hip %t.hip.cpp -o %t.hip -- -I%S -ferror-limit=0 -Xclang -verify
