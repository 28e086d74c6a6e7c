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

// Three levels with the API: a team per element, a TeamThreadRange loop over
// the element's rows, a ThreadVectorRange reduce over the columns inside,
// the row result stored by single(PerThread). The second kernel reduces at
// the thread level too (a TeamThreadRange parallel_reduce whose body holds
// a ThreadVectorRange reduce) and stores per team with single(PerTeam);
// the third uses TeamVectorRange and the (t, begin, end) forms.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

void three_level(int E, int N, int M, const double* A, const double* x, double* y) {
  hpp::parallel_for(hpp::TeamPolicy(E, hpp::AUTO, 16), [=](const hpp::TeamMember& t) {
    const int e = t.league_rank();
    hpp::parallel_for(hpp::TeamThreadRange(t, N), [&](int n) {
      double s = 0;
      hpp::parallel_reduce(
          hpp::ThreadVectorRange(t, M),
          [&](int m, double& p) { p += A[(e * N + n) * M + m] * x[m]; }, s);
      hpp::single(hpp::PerThread(t), [&] { y[e * N + n] = s; });
    });
  });
}

double three_level_sum(int E, int N, int M, const double* A, const double* x, double* rowsum) {
  double total = 0;
  hpp::parallel_reduce(
      hpp::TeamPolicy(E, 2, 4),
      [=](const hpp::TeamMember& t, double& tot) {
        double acc = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, N),
            [&](int n, double& a) {
              double s = 0;
              hpp::parallel_reduce(
                  hpp::ThreadVectorRange(t, M),
                  [&](int m, double& p) {
                    p += A[(t.league_rank() * N + n) * M + m] * x[m];
                  },
                  s);
              a += s;
            },
            acc);
        hpp::single(hpp::PerTeam(t), [&] { rowsum[t.league_rank()] = acc; });
        tot += acc;
      },
      total);
  return total;
}

// z[e*N + n] = sum over m in [2, M-1) of A; then a TeamVectorRange scaling of
// the element's slice of z by a broadcast factor.
void three_level_ranges(int E, int N, int M, const double* A, double* z) {
  hpp::parallel_for(hpp::TeamPolicy(E, hpp::AUTO), [=](const hpp::TeamMember& t) {
    const int e = t.league_rank();
    hpp::parallel_for(hpp::TeamThreadRange(t, 0, N), [&](int n) {
      double s = 0;
      hpp::parallel_reduce(
          hpp::ThreadVectorRange(t, 2, M - 1),
          [&](int m, double& p) { p += A[(e * N + n) * M + m]; }, s);
      hpp::single(hpp::PerThread(t), [&] { z[e * N + n] = s; });
    });
    t.team_barrier();
    double f = 0;
    hpp::single(hpp::PerTeam(t), [&](double& v) { v = e % 3 + 1; }, f);
    hpp::parallel_for(hpp::TeamVectorRange(t, N), [&](int n) { z[e * N + n] *= f; });
  });
}

int main() {
  const int E = 23, N = 9, M = 67;
  double* A = hpp::alloc<double>(E * N * M, hpp::Space::Shared);
  double* x = hpp::alloc<double>(M, hpp::Space::Shared);
  double* y = hpp::alloc<double>(E * N, hpp::Space::Shared);
  double* z = hpp::alloc<double>(E * N, hpp::Space::Shared);
  double* rowsum = hpp::alloc<double>(E, hpp::Space::Shared);
  for (int i = 0; i < E * N * M; ++i) A[i] = (i * 7) % 13 - 6;
  for (int m = 0; m < M; ++m) x[m] = m % 5 - 2;
  for (int i = 0; i < E * N; ++i) y[i] = z[i] = -1;
  std::vector<double> ry(E * N), rz(E * N), rr(E, 0.0);
  double rt = 0;
  for (int e = 0; e < E; ++e)
    for (int n = 0; n < N; ++n) {
      double s = 0, u = 0;
      for (int m = 0; m < M; ++m) s += A[(e * N + n) * M + m] * x[m];
      for (int m = 2; m < M - 1; ++m) u += A[(e * N + n) * M + m];
      ry[e * N + n] = s;
      rz[e * N + n] = u * (e % 3 + 1);
      rr[e] += s;
      rt += s;
    }
  three_level(E, N, M, A, x, y);
  int bad = 0;
  double cs = 0;
  for (int i = 0; i < E * N; ++i) {
    bad += y[i] != ry[i];
    cs += y[i] * (i % 7 + 1);
  }
  std::printf("three_level checksum %.17g y[0] %.17g y[100] %.17g mismatches %d\n", cs, y[0],
              y[100], bad);
  const double tot = three_level_sum(E, N, M, A, x, rowsum);
  bad = 0;
  cs = 0;
  for (int e = 0; e < E; ++e) {
    bad += rowsum[e] != rr[e];
    cs += rowsum[e] * (e + 1);
  }
  std::printf("three_level_sum %.17g ref %.17g checksum %.17g mismatches %d\n", tot, rt, cs, bad);
  three_level_ranges(E, N, M, A, z);
  bad = 0;
  cs = 0;
  for (int i = 0; i < E * N; ++i) {
    bad += z[i] != rz[i];
    cs += z[i] * (i % 5 + 1);
  }
  std::printf("ranges checksum %.17g z[1] %.17g z[200] %.17g mismatches %d\n", cs, z[1], z[200],
              bad);
  // Empty levels: no rows, no columns, no elements.
  three_level(E, 0, M, A, x, y);
  std::printf("zero N sum %.17g\n", three_level_sum(E, 0, M, A, x, rowsum));
  std::printf("rowsum[3] %.17g\n", rowsum[3]);
  three_level(E, N, 0, A, x, y);
  std::printf("zero M y[10] %.17g\n", y[10]);
  std::printf("zero E sum %.17g\n", three_level_sum(0, N, M, A, x, rowsum));
  hpp::free(A);
  hpp::free(x);
  hpp::free(y);
  hpp::free(z);
  hpp::free(rowsum);
  return 0;
}
