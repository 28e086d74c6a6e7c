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

// Work split by hand over team_rank()/team_size(), a Kokkos idiom: the team
// body runs as written, once per team, so every index is still done once
// (hppc warns that TeamThreadRange would spread it over the threads).
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int teams = 57, per = 37;
  double *out = hpp::alloc<double>(teams * per, hpp::Space::Shared);
  for (int i = 0; i < teams * per; ++i) out[i] = -1;
  hpp::parallel_for(hpp::TeamPolicy(teams, hpp::AUTO), [=](const hpp::TeamMember &t) {
    const int e = t.league_rank();
    for (int i = t.team_rank(); i < per; i += t.team_size())
      out[e * per + i] = e * 0.5 + i;
  });
  double sum = 0;
  int unset = 0;
  for (int i = 0; i < teams * per; ++i) {
    sum += out[i];
    unset += out[i] < 0;
  }
  std::printf("sum %.1f unset %d last %.1f\n", sum, unset, out[teams * per - 1]);
  hpp::free(out);
  return 0;
}
