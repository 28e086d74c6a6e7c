// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp --report | %FileCheck %s --check-prefix=REPORT
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: env OMP_NUM_THREADS=3 %t > %t.out
// OPENMP-RUN: env OMP_NUM_THREADS=1 %t > %t.1.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// OPENMP-RUN: %compare %t.ser.out %t.1.out

// Exceptions on the host backend (issue 11, item 4). An exception thrown
// by a call in a region reaches the caller's handler, as in the serial
// build: the one from the lowest iteration that throws, whatever the
// thread count. A `try` entirely inside the body is ordinary host code,
// as are calls the device backends cannot follow (a library function
// without a visible body, a function pointer).
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>
#include <hpp/hpp.hpp>

// Throws for every i with i % 7 == 3: several threads throw at once.
double checked(int i) {
  if (i % 7 == 3)
    throw std::runtime_error("bad element " + std::to_string(i));
  return 0.5 * i;
}

// REPORT: region 'flat_at'
// REPORT-NEXT: flat loop over i -> omp parallel, static contiguous chunks, exceptions rethrown after the region
void flat_at(const std::vector<double>* pv, double* out, int n) {
#pragma hpp parallel name("flat_at")
  for (int i = 0; i < n; ++i)
    out[i] = pv->at(i + 1);
}

// REPORT: region 'flat_checked'
// REPORT-NEXT: flat loop over i -> omp parallel, static contiguous chunks, exceptions rethrown after the region
double flat_checked(double* out, int n) {
  double s = 0;
#pragma hpp parallel name("flat_checked") reduction(+: s)
  for (int i = n - 1; i >= 0; --i) {
    out[i] = checked(i + 20);
    s += out[i];
  }
  return s;
}

// REPORT: region 'teams_checked'
// REPORT-NEXT: team loop over t -> {{.*}}, exceptions rethrown after the region
void teams_checked(double* out, int nt, int n) {
#pragma hpp team name("teams_checked")
  for (int t = 0; t < nt; ++t) {
#pragma hpp thread
    for (int i = 0; i < n; ++i)
      out[t * n + i] = checked(t * n + i + 1);
  }
}

// Caught inside the body by `catch (...)`: nothing leaves the region.
// REPORT: region 'caught_inside'
// REPORT-NEXT: flat loop over i -> omp parallel, static contiguous chunks{{$}}
void caught_inside(const double* in, double* out, int n) {
#pragma hpp parallel name("caught_inside")
  for (int i = 0; i < n; ++i) {
    try {
      if (in[i] < 0)
        throw std::invalid_argument("negative");
      out[i] = 2 * in[i];
    } catch (...) {
      out[i] = -1;
    }
  }
}

// A typed handler may let other exceptions through, and its std::string
// may throw: the region rethrows, although here nothing does.
// REPORT: region 'caught_typed'
// REPORT-NEXT: flat loop over i -> {{.*}}, exceptions rethrown after the region
void caught_typed(const double* in, double* out, int n) {
#pragma hpp parallel name("caught_typed")
  for (int i = 0; i < n; ++i) {
    try {
      if (in[i] < 0)
        throw std::invalid_argument("negative");
      out[i] = 2 * in[i];
    } catch (const std::exception& e) {
      out[i] = -static_cast<double>(std::string(e.what()).size());
    }
  }
}

// REPORT: region 'through_pointer'
void through_pointer(double (*op)(double), double* out, int n) {
#pragma hpp parallel name("through_pointer")
  for (int i = 0; i < n; ++i)
    out[i] = op(out[i]);
}

double twice(double x) noexcept { return 2 * x; }

int main() {
  const int n = 100;
  std::vector<double> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = i;
  std::vector<double> out(4 * n, 0.0);

  try {
    flat_at(&v, out.data(), n);
    std::printf("flat_at: no exception\n");
  } catch (const std::out_of_range& e) {
    std::printf("flat_at: out_of_range: %s\n", e.what());
  }
  try {
    std::printf("flat_checked: %g\n", flat_checked(out.data(), n));
  } catch (const std::runtime_error& e) {
    std::printf("flat_checked: %s\n", e.what());
  }
  try {
    teams_checked(out.data(), 4, n / 4);
    std::printf("teams_checked: no exception\n");
  } catch (const std::runtime_error& e) {
    std::printf("teams_checked: %s\n", e.what());
  }
  // No iteration throws: the region completes and its reduction is whole.
  try {
    double s = 0;
    for (int i = 0; i < n; ++i)
      out[i] = 0;
    std::printf("flat_checked(0): %g\n", (s = flat_checked(out.data(), 0)));
  } catch (const std::exception& e) {
    std::printf("flat_checked(0) threw: %s\n", e.what());
  }

  std::vector<double> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = i % 5 == 0 ? -1.0 : i;
  caught_inside(in.data(), out.data(), n);
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += out[i];
  std::printf("caught_inside: %g\n", sum);
  caught_typed(in.data(), out.data(), n);
  sum = 0;
  for (int i = 0; i < n; ++i)
    sum += out[i];
  std::printf("caught_typed: %g\n", sum);

  for (int i = 0; i < n; ++i)
    out[i] = i;
  through_pointer(twice, out.data(), n);
  sum = 0;
  for (int i = 0; i < n; ++i)
    sum += out[i];
  std::printf("through_pointer: %g\n", sum);
  return 0;
}
