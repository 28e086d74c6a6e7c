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

// hpp::View in regions: device views (the default space) filled from host
// mirrors, captured by `#pragma hpp` team/vector and flat loops and by
// parallel_* lambdas (flat, MDRange, team with nested ranges), LayoutLeft
// and LayoutRight, an unmanaged view over hpp::alloc memory, a const view,
// rank-0 views as parallel_reduce results (plain, generic accumulator,
// functor with final()), copies of a view inside a
// region, and results read back through mirrors and deep_copy.
#include <cstdio>
#include <hpp/hpp.hpp>

using Matrix = hpp::View<double, 2>;
using MatrixL = hpp::View<double, 2, hpp::LayoutLeft>;
using Vector = hpp::View<double, 1>;

// y^T A x with a team per row and a vector loop over the columns; Ax gets
// each row's product.
double yax_pragma(const Matrix& A, const Vector& x, const Vector& y, const Vector& Ax) {
  const int rows = A.extent_int(0), cols = A.extent_int(1);
  double result = 0;
#pragma hpp team reduction(+: result)
  for (int r = 0; r < rows; ++r) {
    double t = 0;
#pragma hpp vector reduction(+: t)
    for (int c = 0; c < cols; ++c)
      t += A(r, c) * x(c);
#pragma hpp single
    Ax(r) = t;
    result += y(r) * t;
  }
  return result;
}

// The same with the parallel_* API, into a rank-0 device view.
void yax_api(const Matrix& A, const Vector& x, const Vector& y,
             const hpp::View<double, 0>& out) {
  const int rows = A.extent_int(0), cols = A.extent_int(1);
  hpp::parallel_reduce(
      "yax_api", hpp::TeamPolicy<>(rows, hpp::AUTO),
      [=](const hpp::TeamMember& t, double& sum) {
        const int r = t.league_rank();
        double row = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, cols), [&](int c, double& p) { p += A(r, c) * x(c); },
            row);
        hpp::single(hpp::PerTeam(t), [&] { sum += y(r) * row; });
      },
      out);
}

// Transposes into a LayoutLeft view (so L's memory equals A's), with an
// MDRange; then a flat pragma loop over the unmanaged 1-d alias of L.
void transpose_checks(const Matrix& A, const MatrixL& L, double* raw_l) {
  const int rows = A.extent_int(0), cols = A.extent_int(1);
  hpp::parallel_for(hpp::MDRangePolicy<2>({0, 0}, {rows, cols}),
                    [=](int r, int c) { L(r, c) = A(r, c); });
  hpp::View<double, 1> flat(raw_l, L.size()); // unmanaged
  const int n = int(flat.size());
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    flat(i) = flat(i) * 2 + 1;
}

// A functor whose final() applies to its only result, a rank-0 view.
struct MeanAbs {
  Vector v;
  double n;
  HPP_FUNCTION void operator()(int i, double& s) const { s += v(i) < 0 ? -v(i) : v(i); }
  void final(double& s) const { s /= n; }
};

int main() {
  hpp::ScopeGuard guard;
  const int rows = 97, cols = 45;
  Matrix A("A", rows, cols);
  Vector x("x", cols), y("y", rows), Ax("Ax", rows);
  auto hA = hpp::create_mirror_view(A);
  auto hx = hpp::create_mirror_view(x);
  auto hy = hpp::create_mirror_view(y);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      hA(r, c) = (r * 3 + c * 5) % 9 - 4;
  for (int c = 0; c < cols; ++c)
    hx(c) = c % 6 - 2;
  for (int r = 0; r < rows; ++r)
    hy(r) = r % 4 + 1;
  hpp::deep_copy(A, hA);
  hpp::deep_copy(x, hx);
  hpp::deep_copy(y, hy);
  std::printf("labels %s %s %s, extents %zu x %zu\n", A.label().c_str(), x.label().c_str(),
              Ax.label().c_str(), A.extent(0), A.extent(1));

  const double p = yax_pragma(A, x, y, Ax);
  auto hAx = hpp::create_mirror_view_and_copy(Ax);
  double cs = 0;
  for (int r = 0; r < rows; ++r)
    cs += hAx(r) * (r + 1);
  std::printf("pragma yax %.17g Ax checksum %.17g Ax[96] %.17g\n", p, cs, hAx(rows - 1));

  hpp::View<double, 0> out("out");
  yax_api(A, x, y, out);
  double api = 0;
  hpp::deep_copy(api, out);
  std::printf("api yax %.17g\n", api);

  // Rank-0 host view and plain variable in one call; a const view read.
  hpp::View<long, 0, hpp::LayoutRight, hpp::Space::Host> count("count");
  const hpp::View<const double, 1> cx = x;
  double sx = -1;
  hpp::parallel_reduce(
      cols,
      [=](int c, long& k, double& s) {
        k += cx(c) > 0;
        s += cx(c);
      },
      count, sx);
  std::printf("positives %ld sum %.17g\n", count(), sx);

  // A generic accumulator, and a functor with final(), into device views.
  // (Functors with their own init/join holding Views: view_functors.cpp.)
  hpp::View<double, 0> g("g"), mean("mean");
  hpp::parallel_reduce(rows, [=](int r, auto& s) { s += Ax(r) * 0.5; }, g);
  hpp::parallel_reduce("mean", cols, MeanAbs{x, double(cols)}, mean);
  double gv = 0, mv = 0;
  hpp::deep_copy(gv, g);
  hpp::deep_copy(mv, mean);
  std::printf("generic %.17g mean |x| %.17g\n", gv, mv);

  MatrixL L("L", rows, cols);
  double* raw = hpp::alloc<double>(std::size_t(rows) * cols, hpp::Space::Device);
  MatrixL Lu(raw, rows, cols);
  transpose_checks(A, Lu, raw);
  hpp::parallel_for(hpp::MDRangePolicy<2>({0, 0}, {rows, cols}),
                    [=](int r, int c) { L(r, c) = Lu(r, c); });
  auto hL = hpp::create_mirror_view_and_copy(L);
  double ls = 0;
  for (int c = 0; c < cols; ++c)
    for (int r = 0; r < rows; ++r)
      ls += hL(r, c) * (r + 2 * c + 1);
  std::printf("layout-left %.17g first %.17g second %.17g (A(1,0) %.17g)\n", ls, hL.data()[0],
              hL.data()[1], hA(1, 0));

  // A view copied inside a region, and a view filled then scaled in place.
  Vector z("z", rows);
  hpp::deep_copy(z, 0.5);
  hpp::parallel_for(rows, [=](int r) {
    Vector w = z; // a device-side copy: no reference counting
    w(r) += y(r);
  });
  // The kernel's copies are gone, and never counted.
  const long uses = z.use_count();
  auto hz = hpp::create_mirror_view_and_copy(z);
  std::printf("z %.17g %.17g use_count %ld\n", hz(0), hz(rows - 1), uses);
  hpp::free(raw);
  return 0;
}
