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

// The ordinary-style family (test/exec/ordinary_*.cpp): programs written
// as a new user writes them, with hpp pragmas added and nothing else.
//
// A particle push in a C-style particle store that grows with realloc:
// every step injects a batch (the store's block moves as it grows), the
// particles are pushed in a field, those that leave the box are counted
// by an atomic per wall, and the kinetic energy is a reduction. The store
// is plain malloc/realloc memory with no map clause: on CUDA the program
// is linked with the managed heap, so whichever block realloc returns is
// reachable from the GPU, with the contents the loops wrote.
#include <cmath>
#include <cstdio>
#include <cstdlib>

struct Particle {
  double x, y, vx, vy;
  int alive;
};

struct Store {
  Particle *p = nullptr;
  int size = 0, capacity = 0;
};

static void inject(Store &s, int count, int step) {
  if (s.size + count > s.capacity) {
    s.capacity = s.capacity ? 2 * s.capacity : 1024;
    while (s.capacity < s.size + count)
      s.capacity *= 2;
    s.p = static_cast<Particle *>(std::realloc(s.p, s.capacity * sizeof(Particle)));
  }
  for (int k = 0; k < count; ++k) {
    const int id = s.size + k;
    Particle &q = s.p[id];
    q.x = 0.5 + 0.001 * ((id * 37) % 101 - 50);
    q.y = 0.5 + 0.001 * ((id * 53) % 103 - 51);
    q.vx = 0.15 * ((id * 11 + step) % 41 - 20);
    q.vy = 0.15 * ((id * 13 + 3 * step) % 43 - 21);
    q.alive = 1;
  }
  s.size += count;
}

int main() {
  Store s;
  int *lost = static_cast<int *>(std::calloc(4, sizeof(int)));
  const double dt = 0.01;
  for (int step = 0; step < 40; ++step) {
    inject(s, 2500 + 100 * (step % 7), step);
    Particle *p = s.p;
    const int n = s.size;
#pragma hpp parallel
    for (int i = 0; i < n; ++i) {
      if (!p[i].alive)
        continue;
      // A rotating field plus a weak pull back to the centre.
      const double fx = -(p[i].y - 0.5) - 0.1 * (p[i].x - 0.5);
      const double fy = (p[i].x - 0.5) - 0.1 * (p[i].y - 0.5);
      p[i].vx += dt * fx;
      p[i].vy += dt * fy;
      p[i].x += dt * p[i].vx;
      p[i].y += dt * p[i].vy;
      int wall = -1;
      if (p[i].x < 0)
        wall = 0;
      else if (p[i].x > 1)
        wall = 1;
      else if (p[i].y < 0)
        wall = 2;
      else if (p[i].y > 1)
        wall = 3;
      if (wall >= 0) {
        p[i].alive = 0;
#pragma hpp atomic
        lost[wall] += 1;
      }
    }
    if (step % 10 == 9) {
      double energy = 0;
      long alive = 0;
#pragma hpp parallel reduction(+: energy, alive)
      for (int i = 0; i < n; ++i)
        if (p[i].alive) {
          energy += 0.5 * (p[i].vx * p[i].vx + p[i].vy * p[i].vy);
          alive += 1;
        }
      std::printf("step %d particles %d alive %ld energy %.17g\n", step + 1, n, alive, energy);
    }
  }
  std::printf("lost %d %d %d %d capacity %d\n", lost[0], lost[1], lost[2], lost[3], s.capacity);
  const int probe[] = {0, 999, 50000, s.size - 1};
  for (int i : probe)
    std::printf("p[%d] %d %.17g %.17g\n", i, s.p[i].alive, s.p[i].x, s.p[i].y);
  std::free(s.p);
  std::free(lost);
  return 0;
}
