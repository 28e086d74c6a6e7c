// Clause expressions that only the loop's scope declares are accepted:
// members, template parameters, locals of enclosing lambdas, calls,
// sizeof, streams.
// RUN: %hppc translate --backend=openmp %s -o %t.omp.cpp -- -Xclang -verify
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -Xclang -verify
// expected-no-diagnostics

#include <hpp/hpp.hpp>

namespace cfg {
constexpr int width() { return 32; }
enum Size { Small = 64 };
} // namespace cfg

struct Grid {
  int teams = 4;
  static constexpr int tile = 8;

  template <int N, class T> void run(T *a, int n) {
    int k = 2;
    auto body = [&](int m) {
      using Cell = T;
      hpp::Stream s;
#pragma hpp team league(teams + k + m + N) team_size(sizeof(Cell) * cfg::Small) vector_length(cfg::width()) stream(s)
      for (int i = 0; i < n; ++i) a[i] = 0;
    };
    body(1);
#pragma hpp parallel collapse(2) tile(tile, N)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) a[i * n + j] = 0;
  }
};

template <class V> void dependent(V v, double *a, int n) {
#pragma hpp team league(v.size()) team_size(V::width) stream(v.stream())
  for (int i = 0; i < n; ++i) a[i] = 0;
}

void use(float *a, int n) {
  Grid g;
  g.run<4>(a, n);
  if (const int t = n / 2; t > 0) {
#pragma hpp team team_size(auto) league(t)
    for (int i = 0; i < n; ++i) a[i] = 0;
  }
}
