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

// Several results in one parallel_reduce: a plain variable (summed) next to
// Max, Prod, Min, LAnd, LOr, BAnd and BOr reducers, each with its own
// accumulator; the results' values before the call do not matter. Also two
// results in a nested TeamThreadRange reduce, and an empty range (every
// result gets its identity).
#include <cstdio>
#include <hpp/hpp.hpp>

struct Results {
  double sum, max, prod;
  int min;
  bool all_small;
  int any_big;
  unsigned band, bor;
};

Results many(int n, const double* v, const int* k, const unsigned* bits) {
  Results r{-1, -1, -1, -1, false, 7, 0, 0};
  hpp::parallel_reduce(
      "many", n,
      [=](int i, double& s, double& mx, double& p, int& mn, bool& all, int& any, unsigned& ba,
          unsigned& bo) {
        s += v[i];
        if (v[i] > mx)
          mx = v[i];
        p *= (i % 100 == 0) ? 2.0 : ((i % 100 == 50) ? 0.5 : 1.0);
        mn = k[i] < mn ? k[i] : mn;
        all = all && (k[i] < 1000);
        any = any || (k[i] > 40);
        ba &= bits[i];
        bo |= bits[i];
      },
      r.sum, hpp::Max<double>(r.max), hpp::Prod<double>(r.prod), hpp::Min<int>(r.min),
      hpp::LAnd<bool>(r.all_small), hpp::LOr<int>(r.any_big), hpp::BAnd<unsigned>(r.band),
      hpp::BOr<unsigned>(r.bor));
  return r;
}

// Per team (row): the row's sum and its maximum from one nested reduce;
// at the top, the sum of the row sums and the maximum of the row maxima.
void rows(int R, int C, const double* v, double* rowsum, double* rowmax, double& total,
          double& top) {
  hpp::parallel_reduce(
      hpp::TeamPolicy(R, hpp::AUTO),
      [=](const hpp::TeamMember& t, double& tot, double& tp) {
        const int r = t.league_rank();
        double s = 0, m = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, C),
            [&](int c, double& a, double& b) {
              a += v[r * C + c];
              if (v[r * C + c] > b)
                b = v[r * C + c];
            },
            s, hpp::Max<double>(m));
        hpp::single(hpp::PerTeam(t), [&] {
          rowsum[r] = s;
          rowmax[r] = m;
        });
        tot += s;
        if (m > tp)
          tp = m;
      },
      total, hpp::Max<double>(top));
}

void print(const char* what, const Results& r) {
  std::printf("%s: sum %.17g max %.17g prod %.17g min %d all_small %d any_big %d band %u bor %u\n",
              what, r.sum, r.max, r.prod, r.min, int(r.all_small), r.any_big, r.band, r.bor);
}

int main() {
  const int n = 7919;
  double* v = hpp::alloc<double>(n, hpp::Space::Shared);
  int* k = hpp::alloc<int>(n, hpp::Space::Shared);
  unsigned* bits = hpp::alloc<unsigned>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) {
    v[i] = (i * 29) % 41 - 17;
    k[i] = (i * 13) % 47 - 3;
    bits[i] = 0xF0F0u | (1u << (i % 13)) | (i == 5000 ? 0x10000u : 0u);
  }
  print("all", many(n, v, k, bits));
  // Prefix ranges: products of different powers of two; the large k and the
  // marked bit not yet reached.
  print("first 60", many(60, v, k, bits));
  print("first 3", many(3, v, k, bits));
  // Make one k too large: all_small turns false.
  k[6000] = 5000;
  print("k[6000] large", many(n, v, k, bits));
  print("empty", many(0, v, k, bits));

  const int R = 13, C = 301;
  double* rs = hpp::alloc<double>(R, hpp::Space::Shared);
  double* rm = hpp::alloc<double>(R, hpp::Space::Shared);
  double total = -1, top = -1;
  rows(R, C, v, rs, rm, total, top);
  double cs = 0;
  for (int r = 0; r < R; ++r) cs += rs[r] * (r + 1) + rm[r] * (r + 2);
  std::printf("rows total %.17g top %.17g checksum %.17g rs[3] %.17g rm[3] %.17g\n", total, top,
              cs, rs[3], rm[3]);
  hpp::free(v);
  hpp::free(k);
  hpp::free(bits);
  hpp::free(rs);
  hpp::free(rm);
  return 0;
}
