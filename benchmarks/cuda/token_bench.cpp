// UniqueToken benchmark: the scatter-add of the Kokkos unique_token tutorial
// (each iteration adds 1 to the bins of its m values) in two forms, timed
// one after the other in the same run and checked against each other:
//
//   atomic  hpp::atomic_add on one shared histogram
//   token   the iteration acquires an id of the Global token and adds into
//           copy (id & (copies - 1)) of the histogram (atomically, as the
//           tutorial does: copies < token.size()), then releases the id;
//           a second region sums the copies into the histogram. With one
//           copy it is the atomic form plus acquire/release.
//
// Low contention: 2^20 bins of random values; high contention: 16 bins. The
// token form's "scatter" column is the scatter region alone, "total" adds the
// copies' reduction. Times are medians of `reps` runs (host wall clock around
// the synchronous region, zeroing subtracted), in ms; ratios = atomic time /
// token time (>= 0.8 at low contention is the target; nothing is asserted). Written with pragmas, so
// it builds for every backend: benchmarks/run-cuda.sh translates it for CUDA.
//   hpp_token_bench [reps]
#include <hpp/hpp.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

HPP_FUNCTION inline unsigned hash(unsigned long long x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return unsigned(x);
}

template <class F> double median_ms(int reps, F run) {
  for (int w = 0; w < 3; ++w) run();
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    const auto a = std::chrono::steady_clock::now();
    run();
    hpp::fence();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a)
                    .count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

void fill_values(int* v, long count, int bins) {
#pragma hpp parallel
  for (long k = 0; k < count; ++k) v[k] = int(hash((unsigned long long)k * 7 + 1) % unsigned(bins));
}

void zero(int* p, long count) {
#pragma hpp parallel
  for (long k = 0; k < count; ++k) p[k] = 0;
}

void scatter_atomic(const int* v, int* hist, int n, int m) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) hpp::atomic_add(&hist[v[long(i) * m + j]], 1);
}

void scatter_token(const hpp::UniqueToken<hpp::Scope::Global>& token, const int* v, int* dup,
                   int n, int m, int bins, int mask) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    const int id = token.acquire();
    int* mine = dup + long(id & mask) * bins;
    for (int j = 0; j < m; ++j) hpp::atomic_add(&mine[v[long(i) * m + j]], 1);
    token.release(id);
  }
}

void reduce_copies(const int* dup, int* hist, int bins, int copies) {
#pragma hpp parallel
  for (int b = 0; b < bins; ++b) {
    int s = 0;
    for (int c = 0; c < copies; ++c) s += dup[long(c) * bins + b];
    hist[b] = s;
  }
}

// A token acquired and released per iteration around one plain store: the
// token's own cost against the same loop with no token.
void store_plain(int* out, int n) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i) out[i] = i;
}
void store_token(const hpp::UniqueToken<hpp::Scope::Global>& token, int* out, int n) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    const int id = token.acquire();
    out[i] = id;
    token.release(id);
  }
}

} // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 20;
  const bool quick = argc > 2;
  hpp::UniqueToken<hpp::Scope::Global> token;
  const int n = quick ? 1 << 14 : 1 << 20;
  std::printf("UniqueToken scatter-add: %d iterations, Global token of %d ids, median of %d\n",
              n, token.size(), reps);
  std::printf("| contention | bins | m | copies | atomic ms | token scatter ms | token total ms | "
              "atomic/scatter | atomic/total | check |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
  int failures = 0;
  // copies 1: the same scatter as the atomic form plus acquire/release (the
  // token's cost alone); 16: the tutorial's duplication (a power of two).
  struct Case {
    const char* name;
    int bins, m, copies;
  };
  const Case cases[] = {{"low", 1 << 20, 8, 1},  {"low", 1 << 20, 8, 16}, {"low", 1 << 20, 1, 16},
                        {"high", 16, 8, 1},      {"high", 16, 8, 16},     {"high", 16, 1, 16}};
  for (const Case& c : cases) {
    const int copies = c.copies;
    const long count = long(n) * c.m;
    int* v = hpp::alloc<int>(count);
    int* hist = hpp::alloc<int>(c.bins);
    int* hist2 = hpp::alloc<int>(c.bins);
    int* dup = hpp::alloc<int>(long(copies) * c.bins);
    fill_values(v, count, c.bins);
    // Zeroing is timed apart and subtracted from both forms: the columns
    // compare the scatter work (the last atomic run leaves hist filled).
    const double t_hzero = median_ms(reps, [&] { zero(hist, c.bins); });
    const double t_atomic = median_ms(reps, [&] {
      zero(hist, c.bins);
      scatter_atomic(v, hist, n, c.m);
    });
    const double t_zero = median_ms(reps, [&] { zero(dup, long(copies) * c.bins); });
    const double t_scatter = median_ms(reps, [&] {
      zero(dup, long(copies) * c.bins);
      scatter_token(token, v, dup, n, c.m, c.bins, copies - 1);
    }) - t_zero;
    const double t_total = median_ms(reps, [&] {
      zero(dup, long(copies) * c.bins);
      scatter_token(token, v, dup, n, c.m, c.bins, copies - 1);
      reduce_copies(dup, hist2, c.bins, copies);
    }) - t_zero;
    const double t_atomic_only = t_atomic - t_hzero;
    std::vector<int> a(c.bins), b(c.bins);
    hpp::deep_copy(a.data(), hist, sizeof(int) * c.bins);
    hpp::deep_copy(b.data(), hist2, sizeof(int) * c.bins);
    long sum = 0;
    for (int k = 0; k < c.bins; ++k) sum += a[k];
    const bool ok = a == b && sum == count;
    failures += !ok;
    std::printf("| %s | %d | %d | %d | %.4f | %.4f | %.4f | %.2f | %.2f | %s |\n", c.name,
                c.bins, c.m, copies, t_atomic_only, t_scatter, t_total, t_atomic_only / t_scatter,
                t_atomic_only / t_total, ok ? "ok" : "MISMATCH");
    hpp::free(v);
    hpp::free(hist);
    hpp::free(hist2);
    hpp::free(dup);
  }
  {
    int* out = hpp::alloc<int>(n);
    const double t_plain = median_ms(reps, [&] { store_plain(out, n); });
    const double t_token = median_ms(reps, [&] { store_token(token, out, n); });
    std::printf("\nacquire/release around one store, %d iterations: plain %.4f ms, token %.4f ms "
                "(%.2f ns per acquire+release over the plain loop)\n",
                n, t_plain, t_token, (t_token - t_plain) * 1e6 / n);
    hpp::free(out);
  }
  std::printf("failures: %d\n", failures);
  return failures != 0;
}
