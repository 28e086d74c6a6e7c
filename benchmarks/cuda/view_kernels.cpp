// yAx and the three-level yAx written with hpp::View (view_* below) instead
// of raw pointers and hand-written index arithmetic: the same algorithms as
// api_yax and api_yax3 (api_kernels.cpp), which they are timed against in
// main.cu (section "View form vs raw-pointer form"). The views are
// unmanaged views over the driver's device arrays, so both forms read the
// same memory in the same run.
#include <hpp/hpp.hpp>

#include "kernels.hpp"

using Matrix = hpp::View<const double, 2>;
using Vector = hpp::View<const double, 1>;
using Cube = hpp::View<const double, 3>;

double view_yax(int rows, int cols, const double* y_, const double* A_, const double* x_) {
  const Matrix A(A_, rows, cols);
  const Vector x(x_, cols), y(y_, rows);
  double result = 0;
  hpp::parallel_reduce(
      "view_yax", hpp::TeamPolicy(rows, hpp::AUTO),
      [=](const hpp::TeamMember& t, double& s) {
        const int j = t.league_rank();
        double row = 0;
        hpp::parallel_reduce(
            hpp::TeamVectorRange(t, cols), [&](int i, double& r) { r += A(j, i) * x(i); }, row);
        s += y(j) * row;
      },
      result);
  return result;
}

double view_yax3(int E, int N, int M, const double* y_, const double* A_, const double* x_) {
  const Cube A(A_, E, N, M);
  const Matrix x(x_, E, M), y(y_, E, N);
  double result = 0;
  hpp::parallel_reduce(
      "view_yax3", hpp::TeamPolicy(E, hpp::AUTO),
      [=](const hpp::TeamMember& t, double& s) {
        const int e = t.league_rank();
        double cell = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, N),
            [&](int n, double& c) {
              double row = 0;
              hpp::parallel_reduce(
                  hpp::ThreadVectorRange(t, M), [&](int m, double& r) { r += A(e, n, m) * x(e, m); },
                  row);
              c += y(e, n) * row;
            },
            cell);
        s += cell;
      },
      result);
  return result;
}

// The pragma form of yAx with views, against hpp_yax (hpp_kernels.cpp).
double view_yax_pragma(int rows, int cols, const double* y_, const double* A_, const double* x_) {
  const Matrix A(A_, rows, cols);
  const Vector x(x_, cols), y(y_, rows);
  double result = 0;
#pragma hpp team reduction(+: result)
  for (int j = 0; j < rows; ++j) {
    double row = 0;
#pragma hpp vector reduction(+: row)
    for (int i = 0; i < cols; ++i)
      row += A(j, i) * x(i);
    result += y(j) * row;
  }
  return result;
}

// The pragma form of the three-level yAx with views, against hpp_yax3.
double view_yax3_pragma(int E, int N, int M, const double* y_, const double* A_,
                        const double* x_) {
  const Cube A(A_, E, N, M);
  const Matrix x(x_, E, M), y(y_, E, N);
  double result = 0;
#pragma hpp team reduction(+: result)
  for (int e = 0; e < E; ++e) {
    double cell = 0;
#pragma hpp thread reduction(+: cell)
    for (int n = 0; n < N; ++n) {
      double row = 0;
#pragma hpp vector reduction(+: row)
      for (int m = 0; m < M; ++m)
        row += A(e, n, m) * x(e, m);
      cell += y(e, n) * row;
    }
    result += cell;
  }
  return result;
}

// The sum and the dot with their results left in device memory, as a
// Kokkos user writes them (parallel_reduce into a rank-0 View of device
// memory) and as CUB leaves them: the kernel writes the view, and the host
// does not wait for it.
void view_sum(int n, const double* x_, double* result) {
  const Vector x(x_, n);
  const hpp::View<double, 0> r(result);
  hpp::parallel_reduce("view_sum", n, [=](int i, double& s) { s += x(i); }, r);
}

void view_dot(int n, const double* x_, const double* y_, double* result) {
  const Vector x(x_, n), y(y_, n);
  const hpp::View<double, 0> r(result);
  hpp::parallel_reduce("view_dot", n, [=](int i, double& s) { s += x(i) * y(i); }, r);
}
