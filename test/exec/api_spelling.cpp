// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// Spellings the lowering recognises by declaration: labels (a string
// literal, also on team and MDRange calls), `using namespace hpp;` with
// unqualified calls, policies, ranges, single and reducers, and a namespace
// alias `namespace H = hpp;`.
#include <cstdio>
#include <hpp/hpp.hpp>

namespace H = hpp;

namespace unqualified {
using namespace hpp;

double dot(int n, const double* x, const double* y) {
  double s = 0;
  parallel_reduce("dot", RangePolicy(0, n), [=](int i, double& a) { a += x[i] * y[i]; }, s);
  return s;
}

void rows(int R, int C, const double* a, double* out, double& top) {
  parallel_reduce(
      "rows", TeamPolicy(R, AUTO),
      [=](const TeamMember& t, double& m) {
        double s = 0;
        parallel_reduce(TeamThreadRange(t, C), [&](int c, double& p) { p += a[t.league_rank() * C + c]; },
                        s);
        single(PerTeam(t), [&] { out[t.league_rank()] = s; });
        if (s > m)
          m = s;
      },
      Max<double>(top));
}

void scale(int n, double* x) {
  parallel_for(n, [=](int i) { x[i] *= 2; });
}
} // namespace unqualified

namespace aliased {
double dot(int n, const double* x, const double* y) {
  double s = 0, mn = 0;
  H::parallel_reduce(
      "H dot", H::RangePolicy(0, n),
      [=](int i, double& a, double& m) {
        a += x[i] * y[i];
        if (x[i] < m)
          m = x[i];
      },
      s, H::Min<double>(mn));
  return s + 1000 * mn;
}

void md(int n0, int n1, double* m) {
  H::parallel_for("H md", H::MDRangePolicy<2>({0, 0}, {n0, n1}),
                  [=](int i, int j) { m[i * n1 + j] = i * n1 - j; });
}

void rows(int R, int C, const double* a, double* out) {
  H::parallel_for("H rows", H::TeamPolicy(R, 2), [=](const H::TeamMember& t) {
    double s = 0;
    H::parallel_reduce(H::TeamThreadRange(t, C), [&](int c, double& p) { p += a[t.league_rank() * C + c]; },
                       s);
    H::single(H::PerTeam(t), [&] { out[t.league_rank()] = -s; });
  });
}
} // namespace aliased

int main() {
  const int n = 3001, R = 11, C = 29;
  double* x = hpp::alloc<double>(n, hpp::Space::Shared);
  double* y = hpp::alloc<double>(n, hpp::Space::Shared);
  double* out = hpp::alloc<double>(R, hpp::Space::Shared);
  double* m = hpp::alloc<double>(R * C, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) {
    x[i] = i % 11 - 5;
    y[i] = i % 3;
  }
  std::printf("using: dot %.17g\n", unqualified::dot(n, x, y));
  double top = 0;
  unqualified::rows(R, C, x, out, top);
  double cs = 0;
  for (int r = 0; r < R; ++r) cs += out[r] * (r + 1);
  std::printf("using: rows top %.17g checksum %.17g\n", top, cs);
  unqualified::scale(n, y);
  std::printf("using: scaled y[2] %.17g y[n-1] %.17g\n", y[2], y[n - 1]);
  std::printf("alias: dot %.17g\n", aliased::dot(n, x, y));
  aliased::md(R, C, m);
  cs = 0;
  for (int i = 0; i < R * C; ++i) cs += m[i] * (i % 4);
  std::printf("alias: md checksum %.17g\n", cs);
  aliased::rows(R, C, x, out);
  cs = 0;
  for (int r = 0; r < R; ++r) cs += out[r] * (r + 1);
  std::printf("alias: rows checksum %.17g\n", cs);
  hpp::free(x);
  hpp::free(y);
  hpp::free(out);
  hpp::free(m);
  return 0;
}
