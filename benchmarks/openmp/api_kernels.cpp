// OpenMP backend: the hpp::parallel_* API form against the #pragma hpp form
// of the same kernel, with a hand-written OpenMP baseline, all in this one
// file, so that after
//   hppc translate --backend=openmp api_kernels.cpp -o api_kernels.omp.cpp
// the three versions are compiled into one binary with the same flags.
// Kernels (each far larger than the 32 MiB L3):
//   yAx       result = y^T A x, A rows x cols: a team per row, the row's dot
//             product as a vector reduction (API: TeamVectorRange reduce).
//   yAx3      result = sum_e sum_n y(e,n) sum_m A(e,n,m) x(e,m): team /
//             thread / vector reductions (API: TeamThreadRange reduce with a
//             ThreadVectorRange reduce inside).
//   contract  out(e,v) = sum_q fields(e,v,q) data(e,q), the cell's data row
//             in level-0 team scratch (API: set_scratch_size(0, PerTeam),
//             team_scratch(0).get<double>(QP), team_barrier()).
// main() times the three versions of each kernel interleaved (their order
// rotates every repetition), median of REPS runs after warm-up, checks the
// results against each other and prints one table with the ratios
// pragma_ms / api_ms (>= 1: the API form is as fast) and omp_ms / api_ms.
//
// Usage: api_kernels [reps] [rows cols] [E N M] [EC VS QP]
#include <hpp/hpp.hpp>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// ------------------------------------------------------------------ yAx ---
__attribute__((noinline)) double yax_pragma(int rows, int cols, const double* A,
                                            const double* x, const double* y) {
  double result = 0;
  #pragma hpp team reduction(+: result) name("yAx_pragma")
  for (int e = 0; e < rows; ++e) {
    double row = 0;
    #pragma hpp vector reduction(+: row)
    for (int j = 0; j < cols; ++j)
      row += A[static_cast<size_t>(e) * cols + j] * x[j];
    result += y[e] * row;
  }
  return result;
}

__attribute__((noinline)) double yax_api(int rows, int cols, const double* A,
                                         const double* x, const double* y) {
  double result = 0;
  hpp::parallel_reduce(
      "yAx_api", hpp::TeamPolicy(rows, hpp::AUTO),
      [=](const hpp::TeamMember& t, double& s) {
        const int e = t.league_rank();
        double row = 0;
        hpp::parallel_reduce(
            hpp::TeamVectorRange(t, cols),
            [&](int j, double& r) { r += A[static_cast<size_t>(e) * cols + j] * x[j]; }, row);
        s += y[e] * row;
      },
      result);
  return result;
}

__attribute__((noinline)) double yax_omp(int rows, int cols, const double* A,
                                         const double* x, const double* y) {
  double result = 0;
  #pragma omp parallel for reduction(+: result)
  for (int e = 0; e < rows; ++e) {
    double row = 0;
    #pragma omp simd reduction(+: row)
    for (int j = 0; j < cols; ++j)
      row += A[static_cast<size_t>(e) * cols + j] * x[j];
    result += y[e] * row;
  }
  return result;
}

// -------------------------------------------------------- three-level yAx ---
__attribute__((noinline)) double yax3_pragma(int E, int N, int M, const double* y,
                                             const double* A, const double* x) {
  double result = 0;
  #pragma hpp team reduction(+: result) name("yAx3_pragma")
  for (int e = 0; e < E; ++e) {
    double cell = 0;
    #pragma hpp thread reduction(+: cell)
    for (int n = 0; n < N; ++n) {
      double row = 0;
      #pragma hpp vector reduction(+: row)
      for (int m = 0; m < M; ++m)
        row += A[(static_cast<size_t>(e) * N + n) * M + m] * x[static_cast<size_t>(e) * M + m];
      cell += y[static_cast<size_t>(e) * N + n] * row;
    }
    result += cell;
  }
  return result;
}

__attribute__((noinline)) double yax3_api(int E, int N, int M, const double* y,
                                          const double* A, const double* x) {
  double result = 0;
  hpp::parallel_reduce(
      "yAx3_api", hpp::TeamPolicy(E, hpp::AUTO),
      [=](const hpp::TeamMember& t, double& s) {
        const int e = t.league_rank();
        double cell = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, N),
            [&](int n, double& c) {
              double row = 0;
              hpp::parallel_reduce(
                  hpp::ThreadVectorRange(t, M),
                  [&](int m, double& r) {
                    r += A[(static_cast<size_t>(e) * N + n) * M + m] *
                         x[static_cast<size_t>(e) * M + m];
                  },
                  row);
              c += y[static_cast<size_t>(e) * N + n] * row;
            },
            cell);
        s += cell;
      },
      result);
  return result;
}

