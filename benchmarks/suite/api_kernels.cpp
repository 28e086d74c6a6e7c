// Seven of the suite's kernels in the hpp::parallel_* (Kokkos-shaped) form,
// translated by hppc like hpp_kernels.cpp and timed against the same hand
// baselines: a RangePolicy for, a reduce, a MinLoc reducer, MDRangePolicy
// rank 3 (twice), a scan and a TeamPolicy with team scratch and barriers.
#include <hpp/hpp.hpp>

#include "bodies.hpp"
#include "suite.hpp"

void api_daxpy(int n, double a, const double* x, double* y) {
  hpp::parallel_for("api_daxpy", n, [=](int i) { DAXPY_BODY });
}

double api_dot(int n, const double* a, const double* b) {
  double result = 0.0;
  hpp::parallel_reduce("api_dot", n, [=](int i, double& s) { DOT_BODY }, result);
  return result;
}

MinLoc api_first_min(int n, const double* x) {
  hpp::ValLocScalar<double, int> r{1.0e300, -1};
  hpp::parallel_reduce(
      "api_first_min", n,
      [=](int i, hpp::ValLocScalar<double, int>& v) {
        if (x[i] < v.val) {
          v.val = x[i];
          v.loc = i;
        }
      },
      hpp::MinLoc<double, int>(r));
  return MinLoc{r.val, r.loc};
}

void api_nested_init(int nx, int ny, int nz, double* arr) {
  hpp::parallel_for("api_nested_init", hpp::MDRangePolicy<3>({0, 0, 0}, {nz, ny, nx}),
                    [=](int k, int j, int i) { NESTED_INIT_BODY });
}

void api_scan(int n, const double* in, double* out) {
  hpp::parallel_scan("api_scan", n, [=](int i, double& partial, bool final) {
    if (final)
      out[i] = partial;
    partial += in[i];
  });
}

// Kokkos' parallel_scan example: the element read, then overwritten.
void api_scan_in_place(int n, double* x) {
  hpp::parallel_scan("api_scan_in_place", n, [=](int i, double& partial, bool final) {
    const double x_i = x[i];
    if (final)
      x[i] = partial;
    partial += x_i;
  });
}

void api_ltimes(int nd, int nm, int ng, int nz, const double* ell, const double* psi,
                double* phi) {
  hpp::parallel_for("api_ltimes", hpp::MDRangePolicy<3>({0, 0, 0}, {nz, ng, nm}),
                    [=](int z, int g, int m) { LTIMES_BODY });
}

// mass3d with the team API: the seven scratch arrays carved out of one
// level-0 allocation, a TeamVectorRange per stage and a barrier after each.
void api_mass3d(int E, const double* B, const double* X, const double* Dq, double* Y) {
  const int D = MASS_D, Q = MASS_Q;
  const int words = Q * D + D * D * D + 2 * Q * D * D + 2 * Q * Q * D + Q * Q * Q;
  hpp::parallel_for(
      "api_mass3d",
      hpp::TeamPolicy(E, hpp::AUTO)
          .set_scratch_size(0, hpp::PerTeam(hpp::scratch_bytes<double>(words))),
      [=](const hpp::TeamMember& tm) {
        const int e = tm.league_rank();
        double* sB = tm.team_scratch(0).get<double>(Q * D);
        double* sX = tm.team_scratch(0).get<double>(D * D * D);
        double* t1 = tm.team_scratch(0).get<double>(Q * D * D);
        double* t2 = tm.team_scratch(0).get<double>(Q * Q * D);
        double* t3 = tm.team_scratch(0).get<double>(Q * Q * Q);
        double* u2 = tm.team_scratch(0).get<double>(Q * Q * D);
        double* u1 = tm.team_scratch(0).get<double>(Q * D * D);
        hpp::parallel_for(hpp::TeamVectorRange(tm, Q * D), [&](int k) { sB[k] = B[k]; });
        hpp::parallel_for(hpp::TeamVectorRange(tm, D * D * D),
                          [&](int k) { sX[k] = X[e * (D * D * D) + k]; });
        tm.team_barrier();
        hpp::parallel_for(hpp::TeamVectorRange(tm, Q * D * D), [&](int k) { MASS3D_S1 });
        tm.team_barrier();
        hpp::parallel_for(hpp::TeamVectorRange(tm, Q * Q * D), [&](int k) { MASS3D_S2 });
        tm.team_barrier();
        hpp::parallel_for(hpp::TeamVectorRange(tm, Q * Q * Q), [&](int k) { MASS3D_S3 });
        tm.team_barrier();
        hpp::parallel_for(hpp::TeamVectorRange(tm, Q * Q * D), [&](int k) { MASS3D_S4 });
        tm.team_barrier();
        hpp::parallel_for(hpp::TeamVectorRange(tm, Q * D * D), [&](int k) { MASS3D_S5 });
        tm.team_barrier();
        hpp::parallel_for(hpp::TeamVectorRange(tm, D * D * D), [&](int k) { MASS3D_S6 });
      });
}
