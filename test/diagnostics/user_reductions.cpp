// User-defined reductions whose names do not resolve, whose functions or
// reducer members cannot be called for the variable's type, whose types
// cannot be reduced, and uses a user reduction cannot have. Each is an error
// at the clause (or the statement), with a note at the pragma.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify

struct Stats {
  double sum = 0;
  long count = 0;
};
struct NoDefault {
  explicit NoDefault(int v) : v(v) {}
  int v;
};

void stats_join(Stats &a, const Stats &b) { a.sum += b.sum; a.count += b.count; }
void stats_init(Stats &s) { s = Stats{}; }
void double_join(double &a, const double &b) { a += b; }
void mutating_join(Stats &a, Stats &b) { a.sum += b.sum; b.sum = 0; }
void hidden_join(Stats &a, const Stats &b);
void nd_join(NoDefault &a, const NoDefault &b) { a.v += b.v; }
void nd_init(NoDefault &a) { a.v = 0; }
int not_a_function;

namespace ns {
void join(Stats &a, const Stats &b) { stats_join(a, b); }
}

struct NonConstInit {
  void init(Stats &s) { s = Stats{}; }
  void join(Stats &a, const Stats &b) const { stats_join(a, b); }
};
struct OtherJoin {
  void join(double &a, const double &b) const { a += b; }
};
struct NoJoin {
  void init(Stats &s) const { s = Stats{}; }
};

struct Holder {
  double data[4];
  void member_join(Stats &a, const Stats &b) const { stats_join(a, b); }
  void run(int n, Stats &out) const {
    Stats s;
    // expected-error@+2 {{'member_join' is a non-static member function; 'user(join, init)' calls free functions or static member functions}}
    // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(member_join, stats_init): s)
    for (int i = 0; i < n; ++i)
      s.sum += data[i % 4];
    out = s;
  }
};

template <class T> void generic(int n, T v, T *out) {
  // Checked for each instantiation, with its type.
  // expected-error@+3 {{no function 'stats_join' can be called as 'stats_join(double &, const double &)'}}
  // expected-error@+2 {{no function 'stats_init' can be called as 'stats_init(double &)'}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(stats_join, stats_init): v)
  for (int i = 0; i < n; ++i)
    v += T();
  *out = v;
}
template void generic<double>(int, double, double *);

void names(int n, const double *x, Stats &out) {
  Stats s;
  // expected-error@+2 {{'undeclared_join' does not name a function; 'user(join, init)' takes the names of two functions}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(undeclared_join, stats_init): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];

  // expected-error@+2 {{'not_a_function' does not name a function; 'user(join, init)' takes the names of two functions}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(not_a_function, stats_init): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];

  // expected-error@+2 {{'Stats' does not name a function; 'user(join, init)' takes the names of two functions}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(stats_join, Stats): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];

  // expected-error@+2 {{'ns::init' does not name a function; 'user(join, init)' takes the names of two functions}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(ns::join, ns::init): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];

  // expected-error@+2 {{'nowhere::join' does not name a function; 'user(join, init)' takes the names of two functions}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(nowhere::join, stats_init): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];
  out = s;
}

void calls(int n, const double *x, Stats &out) {
  Stats s;
  // expected-error@+2 {{no function 'double_join' can be called as 'double_join(Stats &, const Stats &)'}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(double_join, stats_init): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];

  // A join must not change its second argument.
  // expected-error@+2 {{no function 'mutating_join' can be called as 'mutating_join(Stats &, const Stats &)'}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(mutating_join, stats_init): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];

  // expected-error@+2 {{no function 'stats_join' can be called as 'stats_join(Stats &)'}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(stats_join, stats_join): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];

  // A combiner without a visible body is host code like any other call
  // (cuda/user_reductions.cpp: refused on GPUs).
#pragma hpp parallel reduction(user(hidden_join, stats_init): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];
  out = s;
}

double stats_reducer(const Stats &);

