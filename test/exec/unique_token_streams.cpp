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

// Ids of the Global token never collide across kernels running at the same
// time: two regions on two streams with `nowait`, each holding ids long
// enough to overlap, mark every id they hold in one array both kernels
// share (an atomic exchange from 0 to a tag naming kernel and iteration);
// finding a slot taken counts a collision. Whether the kernels did overlap depends on the device and on streams
// being honoured by the runtime; stderr says how many times one kernel saw
// the other's ids held (information, not checked).
#include <cstdio>
#include <hpp/hpp.hpp>

HPP_FUNCTION inline long long spin(long long x, int rounds) {
  for (int r = 0; r < rounds; ++r) x = x * 6364136223846793005LL + 1442695040888963407LL;
  return x;
}

struct Marks {
  int* holder;      // global ids: tag of the holder, 0 when free
  int* collisions;  // a held global id found taken
  int* seen_other;  // the other kernel's mark seen while acquiring
  long long* sink;
};

void run(const hpp::Stream& s, const hpp::UniqueToken<hpp::Scope::Global>& token, Marks m,
         int kernel, int n) {
  const int size = token.size();
#pragma hpp parallel stream(s) nowait
  for (int i = 0; i < n; ++i) {
    const int id = token.acquire();
    const int tag = kernel * 100000000 + i + 1;
    const int before = hpp::atomic_exchange(&m.holder[id], tag);
    if (before != 0) hpp::atomic_add(m.collisions, 1);
    if (id + 1 < size && hpp::atomic_load(&m.holder[id + 1]) / 100000000 == 3 - kernel)
      hpp::atomic_add(m.seen_other, 1);
    const long long x = spin(i, 200);
    if (hpp::atomic_exchange(&m.holder[id], 0) != tag) hpp::atomic_add(m.collisions, 1);
    token.release(id);
    m.sink[i] = x;
  }
}

int main() {
  hpp::UniqueToken<hpp::Scope::Global> token;
  const int size = token.size();
  const int n = 400000;
  Marks m{hpp::alloc<int>(size, hpp::Space::Device), hpp::alloc<int>(1, hpp::Space::Device),
          hpp::alloc<int>(1, hpp::Space::Device), hpp::alloc<long long>(2 * n, hpp::Space::Device)};
  {
    int zero = 0;
    int* zeros = new int[size]();
    hpp::deep_copy(m.holder, zeros, sizeof(int) * size);
    hpp::deep_copy(m.collisions, &zero, sizeof(int));
    hpp::deep_copy(m.seen_other, &zero, sizeof(int));
    delete[] zeros;
  }
  hpp::Stream s1, s2;
  for (int round = 0; round < 3; ++round) {
    Marks m2 = m;
    m2.sink = m.sink + n;
    run(s1, token, m, 1, n);
    run(s2, token, m2, 2, n);
    s1.fence();
    s2.fence();
  }
  int collisions = -1, seen = -1;
  hpp::deep_copy(&collisions, m.collisions, sizeof(int));
  hpp::deep_copy(&seen, m.seen_other, sizeof(int));
  std::printf("two streams, global token: collisions %d\n", collisions);
  std::fprintf(stderr, "the other kernel's ids were seen held %d times\n", seen);
  hpp::free(m.holder);
  hpp::free(m.collisions);
  hpp::free(m.seen_other);
  hpp::free(m.sink);
  return 0;
}
