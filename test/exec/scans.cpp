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

// Scans on flat loops: an inclusive max-scan and an exclusive sum-scan, with
// totals, elements and a zero-trip scan.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

int main() {
  const int n = 1001;
  long* in = hpp::alloc<long>(n, hpp::Space::Shared);
  long* incl = hpp::alloc<long>(n, hpp::Space::Shared);
  long* excl = hpp::alloc<long>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) {
    in[i] = (i * 37) % 101 - 50 + i / 10;
    incl[i] = excl[i] = -7;
  }
  const long* ip = in;
  long* incp = incl;
  long* excp = excl;

  long m = -1000000;
#pragma hpp parallel reduction(inscan, max: m)
  for (int i = 0; i < n; ++i) {
    m = ip[i] > m ? ip[i] : m;
#pragma hpp scan inclusive(m)
    incp[i] = m;
  }

  long s = 0;
#pragma hpp parallel reduction(inscan, +: s)
  for (int i = 0; i < n; ++i) {
    excp[i] = s;
#pragma hpp scan exclusive(s)
    s += ip[i];
  }

  std::vector<long> rinc(n), rexc(n);
  long rm = -1000000, rs = 0;
  for (int i = 0; i < n; ++i) {
    rm = in[i] > rm ? in[i] : rm;
    rinc[i] = rm;
    rexc[i] = rs;
    rs += in[i];
  }
  int bad = 0;
  long csi = 0, cse = 0;
  for (int i = 0; i < n; ++i) {
    bad += incl[i] != rinc[i];
    bad += excl[i] != rexc[i];
    csi += incl[i] * (i % 7 + 1);
    cse += excl[i] * (i % 5 + 1);
  }
  std::printf("max total %ld ref %ld sum total %ld ref %ld\n", m, rm, s, rs);
  std::printf("incl checksum %ld incl[0] %ld incl[500] %ld incl[1000] %ld\n", csi, incl[0],
              incl[500], incl[n - 1]);
  std::printf("excl checksum %ld excl[0] %ld excl[1] %ld excl[500] %ld excl[1000] %ld\n", cse,
              excl[0], excl[1], excl[500], excl[n - 1]);
  std::printf("mismatches %d\n", bad);

  // Inclusive sum-scan of doubles starting from a non-zero value.
  double* d = hpp::alloc<double>(n, hpp::Space::Shared);
  double* dout = hpp::alloc<double>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) d[i] = (i % 9) * 0.5;
  const double* dp = d;
  double* dop = dout;
  double ds = 10;
#pragma hpp parallel reduction(inscan, +: ds)
  for (int i = 0; i < n; ++i) {
    ds += dp[i];
#pragma hpp scan inclusive(ds)
    dop[i] = ds;
  }
  double rds = 10;
  bad = 0;
  for (int i = 0; i < n; ++i) {
    rds += d[i];
    bad += dout[i] != rds;
  }
  std::printf("double scan total %.17g ref %.17g dout[0] %.17g dout[1000] %.17g mismatches %d\n",
              ds, rds, dout[0], dout[n - 1], bad);

  // Zero trips: the totals keep their initial values.
  long z = 5;
  int zero = 0;
#pragma hpp parallel reduction(inscan, +: z)
  for (int i = 0; i < zero; ++i) {
    excp[i] = z;
#pragma hpp scan exclusive(z)
    z += ip[i];
  }
  std::printf("zero-trip %ld excl[0] %ld\n", z, excl[0]);

  // Two inscan variables of different types over more tiles than the GPU
  // runs at once (its look-back then naps between polls): one shared-memory
  // exchange serves both (a buffer per type passed the 48 KB a kernel may
  // declare once tiles grew to 16 items per thread).
  const int big = 3000017;
  long* cnt = hpp::alloc<long>(big, hpp::Space::Shared);
  double* half = hpp::alloc<double>(big, hpp::Space::Shared);
  long c2 = 0;
  double h2 = 0;
#pragma hpp parallel reduction(inscan, +: c2, h2)
  for (int i = 0; i < big; ++i) {
    c2 += i % 7;
    h2 += (i % 5) * 0.5;
#pragma hpp scan inclusive(c2, h2)
    cnt[i] = c2;
    half[i] = h2;
  }
  long rc = 0, wrong = 0;
  double rh = 0;
  for (int i = 0; i < big; ++i) {
    rc += i % 7;
    rh += (i % 5) * 0.5;
    wrong += cnt[i] != rc || half[i] != rh;
  }
  std::printf("two-type scan totals %ld %.17g cnt[last] %ld half[last] %.17g mismatches %ld\n", c2, h2,
              cnt[big - 1], half[big - 1], wrong);
  hpp::free(cnt);
  hpp::free(half);

  // A floating-point scan's total is its last element, bit for bit, as
  // after the serial loop (the values themselves are reassociated on a GPU:
  // only the equality is printed). An exclusive scan's total is its last
  // element plus the last input.
  double* fl = hpp::alloc<double>(big, hpp::Space::Shared);
  double* fe = hpp::alloc<double>(big, hpp::Space::Shared);
  double fi = 0, fx = 0;
#pragma hpp parallel reduction(inscan, +: fi)
  for (int i = 0; i < big; ++i) {
    fi += 0.1 * (i % 7) + 1.0 / (1 + i % 13);
#pragma hpp scan inclusive(fi)
    fl[i] = fi;
  }
#pragma hpp parallel reduction(inscan, +: fx)
  for (int i = 0; i < big; ++i) {
    fe[i] = fx;
#pragma hpp scan exclusive(fx)
    fx += 0.1 * (i % 7) + 1.0 / (1 + i % 13);
  }
  const double last_in = 0.1 * ((big - 1) % 7) + 1.0 / (1 + (big - 1) % 13);
  std::printf("inclusive double total == last element: %d; exclusive: %d\n", fi == fl[big - 1],
              fx == fe[big - 1] + last_in);
  hpp::free(fl);
  hpp::free(fe);
  hpp::free(in);
  hpp::free(incl);
  hpp::free(excl);
  hpp::free(d);
  hpp::free(dout);

  return 0;
}
