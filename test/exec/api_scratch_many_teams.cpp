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

// Far more teams than a GPU runs at once, so that every block runs many
// teams one after the other with the same scratch: the next team must not
// fill the scratch while slower threads still read the previous team's.
// (On an H200, 200,000 teams gave wrong outputs before hppc tracked scratch
// reached through the pointer the API returns.)
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int E = 200000, QP = 64;
  double *d = hpp::alloc<double>(static_cast<size_t>(E) * QP, hpp::Space::Shared);
  double *out = hpp::alloc<double>(static_cast<size_t>(E) * QP, hpp::Space::Shared);
  for (size_t i = 0; i < static_cast<size_t>(E) * QP; ++i) {
    d[i] = static_cast<double>(i % 1009);
    out[i] = -1;
  }
  hpp::parallel_for("reverse",
      hpp::TeamPolicy(E, hpp::AUTO).set_scratch_size(0, hpp::PerTeam(hpp::scratch_bytes<double>(QP))),
      [=](const hpp::TeamMember &t) {
        const int e = t.league_rank();
        double *s = t.team_scratch(0).get<double>(QP);
        hpp::parallel_for(hpp::TeamVectorRange(t, QP), [&](int q) { s[q] = d[static_cast<size_t>(e) * QP + q]; });
        t.team_barrier();
        hpp::parallel_for(hpp::TeamThreadRange(t, QP), [&](int v) {
          out[static_cast<size_t>(e) * QP + v] = s[QP - 1 - v];
        });
      });
  long wrong = 0;
  double sum = 0;
  for (int e = 0; e < E; ++e)
    for (int v = 0; v < QP; ++v) {
      const size_t at = static_cast<size_t>(e) * QP + v;
      wrong += out[at] != d[static_cast<size_t>(e) * QP + QP - 1 - v];
      sum += out[at];
    }
  std::printf("wrong %ld sum %.1f first %.1f last %.1f\n", wrong, sum, out[0],
              out[static_cast<size_t>(E) * QP - 1]);
  hpp::free(d);
  hpp::free(out);
  return 0;
}
