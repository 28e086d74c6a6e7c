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

// A program written as a Kokkos user writes it, with <hpp/kokkos.hpp> in
// place of <Kokkos_Core.hpp>: initialize/finalize, Views spelled with
// Kokkos data types, layouts and memory spaces, HostMirror and
// create_mirror_view, KOKKOS_LAMBDA bodies over an integer range, an
// MDRangePolicy<Rank<2>>, a TeamPolicy<>::member_type body with nested
// TeamThreadRange / ThreadVectorRange reductions, and Kokkos::Timer.
#include <cstdio>
#include <hpp/kokkos.hpp>

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 300, M = 71;
    using ViewVectorType = Kokkos::View<double*>;
    using ViewMatrixType = Kokkos::View<double**, Kokkos::LayoutLeft>;
    ViewVectorType y("y", N);
    ViewVectorType x("x", M);
    ViewMatrixType A("A", N, M);
    ViewVectorType::HostMirror h_y = Kokkos::create_mirror_view(y);
    ViewVectorType::HostMirror h_x = Kokkos::create_mirror_view(x);
    ViewMatrixType::HostMirror h_A = Kokkos::create_mirror_view(A);
    for (int j = 0; j < N; ++j)
      h_y(j) = j % 3 + 1;
    for (int i = 0; i < M; ++i)
      h_x(i) = i % 5 - 1.5;
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < M; ++i)
        h_A(j, i) = (j + 2 * i) % 7 - 2;
    Kokkos::deep_copy(y, h_y);
    Kokkos::deep_copy(x, h_x);
    Kokkos::deep_copy(A, h_A);

    Kokkos::Timer timer;
    double flat = 0;
    Kokkos::parallel_reduce(
        "yAx", N,
        KOKKOS_LAMBDA(int j, double& update) {
          double temp = 0;
          for (int i = 0; i < M; ++i)
            temp += A(j, i) * x(i);
          update += y(j) * temp;
        },
        flat);

    using team_policy = Kokkos::TeamPolicy<>;
    using member_type = team_policy::member_type;
    double team = 0;
    Kokkos::parallel_reduce(
        "yAx_team", team_policy(N, Kokkos::AUTO),
        KOKKOS_LAMBDA(const member_type& t, double& update) {
          const int j = t.league_rank();
          double temp = 0;
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(t, M), [&](int i, double& inner) { inner += A(j, i) * x(i); },
              temp);
          Kokkos::single(Kokkos::PerTeam(t), [&] { update += y(j) * temp; });
        },
        team);

    Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HostSpace> B("B", N, M);
    Kokkos::View<double**> C("C", N, M);
    Kokkos::parallel_for(
        "scale", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {N, M}),
        KOKKOS_LAMBDA(int j, int i) { C(j, i) = 2 * A(j, i) + y(j); });
    Kokkos::fence();
    Kokkos::deep_copy(B, C);
    double bs = 0;
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < M; ++i)
        bs += B(j, i) * (i + 1);
    const double seconds = timer.seconds();
    std::printf("yAx flat %.17g team %.17g checksum %.17g timer %s\n", flat, team, bs,
                seconds >= 0 ? "ok" : "negative");
  }
  Kokkos::finalize();
  std::printf("finalized %d\n", int(Kokkos::is_finalized()));
  return 0;
}
