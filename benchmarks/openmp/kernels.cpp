// OpenMP backend benchmarks: for each kernel (daxpy, dot, yAx) an annotated
// version (#pragma hpp, translated by hppc) and a hand-written OpenMP
// baseline of the same loop live in this one file, so that after
//   hppc translate --backend=openmp kernels.cpp -o kernels.omp.cpp
// both versions are compiled into the same binary with the same flags. hppc
// passes the #pragma omp lines of the baselines through unchanged.
//
// main() times each version with std::chrono (median of REPS runs,
// translated and baseline runs interleaved and alternating in order so that
// drift affects both), checks that the results agree and prints a table.
// Ratio = baseline time / translated time: >= 1 means hpp is as fast.
// Extra columns: the minimum time of each version and r_pair, the median of
// the ratios of back-to-back (translated, baseline) pairs.
//
// Usage: kernels [reps] [n_flat] [rows] [cols]
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

// ---------------------------------------------------------------- daxpy ---
__attribute__((noinline)) void daxpy_hpp(long n, double a, const double* x,
                                         double* y) {
  #pragma hpp parallel name("daxpy")
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

__attribute__((noinline)) void daxpy_omp(long n, double a, const double* x,
                                         double* y) {
  #pragma omp parallel for
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

// ------------------------------------------------------------------ dot ---
__attribute__((noinline)) double dot_hpp(long n, const double* x,
                                         const double* y) {
  double s = 0;
  #pragma hpp parallel reduction(+: s) name("dot")
  for (long i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

__attribute__((noinline)) double dot_omp(long n, const double* x,
                                         const double* y) {
  double s = 0;
  #pragma omp parallel for reduction(+: s)
  for (long i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

// ------------------------------------------------------------------ yAx ---
// One team per row of A, a vector reduction inside each row.
__attribute__((noinline)) double yax_hpp(int rows, int cols, const double* A,
                                         const double* x, const double* y) {
  double result = 0;
  #pragma hpp team reduction(+: result) name("yAx")
  for (int e = 0; e < rows; ++e) {
    double row = 0;
    #pragma hpp vector reduction(+: row)
    for (int j = 0; j < cols; ++j)
      row += A[static_cast<size_t>(e) * cols + j] * x[j];
    result += y[e] * row;
  }
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

// Runs hpp and baseline reps times each (after warmup runs of each),
// alternating which goes first, and returns the two medians and minimums
// in ms and the median of the per-pair ratios base/hpp.
template <class H, class B>
void bench(int reps, int warmup, H&& hpp, B&& base, double& hpp_ms,
           double& base_ms, double& hpp_min, double& base_min,
           double& pair_ratio) {
  for (int w = 0; w < warmup; ++w) {
    hpp();
    base();
  }
  std::vector<double> th, tb;
  for (int r = 0; r < reps; ++r) {
    if (r % 2 == 0) {
      th.push_back(time_ms(hpp));
      tb.push_back(time_ms(base));
    } else {
      tb.push_back(time_ms(base));
      th.push_back(time_ms(hpp));
    }
  }
  hpp_ms = median(th);
  base_ms = median(tb);
  hpp_min = *std::min_element(th.begin(), th.end());
  base_min = *std::min_element(tb.begin(), tb.end());
  // Median over repetitions of the ratio within one back-to-back pair:
  // less sensitive to load that changes between pairs than median/median.
  std::vector<double> pr;
  for (int r = 0; r < reps; ++r)
    pr.push_back(tb[r] / th[r]);
  pair_ratio = median(pr);
}

// Allocation with parallel first touch (static schedule, as both versions).
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

bool close_rel(double a, double b, double tol) {
  return std::fabs(a - b) <= tol * std::max(std::fabs(a), std::fabs(b));
}

// One table row; target is the minimum ratio asked for.
void row(const char* kernel, const char* size, double th, double tb,
         double mh, double mb, double pr, double bytes, bool ok,
         double target) {
  const double ratio = tb / th;
  char tgt[32];
  std::snprintf(tgt, sizeof tgt, ">=%.2f %s", target,
                ratio >= target ? "met" : "MISSED");
  std::printf("%-10s %-14s %10.3f %10.3f %9.2f %9.2f %7.3f  %-8s %-12s %8.3f %8.3f %7.3f\n",
              kernel, size, th, tb, bytes / th * 1e-6, bytes / tb * 1e-6,
              ratio, ok ? "ok" : "MISMATCH", tgt, mh, mb, pr);
}

} // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 15;
  const long n = argc > 2 ? std::atol(argv[2]) : (1L << 25);
  const int rows = argc > 3 ? std::atoi(argv[3]) : 8192;
  const int cols = argc > 4 ? std::atoi(argv[4]) : 4096;
  const int warmup = 3;
  bool all_ok = true;

  std::printf("threads %d, reps %d (median), warmup %d; ratio = omp_ms / hpp_ms\n",
              omp_get_max_threads(), reps, warmup);
  std::printf("%-10s %-14s %10s %10s %9s %9s %7s  %-8s %-12s %8s %8s %7s\n",
              "kernel", "size", "hpp_ms", "omp_ms", "hpp_GB/s", "omp_GB/s",
              "ratio", "check", "target", "hpp_min", "omp_min", "r_pair");

  // daxpy: each version updates its own copy of y the same number of times,
  // so the two copies must end bit-identical.
  {
    double* x = alloc(n);
    double* yh = alloc(n);
    double* yb = alloc(n);
    #pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i) {
      x[i] = 1.0 + (i % 17) * 0.125;
      yh[i] = yb[i] = 2.0 + (i % 13) * 0.25;
    }
    const double a = 1.0 / 1024;
    double th, tb, mh, mb, pr;
    bench(reps, warmup, [&] { daxpy_hpp(n, a, x, yh); },
          [&] { daxpy_omp(n, a, x, yb); }, th, tb, mh, mb, pr);
    bool ok = true;
    for (long i = 0; i < n && ok; ++i)
      ok = yh[i] == yb[i];
    all_ok &= ok;
    char size[32];
    std::snprintf(size, sizeof size, "n=2^%d", static_cast<int>(std::log2(static_cast<double>(n))));
    if ((1L << static_cast<int>(std::log2(static_cast<double>(n)))) != n)
      std::snprintf(size, sizeof size, "n=%ld", n);
    row("daxpy", size, th, tb, mh, mb, pr, 3.0 * n * sizeof(double), ok, 0.95);

    // dot on the same arrays (x and yh).
    double sh = 0, sb = 0;
    bench(reps, warmup, [&] { sh = dot_hpp(n, x, yh); },
          [&] { sb = dot_omp(n, x, yh); }, th, tb, mh, mb, pr);
    ok = close_rel(sh, sb, 1e-12);
    all_ok &= ok;
    row("dot", size, th, tb, mh, mb, pr, 2.0 * n * sizeof(double), ok, 0.95);
    if (!ok)
      std::printf("  dot: hpp %.17g omp %.17g\n", sh, sb);
    std::free(x);
    std::free(yh);
    std::free(yb);
  }

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
    for (int j = 0; j < cols; ++j)
      x[j] = 1.0 + (j % 5) * 0.5;
    for (int e = 0; e < rows; ++e)
      y[e] = 1.0 + (e % 3);
    double rh = 0, rb = 0;
    double th, tb, mh, mb, pr;
    bench(reps, warmup, [&] { rh = yax_hpp(rows, cols, A, x, y); },
          [&] { rb = yax_omp(rows, cols, A, x, y); }, th, tb, mh, mb, pr);
    const bool ok = close_rel(rh, rb, 1e-12);
    all_ok &= ok;
    char size[32];
    std::snprintf(size, sizeof size, "%dx%d", rows, cols);
    row("yAx", size, th, tb, mh, mb, pr, (static_cast<double>(an) + rows + cols) * sizeof(double), ok, 0.90);
    if (!ok)
      std::printf("  yAx: hpp %.17g omp %.17g\n", rh, rb);
    std::free(A);
    std::free(x);
    std::free(y);
  }
  return all_ok ? 0 : 1;
}
