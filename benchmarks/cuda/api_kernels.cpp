// The hpp::parallel_* API forms of three CUDA benchmark kernels (yAx,
// three-level yAx, contract with level-0 scratch), translated by
// `hppc translate --backend=cuda` like hpp_kernels.cpp, whose #pragma hpp
// forms of the same kernels they are timed against (main.cu, section
// "API form vs pragma form"). Same index arithmetic as the pragma forms.
#include <hpp/hpp.hpp>

#include "kernels.hpp"

// result = y^T A x: a team per row, the row's dot product across all threads
// and lanes of the team (TeamVectorRange), like `team` + `vector reduction`.
double api_yax(int rows, int cols, const double* y, const double* A, const double* x) {
  double result = 0;
  hpp::parallel_reduce(
      "api_yax", hpp::TeamPolicy(rows, hpp::AUTO),
      [=](const hpp::TeamMember& t, double& s) {
        const int j = t.league_rank();
        double row = 0;
        hpp::parallel_reduce(
            hpp::TeamVectorRange(t, cols), [&](int i, double& r) { r += A[j * cols + i] * x[i]; },
            row);
        s += y[j] * row;
      },
      result);
  return result;
}

// result = sum_e sum_n y(e,n) * sum_m A(e,n,m) x(e,m): TeamThreadRange
// reduce over n with a ThreadVectorRange reduce over m inside.
double api_yax3(int E, int N, int M, const double* y, const double* A, const double* x) {
  double result = 0;
  hpp::parallel_reduce(
      "api_yax3", hpp::TeamPolicy(E, hpp::AUTO),
      [=](const hpp::TeamMember& t, double& s) {
        const int e = t.league_rank();
        double cell = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, N),
            [&](int n, double& c) {
              double row = 0;
              hpp::parallel_reduce(
                  hpp::ThreadVectorRange(t, M),
                  [&](int m, double& r) { r += A[(e * N + n) * M + m] * x[e * M + m]; }, row);
              c += y[e * N + n] * row;
            },
            cell);
        s += cell;
      },
      result);
  return result;
}

// out(e, v) = sum_q fields(e, v, q) * data(e, q), the cell's data row in
// level-0 team scratch, filled by the whole team, then a barrier.
void api_contract(int E, int VS, int QP, const double* fields, const double* data,
                  double* out) {
  hpp::parallel_for(
      "api_contract",
      hpp::TeamPolicy(E, hpp::AUTO).set_scratch_size(0, hpp::PerTeam(hpp::scratch_bytes<double>(QP))),
      [=](const hpp::TeamMember& t) {
        const int e = t.league_rank();
        double* s = t.team_scratch(0).get<double>(QP);
        hpp::parallel_for(hpp::TeamVectorRange(t, QP), [&](int q) { s[q] = data[e * QP + q]; });
        t.team_barrier();
        hpp::parallel_for(hpp::TeamThreadRange(t, VS), [&](int v) {
          double acc = 0;
          hpp::parallel_reduce(
              hpp::ThreadVectorRange(t, QP),
              [&](int q, double& a) { a += fields[(e * VS + v) * QP + q] * s[q]; }, acc);
          out[e * VS + v] = acc;
        });
      });
}
