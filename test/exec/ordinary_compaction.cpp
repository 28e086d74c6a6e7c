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

// The ordinary-style family (test/exec/ordinary_*.cpp): programs written
// as a new user writes them, with hpp pragmas added and nothing else.
//
// Stream compaction on malloc'd arrays: keep the records that pass a
// filter, in order. A flag pass, an exclusive scan of the flags into
// output positions, a scatter, then a reduction over the kept records.
// One `hpp data` holds everything: the input `to`, the flags and
// positions as device scratch (`alloc`), the output `from`. The count of
// kept records is the scan's total, read on the host in the middle.
#include <cstdio>
#include <cstdlib>

struct Record {
  int key;
  float weight;
};

int main() {
  const int n = 600000;
  Record *in = static_cast<Record *>(std::malloc(n * sizeof(Record)));
  int *flag = static_cast<int *>(std::malloc(n * sizeof(int)));
  int *pos = static_cast<int *>(std::malloc(n * sizeof(int)));
  Record *out = static_cast<Record *>(std::malloc(n * sizeof(Record)));
  for (int i = 0; i < n; ++i) {
    in[i].key = (int)((i * 2654435761u) % 100000u);
    in[i].weight = float(i % 1000) * 0.5f;
  }

  int kept = 0;
  long keysum = 0;
  double wsum = 0;
#pragma hpp data map(to: in[0:n]) map(alloc: flag[0:n], pos[0:n]) map(from: out[0:n])
  {
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      flag[i] = (in[i].key % 3 == 0 && in[i].weight > 100.0f) ? 1 : 0;

    int run = 0;
#pragma hpp parallel reduction(inscan, +: run)
    for (int i = 0; i < n; ++i) {
      pos[i] = run;
#pragma hpp scan exclusive(run)
      run += flag[i];
    }
    kept = run;

#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      if (flag[i])
        out[pos[i]] = in[i];

    // Only the kept prefix: the rest of out was never written.
#pragma hpp parallel reduction(+: keysum, wsum)
    for (int i = 0; i < kept; ++i) {
      keysum += out[i].key;
      wsum += out[i].weight;
    }
  }

  std::printf("kept %d of %d keysum %ld weights %.17g\n", kept, n, keysum, wsum);
  for (int i = 0; i < kept; i += kept / 7)
    std::printf("out[%d] %d %.9g\n", i, out[i].key, double(out[i].weight));
  std::printf("last %d %.9g\n", out[kept - 1].key, double(out[kept - 1].weight));
  std::free(in);
  std::free(flag);
  std::free(pos);
  std::free(out);
  return 0;
}
