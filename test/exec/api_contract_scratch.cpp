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

// contractDataFieldScalar with the API: out(c) = sum_q field(c, q) * w(q).
// Each team gets QP doubles of level-0 scratch (set_scratch_size with
// PerTeam), fills it with a TeamVectorRange loop, waits at team_barrier(),
// reduces over it with a TeamThreadRange reduce and stores the result with
// single(PerTeam). A second kernel also takes per-thread scratch.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

void contract(int C, int QP, const double* field, const double* w, double* out) {
  hpp::parallel_for(
      "contract",
      hpp::TeamPolicy(C, hpp::AUTO).set_scratch_size(0, hpp::PerTeam(hpp::scratch_bytes<double>(QP))),
      [=](const hpp::TeamMember& t) {
        const int c = t.league_rank();
        double* f = t.team_scratch(0).get<double>(QP);
        hpp::parallel_for(hpp::TeamVectorRange(t, QP), [&](int q) { f[q] = field[c * QP + q]; });
        t.team_barrier();
        double s = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, QP), [&](int q, double& p) { p += f[q] * w[q]; }, s);
        hpp::single(hpp::PerTeam(t), [&] { out[c] = s; });
      });
}

// Two scratch arrays: the weighted field in team scratch, and each thread's
// partial squares in its own scratch (one double); out2(c) = sum f^2.
void contract2(int C, int QP, const double* field, const double* w, double* out,
               double* out2) {
  hpp::parallel_for(
      hpp::TeamPolicy(C, 2, 2).set_scratch_size(0, hpp::PerTeam(hpp::scratch_bytes<double>(QP)),
                                                hpp::PerThread(hpp::scratch_bytes<double>(1))),
      [=](const hpp::TeamMember& t) {
        double* f = t.team_scratch(0).get<double>(QP);
        double* mine = t.thread_scratch(0).get<double>(1);
        hpp::parallel_for(hpp::TeamVectorRange(t, QP),
                          [&](int q) { f[q] = field[t.league_rank() * QP + q] * w[q]; });
        t.team_barrier();
        double s = 0;
        hpp::parallel_reduce(hpp::TeamThreadRange(t, QP), [&](int q, double& p) { p += f[q]; }, s);
        hpp::single(hpp::PerThread(t), [&] { mine[0] = 0; });
        double sq = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, QP), [&](int q, double& p) { p += f[q] * f[q]; }, sq);
        hpp::single(hpp::PerTeam(t), [&] {
          out[t.league_rank()] = s;
          out2[t.league_rank()] = sq + mine[0];
        });
      });
}

int main() {
  const int C = 101, QP = 27;
  double* field = hpp::alloc<double>(C * QP, hpp::Space::Shared);
  double* w = hpp::alloc<double>(QP, hpp::Space::Shared);
  double* out = hpp::alloc<double>(C, hpp::Space::Shared);
  double* out2 = hpp::alloc<double>(C, hpp::Space::Shared);
  for (int c = 0; c < C; ++c) out[c] = out2[c] = -1.0;
  std::vector<double> ref(C), ref2(C);
  for (int i = 0; i < C * QP; ++i) field[i] = (i * 13) % 17 - 8;
  for (int q = 0; q < QP; ++q) w[q] = q % 3 + 1;
  for (int c = 0; c < C; ++c) {
    double s = 0, s2 = 0;
    for (int q = 0; q < QP; ++q) {
      s += field[c * QP + q] * w[q];
      s2 += (field[c * QP + q] * w[q]) * (field[c * QP + q] * w[q]);
    }
    ref[c] = s;
    ref2[c] = s2;
  }
  contract(C, QP, field, w, out);
  int bad = 0;
  double cs = 0;
  for (int c = 0; c < C; ++c) {
    bad += out[c] != ref[c];
    cs += out[c] * (c % 4 + 1);
  }
  std::printf("checksum %.17g out[0] %.17g out[50] %.17g out[100] %.17g mismatches %d\n", cs,
              out[0], out[50], out[C - 1], bad);
  // A different run-time size through the same code.
  const int QP2 = 5;
  contract(C, QP2, field, w, out);
  bad = 0;
  for (int c = 0; c < C; ++c) {
    double s = 0;
    for (int q = 0; q < QP2; ++q) s += field[c * QP2 + q] * w[q];
    bad += out[c] != s;
  }
  std::printf("QP=5 out[0] %.17g out[100] %.17g mismatches %d\n", out[0], out[C - 1], bad);
  contract2(C, QP, field, w, out, out2);
  bad = 0;
  double cs2 = 0;
  for (int c = 0; c < C; ++c) {
    bad += (out[c] != ref[c]) + (out2[c] != ref2[c]);
    cs2 += out2[c] * (c % 3 + 1);
  }
  std::printf("contract2 out2 checksum %.17g out2[7] %.17g mismatches %d\n", cs2, out2[7], bad);
  // Zero cells: nothing written.
  out[0] = 123;
  contract(0, QP, field, w, out);
  std::printf("zero cells out[0] %.17g\n", out[0]);
  hpp::free(field);
  hpp::free(w);
  hpp::free(out);
  hpp::free(out2);
  return 0;
}