__attribute__((noinline)) double yax3_omp(int E, int N, int M, const double* y,
                                          const double* A, const double* x) {
  double result = 0;
  #pragma omp parallel for reduction(+: result)
  for (int e = 0; e < E; ++e) {
    double cell = 0;
    for (int n = 0; n < N; ++n) {
      double row = 0;
      #pragma omp simd reduction(+: row)
      for (int m = 0; m < M; ++m)
        row += A[(static_cast<size_t>(e) * N + n) * M + m] * x[static_cast<size_t>(e) * M + m];
      cell += y[static_cast<size_t>(e) * N + n] * row;
    }
    result += cell;
  }
  return result;
}

// ------------------------------------------------ contract with scratch ---
__attribute__((noinline)) void contract_pragma(int E, int VS, int QP, const double* fields,
                                               const double* data, double* out) {
  #pragma hpp team name("contract_pragma")
  for (int e = 0; e < E; ++e) {
    #pragma hpp scratch level(0)
    double s[QP];
    #pragma hpp vector
    for (int q = 0; q < QP; ++q)
      s[q] = data[static_cast<size_t>(e) * QP + q];
    #pragma hpp thread
    for (int v = 0; v < VS; ++v) {
      double acc = 0;
      #pragma hpp vector reduction(+: acc)
      for (int q = 0; q < QP; ++q)
        acc += fields[(static_cast<size_t>(e) * VS + v) * QP + q] * s[q];
      out[static_cast<size_t>(e) * VS + v] = acc;
    }
  }
}

__attribute__((noinline)) void contract_api(int E, int VS, int QP, const double* fields,
                                            const double* data, double* out) {
  hpp::parallel_for(
      "contract_api",
      hpp::TeamPolicy(E, hpp::AUTO)
          .set_scratch_size(0, hpp::PerTeam(hpp::scratch_bytes<double>(QP))),
      [=](const hpp::TeamMember& t) {
        const int e = t.league_rank();
        double* s = t.team_scratch(0).get<double>(QP);
        hpp::parallel_for(hpp::TeamVectorRange(t, QP),
                          [&](int q) { s[q] = data[static_cast<size_t>(e) * QP + q]; });
        t.team_barrier();
        hpp::parallel_for(hpp::TeamThreadRange(t, VS), [&](int v) {
          double acc = 0;
          hpp::parallel_reduce(
              hpp::ThreadVectorRange(t, QP),
              [&](int q, double& a) {
                a += fields[(static_cast<size_t>(e) * VS + v) * QP + q] * s[q];
              },
              acc);
          out[static_cast<size_t>(e) * VS + v] = acc;
        });
      });
}

__attribute__((noinline)) void contract_omp(int E, int VS, int QP, const double* fields,
                                            const double* data, double* out) {
  #pragma omp parallel
  {
    std::vector<double> sv(QP);
    double* s = sv.data();
    #pragma omp for
    for (int e = 0; e < E; ++e) {
      #pragma omp simd
      for (int q = 0; q < QP; ++q)
        s[q] = data[static_cast<size_t>(e) * QP + q];
      for (int v = 0; v < VS; ++v) {
        double acc = 0;
        #pragma omp simd reduction(+: acc)
        for (int q = 0; q < QP; ++q)
          acc += fields[(static_cast<size_t>(e) * VS + v) * QP + q] * s[q];
        out[static_cast<size_t>(e) * VS + v] = acc;
      }
    }
  }
}

