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

// Team scratch as a Kokkos program spells it, with <hpp/kokkos.hpp> in
// place of <Kokkos_Core.hpp>: a View of
// DefaultExecutionSpace::scratch_memory_space with
// MemoryTraits<Unmanaged>, sized with shmem_size for set_scratch_size and
// built from team_scratch(0) in the team body; the first thread of the team
// fills it over a ThreadVectorRange, team_barrier() orders the fill before
// the nested TeamThreadRange / ThreadVectorRange reductions that read it,
// and single(PerTeam) adds the team's sum. Also the other MemoryTraits that
// are only hints (RandomAccess, MemoryUnmanaged over a user's array), and
// pow() without <cmath>, which Kokkos_Core.hpp brings and so does
// kokkos.hpp.
#include <cstdio>
#include <hpp/kokkos.hpp>

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    const int E = int(pow(2, 9)), M = 40, K = 6;
    using Weights = Kokkos::View<double**, Kokkos::LayoutRight,
                                 Kokkos::MemoryTraits<Kokkos::RandomAccess>>;
    using Shared = Kokkos::View<double*, Kokkos::DefaultExecutionSpace::scratch_memory_space,
                                Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
    Weights w("w", E, M);
    Kokkos::View<double***> B("B", E, K, M);
    auto hw = Kokkos::create_mirror_view(w);
    auto hB = Kokkos::create_mirror_view(B);
    for (int e = 0; e < E; ++e)
      for (int m = 0; m < M; ++m) {
        hw(e, m) = (3 * e + m) % 7 - 3;
        for (int k = 0; k < K; ++k)
          hB(e, k, m) = (e + 5 * k + 2 * m) % 9 - 4;
      }
    Kokkos::deep_copy(w, hw);
    Kokkos::deep_copy(B, hB);

    const int bytes = Shared::shmem_size(M);
    using team_policy = Kokkos::TeamPolicy<>;
    double total = 0;
    Kokkos::parallel_reduce(
        "weighted", team_policy(E, Kokkos::AUTO, 16).set_scratch_size(0, Kokkos::PerTeam(bytes)),
        KOKKOS_LAMBDA(const team_policy::member_type& member, double& update) {
          const int e = member.league_rank();
          Shared s(member.team_scratch(0), M);
          if (member.team_rank() == 0) {
            Kokkos::parallel_for(Kokkos::ThreadVectorRange(member, M),
                                 [&](const int m) { s(m) = w(e, m); });
          }
          member.team_barrier();
          double team = 0;
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(member, K),
              [&](const int k, double& acc) {
                double dot = 0;
                Kokkos::parallel_reduce(
                    Kokkos::ThreadVectorRange(member, M),
                    [&](const int m, double& inner) { inner += B(e, k, m) * s(m); }, dot);
                acc += dot * dot;
              },
              team);
          Kokkos::single(Kokkos::PerTeam(member), [&]() { update += team; });
        },
        total);

    double check[3] = {1, 2, 4};
    Kokkos::View<double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> u(check, 3);
    std::printf("total %.17g scratch bytes %d unmanaged %g\n", total, bytes, u(0) + u(1) + u(2));
  }
  Kokkos::finalize();
  return 0;
}
