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

// An ordinary program, as existing code keeps its data: std::vector (grown
// by push_back, of structs, of row pointers), new[], malloc, calloc,
// realloc and an over-aligned new. No hpp allocation anywhere: on a GPU
// without pageable-memory access only the managed heap, linked on CUDA,
// lets the annotated loops reach this data (the launch check would refuse
// it otherwise); the OpenMP build links no heap and needs none.
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

struct Particle {
  double x, v;
};

struct alignas(64) Cell {
  double mass;
  int count;
};

int main() {
  const int n = 100003;

  // A vector grown element by element: its storage moves through the
  // small size classes into a large block of its own.
  std::vector<double> a;
  for (int i = 0; i < n; ++i)
    a.push_back(i % 7);
  std::vector<double> b(n);
  for (int i = 0; i < n; ++i)
    b[i] = i % 5;
  double *pa = a.data();
  const double *pb = b.data();
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    pa[i] = 2.0 * pa[i] + pb[i];

  // new[] and malloc, large, and a small calloc'd array.
  double *c = new double[n];
  float *m = static_cast<float *>(std::malloc(n * sizeof(float)));
  int *hits = static_cast<int *>(std::calloc(16, sizeof(int)));
  double sum = 0;
#pragma hpp parallel reduction(+: sum)
  for (int i = 0; i < n; ++i) {
    c[i] = pa[i] * 0.5;
    m[i] = float(i % 1000);
    sum += c[i];
  }
#pragma hpp parallel
  for (int k = 0; k < 16; ++k)
    hits[k] += k * k;
  std::printf("vector/new/malloc: %.1f %.1f %.1f %d %d\n", sum, c[n - 1], m[n - 1], hits[0],
              hits[15]);

  // realloc keeps the contents the loop wrote, and the grown block is
  // reachable from the GPU too.
  m = static_cast<float *>(std::realloc(m, 2 * n * sizeof(float)));
  double msum = 0;
#pragma hpp parallel reduction(+: msum)
  for (int i = 0; i < n; ++i) {
    m[n + i] = m[i] + 1.0f;
    msum += double(m[n + i]);
  }
  std::printf("realloc: %.1f %.1f\n", msum, double(m[2 * n - 1]));

  // A vector of structs, and a vector of row pointers to small rows.
  std::vector<Particle> parts(5000);
  for (int i = 0; i < 5000; ++i)
    parts[i] = {double(i), double(i % 3)};
  Particle *pp = parts.data();
#pragma hpp parallel
  for (int i = 0; i < 5000; ++i)
    pp[i].x += 10.0 * pp[i].v;
  const int rows = 64, cols = 100;
  std::vector<double *> grid(rows);
  for (int r = 0; r < rows; ++r)
    grid[r] = new double[cols]();
  double **g = grid.data();
#pragma hpp parallel collapse(2)
  for (int r = 0; r < rows; ++r)
    for (int j = 0; j < cols; ++j)
      g[r][j] = r * 1000 + j;
  std::printf("structs/rows: %.1f %.1f %.1f\n", pp[4999].x, g[63][99], g[1][2]);

  // Over-aligned new: the alignment holds and the loop can use it.
  Cell *cells = new Cell[1000];
  bool aligned = reinterpret_cast<unsigned long>(cells) % alignof(Cell) == 0;
#pragma hpp parallel
  for (int i = 0; i < 1000; ++i) {
    cells[i].mass = i * 0.25;
    cells[i].count = i % 10;
  }
  std::printf("aligned: %d %.2f %d\n", int(aligned), cells[999].mass, cells[999].count);

  for (int r = 0; r < rows; ++r)
    delete[] grid[r];
  delete[] cells;
  delete[] c;
  std::free(m);
  std::free(hits);
  return 0;
}
