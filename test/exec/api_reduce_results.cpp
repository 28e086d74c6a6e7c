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

// Where parallel_reduce results go: an accumulator parameter named like
// the result variable (the usual Kokkos spelling), results that are a
// reference parameter, an array element and a struct member, and a functor
// with its own init() and final(), which apply when it has the only result
// (as in Kokkos).
#include <cstdio>
#include <hpp/hpp.hpp>

// The accumulator has the result's name.
double same_name(int n, const double* x) {
  double sum = 0;
  hpp::parallel_reduce(n, [=](int i, double& sum) { sum += x[i]; }, sum);
  return sum;
}

void into_reference(int n, const double* x, double& out, double& mx) {
  hpp::parallel_reduce(
      n,
      [=](int i, double& s, double& m) {
        s += x[i];
        if (x[i] > m)
          m = x[i];
      },
      out, hpp::Max<double>(mx));
}

struct Pair {
  double a;
  long b;
};

void into_members(int n, const double* x, Pair& p, double* arr) {
  hpp::parallel_reduce(
      n,
      [=](int i, double& a, long& b, double& c) {
        a += x[i];
        b += i;
        c += 2 * x[i];
      },
      p.a, p.b, arr[1]);
}


int main() {
  const int n = 1000;
  double* x = hpp::alloc<double>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) x[i] = i % 17 - 8;
  std::printf("same name %.17g\n", same_name(n, x));
  double out = -1, mx = -1;
  into_reference(n, x, out, mx);
  std::printf("reference %.17g max %.17g\n", out, mx);
  Pair p{-1, -1};
  double arr[3] = {-1, -1, -1};
  into_members(n, x, p, arr);
  std::printf("members %.17g %ld array %.17g %.17g %.17g\n", p.a, p.b, arr[0], arr[1], arr[2]);
  hpp::free(x);
  return 0;
}
