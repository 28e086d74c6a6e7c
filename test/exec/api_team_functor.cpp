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

// Team functors (operator()(const hpp::TeamMember&) holds the team body),
// work tags on range, MD-range and team policies, and calls that are the
// unbraced body of an if, a loop, a case or a label.
// - TeamYax: members reached implicitly and through this->, a member type,
//   a static constant, a const method, nested reduce and single.
// - TeamRowMax<T, Width>: a class template whose body names T and Width,
//   with a team reduce result and scratch.
// - Tagged: one class with a tagged operator() per pass.
// - A nested range bound that uses league_rank() (lowered before the range).
// - The copied body means what it meant in its class: a global and a
//   namespace function it names are not captured by the launching
//   function's local of the same name; a base-class member hidden in the
//   derived functor stays the base's; `[this]` captures the copy; range
//   functors built from members launch inside the team functor; an
//   accumulator parameter named like the launch's league bound.
#include <cstdio>
#include <hpp/hpp.hpp>

constexpr int kOffset = 5;
namespace lib {
inline double twice(double v) { return 2 * v; }
struct Shifted {
  double* out;
  void operator()(const hpp::TeamMember& t) const {
    const int r = t.league_rank();
    auto plus = [this](int v) { return v + kOffset + out[0] * 0; };
    hpp::single(hpp::PerTeam(t), [&] { out[r] = twice(plus(r)); });
  }
};
} // namespace lib

struct Base {
  double* out;
  int k = 1;
  void operator()(const hpp::TeamMember& t, double& rows) const {
    const int r = t.league_rank();
    hpp::single(hpp::PerTeam(t), [&] { out[r] = r + k; });
    rows += k;
  }
};
struct Derived : Base {
  int k = 1000;
};

struct RowAdd {
  int r;
  double* y;
  int m;
  void operator()(int j) const { y[r * m + j] += r + j; }
};
struct RowSum {
  int r;
  const double* y;
  int m;
  void operator()(int j, double& s) const { s += y[r * m + j]; }
};
struct Rows2 {
  double* y;
  double* out;
  int m;
  void operator()(const hpp::TeamMember& t) const {
    hpp::parallel_for(hpp::TeamThreadRange(t, m), RowAdd{t.league_rank(), y, m});
    double s = 0;
    hpp::parallel_reduce(hpp::TeamThreadRange(t, m), RowSum{t.league_rank(), y, m}, s);
    hpp::single(hpp::PerTeam(t), [&] { out[t.league_rank()] = s; });
  }
};

struct TeamYax {
  using value_type = double;
  static constexpr int kStride = 1;
  const double* A;
  const double* x;
  double* Ax;
  int cols;
  value_type weight(int c) const { return c % 2 ? 1.0 : 0.5; }
  void operator()(const hpp::TeamMember& t) const {
    const int r = t.league_rank();
    value_type row = 0;
    hpp::parallel_reduce(
        hpp::TeamThreadRange(t, cols),
        [&](int c, double& s) { s += weight(c) * A[r * cols + c * kStride] * x[c]; }, row);
    hpp::single(hpp::PerTeam(t), [&] { this->Ax[r] = row; });
  }
};

template <class T, int Width> struct TeamRowMax {
  const T* v;
  int cols;
  void operator()(const hpp::TeamMember& t, T& best) const {
    const int r = t.league_rank();
    T* tile = t.team_scratch(0).get<T>(Width);
    hpp::parallel_for(hpp::TeamThreadRange(t, Width), [&](int k) {
      T m = v[r * cols];
      for (int c = k; c < cols; c += Width)
        m = v[r * cols + c] > m ? v[r * cols + c] : m;
      tile[k] = m;
    });
    t.team_barrier();
    T m = tile[0];
    for (int k = 1; k < Width; ++k)
      if (tile[k] > m)
        m = tile[k];
    if (m > best)
      best = m;
  }
};

struct Fill {};
struct Scale {};
struct Rows {};

struct Tagged {
  double* y;
  int cols;
  void operator()(Fill, int i) const { y[i] = i % 7 - 3; }
  void operator()(Scale, int i) const { y[i] *= 2; }
  void operator()(Scale, int i, double& s) const { s += y[i]; }
  void operator()(Fill, int i, int j) const { y[i * cols + j] += i - j; }
  void operator()(Rows, const hpp::TeamMember& t) const {
    const int r = t.league_rank();
    hpp::parallel_for(hpp::TeamThreadRange(t, r % 3 + 1), [&](int j) { y[r * cols + j] += 100; });
  }
};

