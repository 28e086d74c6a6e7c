// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: env OMP_NUM_THREADS=3 %t > %t.out3 && %compare %t.ser.out %t.out3
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// Nested loops have a copy for the common AUTO step with the rank's range
// known (codegen/specialised_copies.cpp): vector loops for a warp of lanes,
// thread loops of teams without lanes for the team's width. A thread
// loop's copy holds its statements under the guard that runs them on one
// lane: a counter incremented once per row would count every lane without
// it. The columns over lanes of a tiled transpose run once per lane in the
// vector loops' copies; its tiles are partial at the matrix's edges. The
// team regions with lanes run on a warp of lanes (the copies) and on half
// a warp (the general paths).
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int E = 300, N = 37, M = 130; // rows longer than a warp, not a multiple of it
  const int R = 100, C = 75; // not multiples of the 32 x 32 tile
  double *A = hpp::alloc<double>(E * N * M, hpp::Space::Shared);
  double *x = hpp::alloc<double>(E * M, hpp::Space::Shared);
  double *y = hpp::alloc<double>(E * N, hpp::Space::Shared);
  int *rows_seen = hpp::alloc<int>(E * N, hpp::Space::Shared);
  double *in = hpp::alloc<double>(R * C, hpp::Space::Shared);
  double *out = hpp::alloc<double>(R * C, hpp::Space::Shared);
  for (int i = 0; i < E * N * M; ++i)
    A[i] = (i * 13 % 29) * 0.125;
  for (int i = 0; i < E * M; ++i)
    x[i] = (i % 7) - 3;
  for (int i = 0; i < R * C; ++i)
    in[i] = i * 0.5;
  for (int i = 0; i < E * N; ++i)
    rows_seen[i] = 0;

  for (int pass = 0; pass < 2; ++pass) {
    double total = 0;
    // A warp of lanes takes the vector loops' copies, 16 lanes their
    // general paths.
    const int team = pass == 0 ? 8 : 4, lanes = pass == 0 ? 32 : 16;
    #pragma hpp team reduction(+: total) team_size(team) vector_length(lanes)
    for (int e = 0; e < E; ++e) {
      #pragma hpp thread reduction(+: total)
      for (int n = 0; n < N; ++n) {
        double s = 0;
        #pragma hpp vector reduction(+: s)
        for (int m = 0; m < M; ++m)
          s += A[(e * N + n) * M + m] * x[e * M + m];
        y[e * N + n] = s;
        rows_seen[e * N + n] += 1;
        total += s;
      }
    }
    double ysum = 0;
    long seen = 0;
    for (int i = 0; i < E * N; ++i) {
      ysum += y[i] * (i % 5 + 1);
      seen += rows_seen[i];
    }
    std::printf("pass %d (team %d, lanes %d): total %.17g weighted y %.17g rows seen %ld\n", pass,
                team, lanes, total, ysum, seen);

    const int TR = (R + 31) / 32, TC = (C + 31) / 32;
    #pragma hpp team team_size(team) vector_length(lanes)
    for (int t = 0; t < TR * TC; ++t) {
      const int r0 = (t / TC) * 32, c0 = (t % TC) * 32;
      #pragma hpp scratch
      double tile[32][33];
      #pragma hpp thread
      for (int i = 0; i < 32; ++i) {
        #pragma hpp vector
        for (int j = 0; j < 32; ++j)
          if (r0 + i < R && c0 + j < C)
            tile[i][j] = in[(r0 + i) * C + (c0 + j)];
      }
      #pragma hpp thread
      for (int j = 0; j < 32; ++j) {
        #pragma hpp vector
        for (int i = 0; i < 32; ++i)
          if (r0 + i < R && c0 + j < C)
            out[(c0 + j) * R + (r0 + i)] = tile[i][j] + pass;
      }
    }
    double tsum = 0;
    for (int i = 0; i < R * C; ++i)
      tsum += out[i] * (i % 11 + 1);
    std::printf("pass %d: transpose weighted %.17g out[1] %.17g out[last] %.17g\n", pass, tsum,
                out[1], out[R * C - 1]);
  }

  // A team without vector loops, its loop of constant trips: the thread
  // loop's copy is for the team's width (33 -> 64 threads). Then the same
  // loop on 256 threads of 4 lanes each: the copy for 256 threads runs,
  // and its guard keeps the per-row count to one lane of each thread (a
  // copy taken before the guards were emitted counted each row 4 times).
  const int W = 33;
  #pragma hpp team
  for (int e = 0; e < E; ++e) {
    #pragma hpp thread
    for (int n = W - 1; n >= 0; --n)
      rows_seen[e * N + n] += n + 1;
  }
  #pragma hpp team team_size(256) vector_length(4)
  for (int e = 0; e < E; ++e) {
    #pragma hpp thread
    for (int n = W - 1; n >= 0; --n)
      rows_seen[e * N + n] += 2 * n + 1;
  }
  long seen = 0;
  for (int i = 0; i < E * N; ++i)
    seen += rows_seen[i] * (i % 3 + 1);
  std::printf("width %d: rows seen weighted %ld\n", W, seen);

  hpp::free(A);
  hpp::free(x);
  hpp::free(y);
  hpp::free(rows_seen);
  hpp::free(in);
  hpp::free(out);
  return 0;
}
