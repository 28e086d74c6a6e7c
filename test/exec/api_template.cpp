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

// parallel_* calls inside function templates, instantiated for float and
// double: a flat reduce with a Max reducer next to a plain sum, a
// parallel_for, a team kernel with a nested reduce whose accumulator has the
// template type, and a member function template of a class template.
#include <cstdio>
#include <hpp/hpp.hpp>

template <class T> T scale_and_sum(int n, T a, T* x, T& mx) {
  T s = 0;
  hpp::parallel_reduce(
      n,
      [=](int i, T& acc, T& m) {
        x[i] = a * x[i];
        acc += x[i];
        if (x[i] > m)
          m = x[i];
      },
      s, hpp::Max<T>(mx));
  return s;
}

template <class T> void fill(int n, T* x, T base) {
  hpp::parallel_for(hpp::RangePolicy(0, n), [=](int i) { x[i] = base + T(i % 10); });
}

template <class T> T row_sums(int R, int C, const T* a, T* out) {
  T total = 0;
  hpp::parallel_reduce(
      hpp::TeamPolicy(R, hpp::AUTO),
      [=](const hpp::TeamMember& t, T& tot) {
        T s = 0;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, C), [&](int c, T& p) { p += a[t.league_rank() * C + c]; }, s);
        hpp::single(hpp::PerTeam(t), [&] { out[t.league_rank()] = s; });
        tot += s;
      },
      total);
  return total;
}

template <class T> class Vec {
public:
  Vec(int n, T* data) : n_(n), data_(data) {}
  template <class U> U dot(const T* o) const {
    U s = 0;
    const T* d = data_;
    hpp::parallel_reduce(n_, [=](int i, U& acc) { acc += U(d[i]) * U(o[i]); }, s);
    return s;
  }

private:
  int n_;
  T* data_;
};

template <class T> void run(const char* name, int n) {
  T* x = hpp::alloc<T>(n, hpp::Space::Shared);
  T* r = hpp::alloc<T>(n, hpp::Space::Shared);
  fill<T>(n, x, T(-4));
  T mx = 0;
  const T s = scale_and_sum<T>(n, T(0.5), x, mx);
  std::printf("%s: sum %.9g max %.9g x[3] %.9g x[n-1] %.9g\n", name, double(s), double(mx),
              double(x[3]), double(x[n - 1]));
  const int R = 7, C = n / 7;
  const T tot = row_sums<T>(R, C, x, r);
  std::printf("%s: row_sums %.9g r[0] %.9g r[6] %.9g\n", name, double(tot), double(r[0]),
              double(r[R - 1]));
  Vec<T> v(n, x);
  std::printf("%s: dot<double> %.17g dot<T> %.9g\n", name, v.template dot<double>(x) * 1.0,
              double(v.template dot<T>(x)));
  hpp::free(x);
  hpp::free(r);
}

int main() {
  run<float>("float", 1001);
  run<double>("double", 2023);
  return 0;
}
