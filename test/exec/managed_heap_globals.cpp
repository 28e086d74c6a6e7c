// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda --host-memory-reachable %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_managed_heap_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// Data whose allocation the program does not control: a global vector
// filled by a static constructor before main, a function-local static, a
// vector allocated and freed on every step (freed blocks are reused), and
// globals destroyed after main, when the GPU runtime's own exit handlers
// also run. With the managed heap on CUDA the loops reach all of it.
#include <cstdio>
#include <vector>

std::vector<double> table = [] {
  std::vector<double> t(50000);
  for (int i = 0; i < 50000; ++i)
    t[i] = i % 11;
  return t;
}();

struct Registry {
  std::vector<int> ids;
  Registry() : ids(3000) {
    for (int i = 0; i < 3000; ++i)
      ids[i] = 3 * i;
  }
};
Registry registry;

std::vector<long> &counts() {
  static std::vector<long> c(256);
  return c;
}

double scaled_sum(double factor) {
  // A new buffer every call: the heap reuses the blocks freed by the last.
  std::vector<double> tmp(table.size());
  double *t = tmp.data();
  const double *src = table.data();
  const int n = int(table.size());
  double s = 0;
#pragma hpp parallel reduction(+: s)
  for (int i = 0; i < n; ++i) {
    t[i] = src[i] * factor;
    s += t[i];
  }
  return s;
}

int main() {
  double total = 0;
  for (int step = 1; step <= 5; ++step)
    total += scaled_sum(step);
  int *ids = registry.ids.data();
  long *c = counts().data();
#pragma hpp parallel
  for (int k = 0; k < 256; ++k) {
    long acc = 0;
    for (int i = k; i < 3000; i += 256)
      acc += ids[i];
    c[k] = acc;
  }
  std::printf("%.1f %ld %ld %ld\n", total, c[0], c[17], c[255]);
  return 0;
}
