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

// parallel_scan with the API, Kokkos' (index, partial, final) body: an
// exclusive scan (the prefix stored before the contribution is added), an
// inclusive one (after), both in one body, the total, a scan without a
// total, a double scan with a data-dependent contribution, and the empty
// and one-element ranges; a functor scan body, and a tagged functor and
// lambda over a RangePolicy<Tag>; a generic lambda with a total.
#include <cstdio>
#include <hpp/hpp.hpp>

long exclusive(int n, const int* x, long* out) {
  long total = -1;
  hpp::parallel_scan(
      n,
      [=](int i, long& partial, bool final) {
        if (final)
          out[i] = partial;
        partial += x[i];
      },
      total);
  return total;
}

void inclusive(int n, const int* x, long* out) {
  hpp::parallel_scan(n, [=](int i, long& partial, bool final) {
    partial += x[i];
    if (final)
      out[i] = partial;
  });
}

// Both uses in one body, and the total.
long both(int n, const int* x, long* ex, long* in) {
  long total = 0;
  hpp::parallel_scan(
      n,
      [=](int i, long& partial, bool final) {
        if (final)
          ex[i] = partial;
        partial += x[i];
        if (final)
          in[i] = partial;
      },
      total);
  return total;
}

// Stream compaction: the positions of the positive elements.
int compact(int n, const double* v, int* where) {
  int count = 0;
  hpp::parallel_scan(
      n,
      [=](int i, int& partial, bool final) {
        if (v[i] > 0) {
          if (final)
            where[partial] = i;
          partial += 1;
        }
      },
      count);
  return count;
}

double scan_double(int n, const double* v, double* out) {
  double total = 0;
  hpp::parallel_scan(
      n,
      [=](int i, double& partial, bool final) {
        partial += v[i] * 0.5;
        if (final)
          out[i] = partial;
      },
      total);
  return total;
}

// Offsets of variable-length rows, as a functor; a tag selects the
// overload that counts twice.
struct Twice {};
struct Offsets {
  const int* len;
  long* off;
  void operator()(int i, long& partial, bool final) const {
    if (final)
      off[i] = partial;
    partial += len[i] < 0 ? -len[i] : len[i];
  }
  void operator()(Twice, int i, long& partial, bool final) const {
    partial += 2 * len[i];
    if (final)
      off[i] = partial;
  }
};

int main() {
  const int n = 10007;
  int* x = hpp::alloc<int>(n, hpp::Space::Shared);
  long* a = hpp::alloc<long>(n, hpp::Space::Shared);
  long* b = hpp::alloc<long>(n, hpp::Space::Shared);
  double* v = hpp::alloc<double>(n, hpp::Space::Shared);
  double* d = hpp::alloc<double>(n, hpp::Space::Shared);
  int* where = hpp::alloc<int>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) {
    x[i] = (i * 37) % 23 - 9;
    v[i] = (i * 13) % 7 - 3;
    a[i] = b[i] = -99;
  }
  const long t = exclusive(n, x, a);
  long run = 0;
  int bad = 0;
  long cs = 0;
  for (int i = 0; i < n; ++i) {
    bad += a[i] != run;
    run += x[i];
    cs += a[i] * (i % 5 + 1);
  }
  std::printf("exclusive total %ld ref %ld a[0] %ld a[1] %ld a[n-1] %ld checksum %ld mismatches %d\n",
              t, run, a[0], a[1], a[n - 1], cs, bad);
  inclusive(n, x, b);
  run = 0;
  bad = 0;
  cs = 0;
  for (int i = 0; i < n; ++i) {
    run += x[i];
    bad += b[i] != run;
    cs += b[i] * (i % 3 + 1);
  }
  std::printf("inclusive b[0] %ld b[n-1] %ld checksum %ld mismatches %d\n", b[0], b[n - 1], cs,
              bad);
  for (int i = 0; i < n; ++i) a[i] = b[i] = -99;
  const long t2 = both(n, x, a, b);
  bad = 0;
  for (int i = 0; i < n; ++i) bad += b[i] - a[i] != x[i] || (i > 0 && a[i] != b[i - 1]);
  std::printf("both total %ld a[0] %ld b[n-1] %ld mismatches %d\n", t2, a[0], b[n - 1], bad);
  const int cnt = compact(n, v, where);
  int rc = 0;
  bad = 0;
  for (int i = 0; i < n; ++i)
    if (v[i] > 0) bad += where[rc++] != i;
  std::printf("compact count %d ref %d where[0] %d where[last] %d mismatches %d\n", cnt, rc,
              where[0], where[cnt - 1], bad);
  const double dt = scan_double(n, v, d);
  double dcs = 0;
  for (int i = 0; i < n; ++i) dcs += d[i] * (i % 4);
  std::printf("double total %.17g d[0] %.17g d[n-1] %.17g checksum %.17g\n", dt, d[0], d[n - 1],
              dcs);
  long ft = 0;
  hpp::parallel_scan("offsets", n, Offsets{x, a}, ft);
  cs = 0;
  for (int i = 0; i < n; ++i) cs += a[i] * (i % 7);
  std::printf("functor total %ld a[n-1] %ld checksum %ld\n", ft, a[n - 1], cs);
  hpp::parallel_scan(hpp::RangePolicy<Twice>(1, n), Offsets{x, b}, ft);
  cs = 0;
  for (int i = 1; i < n; ++i) cs += b[i] * (i % 5);
  std::printf("tagged functor total %ld b[n-1] %ld checksum %ld\n", ft, b[n - 1], cs);
  hpp::parallel_scan(hpp::RangePolicy<Twice>(0, n), [=](Twice, int i, long& p, bool final) {
    p += x[i] % 3;
    if (final)
      a[i] = p;
  });
  cs = 0;
  for (int i = 0; i < n; ++i) cs += a[i] * (i % 3);
  std::printf("tagged lambda a[n-1] %ld checksum %ld\n", a[n - 1], cs);
  // A generic lambda: the partial takes the total's type.
  hpp::parallel_scan(
      n,
      [=](auto i, auto& p, bool final) {
        p += x[i];
        if (final)
          b[i] = p;
      },
      ft);
  std::printf("generic total %ld b[n-1] %ld\n", ft, b[n - 1]);
  // The total has the partial's name (the functor's parameter `partial`,
  // the lambda's `sum`): it is bound before the partial is declared.
  long partial = -1, sum = -1;
  hpp::parallel_scan(n, Offsets{x, a}, partial);
  hpp::parallel_scan(
      n,
      [=](int i, long& sum, bool final) {
        sum += x[i];
        if (final)
          b[i] = sum;
      },
      sum);
  std::printf("named totals %ld %ld\n", partial, sum);
  // Empty and one-element ranges.
  a[0] = 5;
  const long t0 = exclusive(0, x, a);
  std::printf("empty total %ld a[0] %ld\n", t0, a[0]);
  const long t1 = exclusive(1, x, a);
  std::printf("one total %ld a[0] %ld\n", t1, a[0]);
  inclusive(1, x, b);
  std::printf("one inclusive b[0] %ld\n", b[0]);
  hpp::free(x);
  hpp::free(a);
  hpp::free(b);
  hpp::free(v);
  hpp::free(d);
  hpp::free(where);
  return 0;
}
