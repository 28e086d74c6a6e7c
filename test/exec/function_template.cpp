// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu -- -DHPP_TEST_GPU
// CUDA-BUILD: %nvcc_hpp -DHPP_TEST_GPU %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial -DHPP_TEST_GPU %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// Annotated loops in a function template instantiated for float and double,
// and in member functions of a class template and a plain class that use
// `this` members. A CUDA region in a member function runs on a copy of
// *this, so Vec and Grid are trivially copyable handles whose release()
// frees their memory, and Vec's constructor fills it through init(): a CUDA
// region cannot be in a constructor. On the host backends a class may own
// its memory (destructor, no copies) and fill it in its constructor, as
// OwningGrid does; CUDA refuses both (diagnostics/cuda/gpu_restrictions.cpp),
// so OwningGrid is left out where HPP_TEST_GPU is defined.
#include <cstdio>
#include <hpp/hpp.hpp>

template <class T> T scale_and_sum(int n, T a, T* x) {
  T s = 0;
#pragma hpp parallel reduction(+: s)
  for (int i = 0; i < n; ++i) {
    x[i] = a * x[i];
    s += x[i];
  }
  return s;
}

template <class T> class Vec {
public:
  explicit Vec(int n) : n_(n), data_(hpp::alloc<T>(n, hpp::Space::Shared)) { init(); }
  void release() { hpp::free(data_); }
  void init() {
#pragma hpp parallel
    for (int i = 0; i < n_; ++i)
      data_[i] = T(i % 10);
  }

  void axpy(T a, const Vec& x) {
    const T* xd = x.data_;
#pragma hpp parallel
    for (int i = 0; i < n_; ++i)
      data_[i] += a * xd[i];
  }
  T dot(const Vec& o) const {
    T s = 0;
    const T* od = o.data_;
#pragma hpp parallel reduction(+: s)
    for (int i = 0; i < this->n_; ++i)
      s += this->data_[i] * od[i];
    return s;
  }
  T at(int i) const { return data_[i]; }

private:
  int n_;
  T* data_;
};

class Grid {
public:
  Grid(int rows, int cols)
      : rows(rows), cols(cols), v(hpp::alloc<double>(rows * cols, hpp::Space::Shared)),
        rowsum(hpp::alloc<double>(rows, hpp::Space::Shared)) {}
  void release() {
    hpp::free(v);
    hpp::free(rowsum);
  }
  void fill(double base) {
    double* p = v;
#pragma hpp parallel collapse(2)
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j)
        p[i * cols + j] = base + i - j;
  }
  double rowsums() {
    const double* p = v;
    double* rs = rowsum;
    double total = 0;
#pragma hpp team reduction(+: total)
    for (int i = 0; i < rows; ++i) {
      double s = 0;
#pragma hpp vector reduction(+: s)
      for (int j = 0; j < cols; ++j)
        s += p[i * cols + j] * scale;
      rs[i] = s;
      total += s;
    }
    return total;
  }
  int rows, cols;
  double scale = 2;
  double *v, *rowsum;
};

#ifndef HPP_TEST_GPU
template <class T> class OwningGrid {
public:
  OwningGrid(int rows, int cols, T base)
      : rows(rows), cols(cols), v(hpp::alloc<T>(rows * cols, hpp::Space::Shared)) {
#pragma hpp parallel collapse(2)
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j)
        v[i * cols + j] = base + i - j;
  }
  ~OwningGrid() { hpp::free(v); }
  OwningGrid(const OwningGrid&) = delete;
  OwningGrid& operator=(const OwningGrid&) = delete;
  T total() const {
    T sum = 0;
#pragma hpp team reduction(+: sum)
    for (int i = 0; i < rows; ++i) {
      T s = 0;
#pragma hpp vector reduction(+: s)
      for (int j = 0; j < cols; ++j)
        s += this->v[i * cols + j] * scale;
      sum += s;
    }
    return sum;
  }
  int rows, cols;
  T scale = 2;
  T* v;
};
#endif

int main() {
  const int n = 1001;
  float* xf = hpp::alloc<float>(n, hpp::Space::Shared);
  double* xd = hpp::alloc<double>(n, hpp::Space::Shared);
  for (int i = 0; i < n; ++i) xf[i] = xd[i] = i % 8;
  float sf = scale_and_sum(n, 0.5f, xf);
  double sd = scale_and_sum(n, 3.0, xd);
  std::printf("float sum %.9g x[0] %.9g x[7] %.9g x[1000] %.9g\n", sf, xf[0], xf[7], xf[n - 1]);
  std::printf("double sum %.17g x[0] %.17g x[7] %.17g x[1000] %.17g\n", sd, xd[0], xd[7], xd[n - 1]);
  std::printf("empty float %.9g double %.17g\n", scale_and_sum(0, 1.0f, xf),
              scale_and_sum(0, 1.0, xd));
  hpp::free(xf);
  hpp::free(xd);

  Vec<double> a(n), b(n);
  a.axpy(2.0, b);
  std::printf("Vec<double> dot %.17g a[0] %.17g a[999] %.17g\n", a.dot(b), a.at(0), a.at(999));
  Vec<int> c(n), d(n);
  c.axpy(3, d);
  std::printf("Vec<int> dot %d c[9] %d c[1000] %d\n", c.dot(d), c.at(9), c.at(1000));

  Grid g(37, 53);
  g.fill(1.5);
  double total = g.rowsums();
  double ref = 0;
  int bad = 0;
  for (int i = 0; i < g.rows; ++i) {
    double s = 0;
    for (int j = 0; j < g.cols; ++j) {
      bad += g.v[i * g.cols + j] != 1.5 + i - j;
      s += (1.5 + i - j) * 2;
    }
    bad += g.rowsum[i] != s;
    ref += s;
  }
  std::printf("Grid total %.17g ref %.17g rowsum[0] %.17g rowsum[36] %.17g v[100] %.17g mismatches %d\n",
              total, ref, g.rowsum[0], g.rowsum[36], g.v[100], bad);
  a.release();
  b.release();
  c.release();
  d.release();
  g.release();
#ifndef HPP_TEST_GPU
  {
    OwningGrid<double> og(37, 53, 1.5);
    double oref = 0;
    for (int i = 0; i < og.rows; ++i)
      for (int j = 0; j < og.cols; ++j) oref += (1.5 + i - j) * 2;
    std::printf("OwningGrid total %.17g ref %.17g v[100] %.17g\n", og.total(), oref, og.v[100]);
  }
#endif
  return 0;
}