void reducers(int n, const double *x, Stats &out, double &d) {
  Stats s;
  // expected-error@+2 {{'nothing' does not name a variable declared before this loop; 'user(reducer)' takes the name of a reducer object}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(nothing): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];

  // expected-error@+2 {{'late' does not name a variable declared before this loop; 'user(reducer)' takes the name of a reducer object}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(late): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];
  const NoJoin late{};

  // expected-error@+2 {{'stats_join' names a function; 'user(reducer)' takes a reducer object: name a join and an init function with 'user(join, init)'}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(stats_join): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];

  const double scale = 2;
  // expected-error@+3 {{reducer 'scale' has type 'const double'; 'user(reducer)' takes an object of class type, with 'init' and 'join' members}}
  // expected-note@-2 {{'scale' is declared here}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(scale): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i] * scale;

  // A member that the runtime would not find (init is not const) is not
  // silently replaced by the default.
  const NonConstInit nci{};
  // expected-error@+2 {{reducer 'nci' has a member 'init' that cannot be called as 'init(Stats &) const'}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(nci): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];

  const OtherJoin other{};
  // expected-error@+2 {{reducer 'other' has a member 'join' that cannot be called as 'join(Stats &, const Stats &) const'}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(other): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];

  const NoJoin nj{};
  // expected-error@+2 {{reducer 'nj' has no 'join' member and 'Stats' has no '+=': give it 'join(Stats &, const Stats &) const'}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(nj): s)
  for (int i = 0; i < n; ++i)
    s.sum += x[i];

  // Declared inside the loop: not visible at the pragma.
  // expected-error@+2 {{'inner' does not name a variable declared before this loop; 'user(reducer)' takes the name of a reducer object}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(inner): d)
  for (int i = 0; i < n; ++i) {
    const OtherJoin inner{};
    inner.join(d, x[i]);
  }
  out = s;
}

void types(int n, const double *x) {
  double arr[4] = {0, 0, 0, 0};
  // expected-error@+2 {{reduction variable 'arr' has type 'double[4]', which a 'user' reduction cannot copy or value-initialise}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(double_join, stats_init): arr)
  for (int i = 0; i < n; ++i)
    arr[i % 4] += x[i];

  NoDefault nd(0);
  // expected-error@+2 {{reduction variable 'nd' has type 'NoDefault', which a 'user' reduction cannot copy or value-initialise}}
  // expected-note@+1 {{for the loop annotated by '#pragma hpp parallel' here}}
#pragma hpp parallel reduction(user(nd_join, nd_init): nd)
  for (int i = 0; i < n; ++i)
    nd_join(nd, NoDefault(1));
}

void dzero(double &d) { d = 0; }

void uses(int n, const double *x, Stats &out) {
  Stats s;
  double best = 1e300;
  int k = 0;
  // A user reduction variable cannot also be a loc pair's value or index.
  // expected-error@+1 {{variable 'best' appears in more than one reduction}}
#pragma hpp parallel reduction(minloc: best, k) reduction(user(double_join, dzero): best)
  for (int i = 0; i < n; ++i) {
    if (x[i] < best) {
      best = x[i];
      k = i;
    }
  }

  // Each thread updates its own copy, which the join combines.
#pragma hpp parallel reduction(user(stats_join, stats_init): s) // expected-note {{for the loop annotated by '#pragma hpp parallel' here}}
  for (int i = 0; i < n; ++i) {
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' cannot update 's', the variable of a 'user' reduction; update it in the loop body}}
    s.sum += x[i];
  }

  // The reducer is read, not written, by the loop.
  NoJoin r{};
  Stats t;
#pragma hpp parallel reduction(user(ns::join, stats_init): t) // expected-note {{for the loop annotated by '#pragma hpp parallel' here}}
  for (int i = 0; i < n; ++i) {
    // expected-error@+1 {{'r' is declared outside the parallel loop and written inside it; name it in a reduction clause or update it with '#pragma hpp atomic'}}
    r = NoJoin{};
    t.sum += x[i];
  }
  out = s;
}
