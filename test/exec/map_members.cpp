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

// Regions in member functions that use pointer members by name, on data
// a map clause or `hpp data` put on the device: the kernel must get the
// members' device addresses, not the host's (a copy of *this took the
// host addresses: an illegal access on a GPU without pageable-memory
// access, and where GPUs reach host memory the kernel wrote the host
// copy, which the end of the data construct then overwrote with the
// unchanged device copy). A handle mapped by its caller, and a class that
// owns its arrays (a destructor) with map clauses on member sections,
// one of which starts after the pointer.
#include <cstdio>
#include <cstdlib>

struct Handle {
  int n;
  double *x;
  void scale(double f) {
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      x[i] *= f;
  }
  double sum() const {
    double s = 0;
#pragma hpp parallel reduction(+: s)
    for (int i = 0; i < n; ++i)
      s += x[i];
    return s;
  }
};

class Signal {
public:
  explicit Signal(int n) : n(n), lo(n / 4), v(new float[n]), w(new float[n]) {
    for (int i = 0; i < n; ++i) {
      v[i] = float(i % 10);
      w[i] = float(i % 3);
    }
  }
  ~Signal() {
    delete[] v;
    delete[] w;
  }
  // Only the upper three quarters of v are mapped and changed.
  void add_upper(float a) {
#pragma hpp parallel map(tofrom: v[lo:n - lo]) map(to: w[0:n])
    for (int i = lo; i < n; ++i)
      v[i] += a * w[i];
  }
  double total() const {
    double s = 0;
    for (int i = 0; i < n; ++i)
      s += v[i] * (1 + i % 7);
    return s;
  }
  float at(int i) const { return v[i]; }

private:
  int n, lo;
  float *v, *w;
};

int main() {
  const int n = 200000;
  Handle h{n, static_cast<double *>(std::malloc(n * sizeof(double)))};
  for (int i = 0; i < n; ++i)
    h.x[i] = 0.5 * (i % 100);
#pragma hpp data map(tofrom: h.x[0:n])
  {
    h.scale(3.0);
    h.scale(0.25);
    std::printf("sum on the device %.17g\n", h.sum());
  }
  std::printf("x[99] %.17g x[n-1] %.17g\n", h.x[99], h.x[n - 1]);

  Signal s(100000);
  s.add_upper(2.0f);
  s.add_upper(0.5f);
  std::printf("signal %.17g v[10] %.9g v[50000] %.9g v[99999] %.9g\n", s.total(),
              double(s.at(10)), double(s.at(50000)), double(s.at(99999)));
  std::free(h.x);
  return 0;
}
