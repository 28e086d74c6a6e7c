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

// The remaining level spellings and launch clauses: 'thread vector'
// (TeamVectorRange), 'team vector' (flat), vector directly in a team, launch
// clauses league/team_size/vector_length/name, collapse with tile, and
// minloc/maxloc at vector and team level.
#include <cstdio>
#include <hpp/hpp.hpp>

int main() {
  const int T = 19, N = 41;
  double* v = hpp::alloc<double>(T * N, hpp::Space::Shared);
  double* out = hpp::alloc<double>(T * N, hpp::Space::Shared);
  for (int i = 0; i < T * N; ++i) v[i] = (i * 29) % 37 - 18;
  for (int i = 0; i < T * N; ++i) out[i] = -1;
  const double* vp = v;
  double* op = out;

  // thread vector inside a team, with clauses on the team loop; the league
  // cap (4) is smaller than the number of teams.
  double total = 0;
  double* rowmin = hpp::alloc<double>(T, hpp::Space::Shared);
  double* rowmax = hpp::alloc<double>(T, hpp::Space::Shared);
  int* rowmini = hpp::alloc<int>(T, hpp::Space::Shared);
  int* rowmaxi = hpp::alloc<int>(T, hpp::Space::Shared);
  double* rmn = rowmin;
  double* rmx = rowmax;
  int* rmni = rowmini;
  int* rmxi = rowmaxi;
  int lg = 4;
#pragma hpp team league(lg) team_size(3) vector_length(8) name("rows") reduction(+: total)
  for (int t = 0; t < T; ++t) {
    double s = 0;
#pragma hpp thread vector reduction(+: s)
    for (int i = 0; i < N; ++i) {
      op[t * N + i] = vp[t * N + i] * 2;
      s += vp[t * N + i];
    }
    double mnv = 1e9, mxv = -1e9;
    int mni = -1, mxi = -1;
#pragma hpp vector reduction(minloc: mnv, mni) reduction(maxloc: mxv, mxi)
    for (int i = 0; i < N; ++i) {
      double x = vp[t * N + i];
      if (x < mnv) { mnv = x; mni = i; }
      if (x > mxv) { mxv = x; mxi = i; }
    }
    rmn[t] = mnv; rmni[t] = mni; rmx[t] = mxv; rmxi[t] = mxi;
    total += s;
  }
  int bad = 0;
  double rtotal = 0;
  for (int t = 0; t < T; ++t) {
    double mnv = 1e9, mxv = -1e9;
    int mni = -1, mxi = -1;
    for (int i = 0; i < N; ++i) {
      double x = v[t * N + i];
      bad += out[t * N + i] != 2 * x;
      rtotal += x;
      if (x < mnv) { mnv = x; mni = i; }
      if (x > mxv) { mxv = x; mxi = i; }
    }
    bad += (rowmin[t] != mnv) + (rowmax[t] != mxv) + (rowmini[t] != mni) + (rowmaxi[t] != mxi);
  }
  std::printf("total %.17g ref %.17g rowmin[0] %.17g @ %d rowmax[0] %.17g @ %d rowmin[18] %.17g @ %d mismatches %d\n",
              total, rtotal, rowmin[0], rowmini[0], rowmax[0], rowmaxi[0], rowmin[T - 1],
              rowmini[T - 1], bad);

  // Team-level minloc over teams in a descending team loop: the row with the
  // smallest row sum; rows 3 and 11 are forced to tie. Ties go to the lowest
  // index (hpp's rule, as Kokkos' MinLoc); the body says so explicitly, since
  // a plain strict '<' in a downward loop would keep 11 serially (hppc warns).
  double* w = hpp::alloc<double>(T * N, hpp::Space::Shared);
  for (int i = 0; i < T * N; ++i) w[i] = v[i];
  for (int i = 0; i < N; ++i) { w[3 * N + i] = -50; w[11 * N + i] = -50; }
  const double* wp = w;
  double best = 1e300;
  int besti = -1;
#pragma hpp team reduction(minloc: best, besti)
  for (int t = T - 1; t >= 0; --t) {
    double s = 0;
#pragma hpp vector reduction(+: s)
    for (int i = 0; i < N; ++i) s += wp[t * N + i];
    if (s < best || (s == best && t < besti)) { best = s; besti = t; }
  }
  std::printf("team minloc %.17g @ %d\n", best, besti);

  // 'team vector' flat loop, and collapse(2) with tile.
  double* a = hpp::alloc<double>(T * N, hpp::Space::Shared);
  for (int i = 0; i < T * N; ++i) a[i] = 0;
  double* ap = a;
#pragma hpp team vector
  for (int i = 0; i < T * N; ++i) ap[i] = vp[i] + 1;
  double s2 = 0;
#pragma hpp parallel collapse(2) tile(4, 8) reduction(+: s2)
  for (int i = 0; i < T; ++i)
    for (int j = 0; j < N; ++j) {
      ap[i * N + j] += i * j;
      s2 += ap[i * N + j];
    }
  bad = 0;
  double rs2 = 0;
  for (int i = 0; i < T; ++i)
    for (int j = 0; j < N; ++j) {
      double e = v[i * N + j] + 1 + i * j;
      bad += a[i * N + j] != e;
      rs2 += e;
    }
  std::printf("tile sum %.17g ref %.17g a[0] %.17g a[last] %.17g mismatches %d\n", s2, rs2, a[0],
              a[T * N - 1], bad);
  hpp::free(v);
  hpp::free(out);
  hpp::free(rowmin);
  hpp::free(rowmax);
  hpp::free(rowmini);
  hpp::free(rowmaxi);
  hpp::free(w);
  hpp::free(a);
  return 0;

}