// ----------------------------------------------------------------- main ---
namespace {

using Clock = std::chrono::steady_clock;

template <class F> double time_ms(F&& f) {
  const auto t0 = Clock::now();
  f();
  const auto t1 = Clock::now();
  return std::chrono::duration<double, std::milli>(t1 - t0).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

struct Times {
  double med[3], min[3], pair_pa, pair_oa; // 0 pragma, 1 api, 2 omp
};

// Warm-up calls of each, then reps rounds; round r runs the three versions
// in the order rotated by r (pragma api omp, api omp pragma, omp pragma api).
// pair_pa / pair_oa: medians over rounds of pragma/api and omp/api within
// one round.
template <class P, class A, class O>
Times bench3(int reps, int warmup, P&& p, A&& a, O&& o) {
  for (int w = 0; w < warmup; ++w) {
    p();
    a();
    o();
  }
  std::vector<double> t[3];
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < 3; ++k) {
      const int which = (r + k) % 3;
      t[which].push_back(which == 0 ? time_ms(p) : which == 1 ? time_ms(a) : time_ms(o));
    }
  Times res;
  for (int k = 0; k < 3; ++k) {
    res.med[k] = median(t[k]);
    res.min[k] = *std::min_element(t[k].begin(), t[k].end());
  }
  std::vector<double> pa, oa;
  for (int r = 0; r < reps; ++r) {
    pa.push_back(t[0][r] / t[1][r]);
    oa.push_back(t[2][r] / t[1][r]);
  }
  res.pair_pa = median(pa);
  res.pair_oa = median(oa);
  return res;
}

double* alloc(size_t n) {
  double* p = static_cast<double*>(std::aligned_alloc(64, ((n * sizeof(double) + 63) / 64) * 64));
  if (!p) {
    std::fprintf(stderr, "allocation of %zu doubles failed\n", n);
    std::exit(2);
  }
  #pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; ++i)
    p[i] = 0;
  return p;
}

double rel(double a, double b) {
  const double m = std::max(std::fabs(a), std::fabs(b));
  return m == 0 ? 0 : std::fabs(a - b) / m;
}

void row(const char* kernel, const char* size, const Times& t, double bytes,
         const char* check) {
  std::printf("%-9s %-18s %9.3f %9.3f %9.3f %8.2f %7.3f %7.3f %9.3f %9.3f %9.3f %7.3f %7.3f  %s\n",
              kernel, size, t.med[0], t.med[1], t.med[2], bytes / t.med[1] * 1e-6,
              t.med[0] / t.med[1], t.med[2] / t.med[1], t.min[0], t.min[1], t.min[2],
              t.pair_pa, t.pair_oa, check);
  std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 15;
  const int rows = argc > 3 ? std::atoi(argv[2]) : 8192;
  const int cols = argc > 3 ? std::atoi(argv[3]) : 4096;
  const int E = argc > 6 ? std::atoi(argv[4]) : 512;
  const int N = argc > 6 ? std::atoi(argv[5]) : 64;
  const int M = argc > 6 ? std::atoi(argv[6]) : 1024;
  const int EC = argc > 9 ? std::atoi(argv[7]) : 1024;
  const int VS = argc > 9 ? std::atoi(argv[8]) : 128;
  const int QP = argc > 9 ? std::atoi(argv[9]) : 256;
  const int warmup = 3;
  int failures = 0;

  std::printf("threads %d, reps %d (median), warmup %d; r_prag = pragma_ms / api_ms, "
              "r_omp = omp_ms / api_ms (>= 1: the API form is as fast)\n",
              omp_get_max_threads(), reps, warmup);
  std::printf("%-9s %-18s %9s %9s %9s %8s %7s %7s %9s %9s %9s %7s %7s  %s\n", "kernel", "size",
              "prag_ms", "api_ms", "omp_ms", "api_GB/s", "r_prag", "r_omp", "prag_min",
              "api_min", "omp_min", "rp_pair", "ro_pair", "check");

  // yAx
  {
    const size_t an = static_cast<size_t>(rows) * cols;
    double* A = alloc(an);
    double* x = alloc(cols);
    double* y = alloc(rows);
    #pragma omp parallel for schedule(static)
    for (int e = 0; e < rows; ++e)
      for (int j = 0; j < cols; ++j)
        A[static_cast<size_t>(e) * cols + j] = 0.5 + ((e + 3L * j) % 7) * 0.25;
    for (int j = 0; j < cols; ++j) x[j] = 1.0 + (j % 5) * 0.5;
    for (int e = 0; e < rows; ++e) y[e] = 1.0 + (e % 3);
    double rp = 0, ra = 0, ro = 0;
    const Times t = bench3(
        reps, warmup, [&] { rp = yax_pragma(rows, cols, A, x, y); },
        [&] { ra = yax_api(rows, cols, A, x, y); }, [&] { ro = yax_omp(rows, cols, A, x, y); });
    const bool ok = rel(ra, rp) <= 1e-12 && rel(ra, ro) <= 1e-12;
    failures += !ok;
    char size[32], check[96];
    std::snprintf(size, sizeof size, "%dx%d", rows, cols);
    std::snprintf(check, sizeof check, "%s api %s pragma, rel %.1e vs omp", ok ? "ok" : "MISMATCH",
                  std::memcmp(&ra, &rp, 8) == 0 ? "==" : "!=", rel(ra, ro));
    row("yAx", size, t, (static_cast<double>(an) + rows + cols) * sizeof(double), check);
    std::free(A);
    std::free(x);
    std::free(y);
  }

  // three-level yAx
  {
    const size_t an = static_cast<size_t>(E) * N * M;
    double* A = alloc(an);
    double* x = alloc(static_cast<size_t>(E) * M);
    double* y = alloc(static_cast<size_t>(E) * N);
    #pragma omp parallel for schedule(static)
    for (int e = 0; e < E; ++e)
      for (size_t k = 0; k < static_cast<size_t>(N) * M; ++k)
        A[static_cast<size_t>(e) * N * M + k] = 0.5 + ((e + 3 * k) % 7) * 0.25;
    for (size_t i = 0; i < static_cast<size_t>(E) * M; ++i) x[i] = 1.0 + (i % 5) * 0.5;
    for (size_t i = 0; i < static_cast<size_t>(E) * N; ++i) y[i] = 1.0 + (i % 3);
    double rp = 0, ra = 0, ro = 0;
    const Times t = bench3(
        reps, warmup, [&] { rp = yax3_pragma(E, N, M, y, A, x); },
        [&] { ra = yax3_api(E, N, M, y, A, x); }, [&] { ro = yax3_omp(E, N, M, y, A, x); });
    const bool ok = rel(ra, rp) <= 1e-12 && rel(ra, ro) <= 1e-12;
    failures += !ok;
    char size[32], check[96];
    std::snprintf(size, sizeof size, "E%d N%d M%d", E, N, M);
    std::snprintf(check, sizeof check, "%s api %s pragma, rel %.1e vs omp", ok ? "ok" : "MISMATCH",
                  std::memcmp(&ra, &rp, 8) == 0 ? "==" : "!=", rel(ra, ro));
    row("yAx3", size, t,
        (static_cast<double>(an) + static_cast<double>(E) * M + static_cast<double>(E) * N) *
            sizeof(double),
        check);
    std::free(A);
    std::free(x);
    std::free(y);
  }

  // contract with level-0 scratch
  {
    const size_t fn = static_cast<size_t>(EC) * VS * QP, on = static_cast<size_t>(EC) * VS;
    double* fields = alloc(fn);
    double* data = alloc(static_cast<size_t>(EC) * QP);
    double* op = alloc(on);
    double* oa = alloc(on);
    double* oo = alloc(on);
    #pragma omp parallel for schedule(static)
    for (int e = 0; e < EC; ++e)
      for (size_t k = 0; k < static_cast<size_t>(VS) * QP; ++k)
        fields[static_cast<size_t>(e) * VS * QP + k] = 0.25 + ((e + 5 * k) % 11) * 0.125;
    for (size_t i = 0; i < static_cast<size_t>(EC) * QP; ++i) data[i] = 1.0 + (i % 7) * 0.5;
    for (size_t i = 0; i < on; ++i) op[i] = oa[i] = oo[i] = -1.0;
    const Times t = bench3(
        reps, warmup, [&] { contract_pragma(EC, VS, QP, fields, data, op); },
        [&] { contract_api(EC, VS, QP, fields, data, oa); },
        [&] { contract_omp(EC, VS, QP, fields, data, oo); });
    size_t diff_pa = 0;
    double max_ro = 0;
    for (size_t i = 0; i < on; ++i) {
      diff_pa += std::memcmp(&oa[i], &op[i], 8) != 0;
      max_ro = std::max(max_ro, rel(oa[i], oo[i]));
    }
    // CPU reference for a few cells.
    double max_ref = 0;
    for (int e : {0, EC / 3, EC - 1})
      for (int v : {0, VS / 2, VS - 1}) {
        long double r = 0;
        for (int q = 0; q < QP; ++q)
          r += static_cast<long double>(fields[(static_cast<size_t>(e) * VS + v) * QP + q]) *
               data[static_cast<size_t>(e) * QP + q];
        max_ref = std::max(max_ref, rel(oa[static_cast<size_t>(e) * VS + v], static_cast<double>(r)));
      }
    const bool ok = diff_pa == 0 && max_ro <= 1e-12 && max_ref <= 1e-12;
    failures += !ok;
    char size[32], check[96];
    std::snprintf(size, sizeof size, "E%d VS%d QP%d", EC, VS, QP);
    std::snprintf(check, sizeof check, "%s api==pragma %s, rel %.1e vs omp, %.1e vs cpu",
                  ok ? "ok" : "MISMATCH", diff_pa == 0 ? "all" : "NOT all", max_ro, max_ref);
    row("contract", size, t,
        (static_cast<double>(fn) + static_cast<double>(EC) * QP + static_cast<double>(on)) *
            sizeof(double),
        check);
    std::free(fields);
    std::free(data);
    std::free(op);
    std::free(oa);
    std::free(oo);
  }
  return failures ? 1 : 0;
}