int main() {
  const int rows = 29, cols = 67;
  double* A = hpp::alloc<double>(rows * cols, hpp::Space::Shared);
  double* x = hpp::alloc<double>(cols, hpp::Space::Shared);
  double* Ax = hpp::alloc<double>(rows, hpp::Space::Shared);
  for (int i = 0; i < rows * cols; ++i) A[i] = (i * 37 % 101) * 0.125 - 6;
  for (int c = 0; c < cols; ++c) x[c] = c % 5 - 2;
  hpp::parallel_for("team_yax", hpp::TeamPolicy(rows, hpp::AUTO), TeamYax{A, x, Ax, cols});
  for (int r = 0; r < rows; r += 7) std::printf("Ax[%d] = %.17g\n", r, Ax[r]);

  double best = 0;
  hpp::parallel_reduce(
      hpp::TeamPolicy(rows, hpp::AUTO).set_scratch_size(0, hpp::PerTeam(8 * sizeof(double))),
      TeamRowMax<double, 8>{A, cols}, hpp::Max<double>(best));
  std::printf("max %.17g\n", best);
  long lbest = 0;
  long* lv = hpp::alloc<long>(rows * cols, hpp::Space::Shared);
  for (int i = 0; i < rows * cols; ++i) lv[i] = (i * 7919L) % 1009 - 500;
  hpp::parallel_reduce(
      hpp::TeamPolicy(rows, hpp::AUTO).set_scratch_size(0, hpp::PerTeam(4 * sizeof(long))),
      TeamRowMax<long, 4>{lv, cols}, hpp::Max<long>(lbest));
  std::printf("long max %ld\n", lbest);

  double* y = hpp::alloc<double>(rows * cols, hpp::Space::Shared);
  const Tagged tg{y, cols};
  hpp::parallel_for(hpp::RangePolicy<Fill>(0, rows * cols), tg);
  hpp::parallel_for("scale", hpp::RangePolicy<Scale>(0, rows * cols), tg);
  double s = 0;
  hpp::parallel_reduce(hpp::RangePolicy<Scale>(0, rows * cols), tg, s);
  std::printf("tagged sum %.17g\n", s);
  hpp::parallel_for(hpp::MDRangePolicy<2, Fill>({0, 0}, {rows, cols}), tg);
  hpp::parallel_for(hpp::TeamPolicy<Rows>(rows, hpp::AUTO), tg);
  // A lambda takes the tag as its first, unnamed, parameter.
  hpp::parallel_reduce(
      hpp::RangePolicy<Scale>(0, rows * cols), [=](Scale, int i, double& a) { a += y[i] * i; },
      s);
  std::printf("tagged weighted sum %.17g\n", s);

  // Calls as the unbraced body of an if, an else and a loop; a nested
  // range bound that uses league_rank().
  for (int pass = 0; pass < 3; ++pass)
    hpp::parallel_for(rows * cols, [=](int i) { y[i] += pass; });
  if (rows > 100)
    hpp::parallel_for(rows, [=](int i) { y[i] = 0; });
  else
    hpp::parallel_reduce(rows * cols, [=](int i, double& a) { a += y[i]; }, s);
  std::printf("after passes %.17g\n", s);
  for (int pass = 0; pass < 3; ++pass) {
    switch (pass) {
    case 0:
      hpp::parallel_for(rows * cols, [=](int i) { y[i] -= 1; });
      break;
    case 1:
    again:
      hpp::parallel_reduce(rows * cols, [=](int i, double& a) { a += y[i] * (i % 3); }, s);
      break;
    default:
      if (s > 1e300)
        goto again;
    }
  }
  std::printf("after switch %.17g\n", s);
  hpp::parallel_for(hpp::TeamPolicy(rows, hpp::AUTO), [=](const hpp::TeamMember& t) {
    if (t.league_rank() % 2)
      hpp::parallel_for(hpp::TeamThreadRange(t, t.league_rank() + 1),
                        [&](int j) { y[t.league_rank() * cols + j] = -1; });
  });
  s = 0;
  for (int i = 0; i < rows * cols; ++i) s += y[i] * (i % 11);
  std::printf("checksum %.17g\n", s);

  {
    const int kOffset = 1000; // must not capture the class's global
    (void)kOffset;
    hpp::parallel_for(hpp::TeamPolicy(rows, hpp::AUTO), lib::Shifted{Ax});
    std::printf("shifted %.17g %.17g\n", Ax[1], Ax[rows - 1]);
    Derived d;
    d.out = Ax;
    double total = 0;
    hpp::parallel_reduce(hpp::TeamPolicy(rows, hpp::AUTO), d, total);
    std::printf("base k %.17g %.17g total %.17g\n", Ax[0], Ax[rows - 1], total);
    hpp::parallel_for(hpp::TeamPolicy(rows, hpp::AUTO), Rows2{y, Ax, cols});
    std::printf("rows2 %.17g %.17g\n", Ax[0], Ax[rows - 1]);
  }
  hpp::free(A);
  hpp::free(x);
  hpp::free(Ax);
  hpp::free(lv);
  hpp::free(y);
  return 0;
}
