// The three team kernels written for Kokkos (TeamPolicy, nested
// TeamThreadRange / ThreadVectorRange reductions, level-0 team scratch), the
// way the Kokkos tutorials write them, over the suite's raw arrays (host
// memory on the OpenMP binary). Built only into the OpenMP binary, against
// Debian's libtrilinos-kokkos-dev, whose Kokkos (3.4) enables the Serial
// backend alone: the driver times these against the hpp versions run with
// one OpenMP thread, and prints that thread count beside them.
#include <Kokkos_Core.hpp>

#include "suite.hpp"

using Team = Kokkos::TeamPolicy<>::member_type;

void kokkos_initialize(int& argc, char** argv) { Kokkos::initialize(argc, argv); }
void kokkos_finalize() { Kokkos::finalize(); }
const char* kokkos_backend() { return Kokkos::DefaultExecutionSpace::name(); }

double kokkos_yax(int rows, int cols, const double* y, const double* A, const double* x) {
  double result = 0.0;
  Kokkos::parallel_reduce(
      "kokkos_yax", Kokkos::TeamPolicy<>(rows, Kokkos::AUTO),
      KOKKOS_LAMBDA(const Team& t, double& s) {
        const int j = t.league_rank();
        double row = 0.0;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(t, cols),
            [&](int i, double& r) { r += A[j * cols + i] * x[i]; }, row);
        Kokkos::single(Kokkos::PerTeam(t), [&] { s += y[j] * row; });
      },
      result);
  return result;
}

double kokkos_yax3(int E, int N, int M, const double* y, const double* A, const double* x) {
  double result = 0.0;
  Kokkos::parallel_reduce(
      "kokkos_yax3", Kokkos::TeamPolicy<>(E, Kokkos::AUTO),
      KOKKOS_LAMBDA(const Team& t, double& s) {
        const int e = t.league_rank();
        double cell = 0.0;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(t, N),
            [&](int n, double& c) {
              double row = 0.0;
              Kokkos::parallel_reduce(
                  Kokkos::ThreadVectorRange(t, M),
                  [&](int m, double& r) { r += A[(e * N + n) * M + m] * x[e * M + m]; }, row);
              c += y[e * N + n] * row;
            },
            cell);
        Kokkos::single(Kokkos::PerTeam(t), [&] { s += cell; });
      },
      result);
  return result;
}

void kokkos_contract(int E, int VS, int QP, const double* fields, const double* data,
                     double* out) {
  using Scratch = Kokkos::View<double*, Kokkos::DefaultExecutionSpace::scratch_memory_space,
                               Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  Kokkos::parallel_for(
      "kokkos_contract",
      Kokkos::TeamPolicy<>(E, Kokkos::AUTO)
          .set_scratch_size(0, Kokkos::PerTeam(Scratch::shmem_size(QP))),
      KOKKOS_LAMBDA(const Team& t) {
        const int e = t.league_rank();
        Scratch s(t.team_scratch(0), QP);
        Kokkos::parallel_for(Kokkos::TeamThreadRange(t, QP),
                             [&](int q) { s(q) = data[e * QP + q]; });
        t.team_barrier();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(t, VS), [&](int v) {
          double acc = 0.0;
          Kokkos::parallel_reduce(
              Kokkos::ThreadVectorRange(t, QP),
              [&](int q, double& a) { a += fields[(e * VS + v) * QP + q] * s(q); }, acc);
          out[e * VS + v] = acc;
        });
      });
}
