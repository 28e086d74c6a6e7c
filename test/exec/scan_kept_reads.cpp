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
//
// Stream compactions whose scan phase reads the element the input phase
// read: on a GPU, pass 2 takes each item's value from pass 1 instead of
// loading it again (test/codegen/scan_kept_reads.cpp). Exclusive and
// inclusive, through a declaration, with an index that runs backwards,
// with an element pass 1 reads only for some items next to one it reads
// for all, int and double elements, a parallel_scan compaction and one
// over Views; sizes
// that end in a part of a tile.
#include <cstdio>
#include <hpp/hpp.hpp>

constexpr int N = 1000003;

unsigned long long digest(const int *list, int count) {
  unsigned long long d = count;
  for (int k = 0; k < count; ++k)
    d = d * 31 + static_cast<unsigned long long>(list[k] + k);
  return d;
}

int main() {
  double *x = hpp::alloc<double>(N, hpp::Space::Shared);
  int *flag = hpp::alloc<int>(N, hpp::Space::Shared);
  int *list = hpp::alloc<int>(N, hpp::Space::Shared);
  for (int i = 0; i < N; ++i) {
    x[i] = ((i * 7919L) % 1009) - 500.5;
    flag[i] = (i % 3) != 0;
  }

  int c = 0;
#pragma hpp parallel reduction(inscan, +: c)
  for (int i = 0; i < N; ++i) {
    if (x[i] < 0.0)
      list[c] = i;
#pragma hpp scan exclusive(c)
    c += x[i] < 0.0 ? 1 : 0;
  }
  std::printf("exclusive: %llu\n", digest(list, c));

  c = 0;
#pragma hpp parallel reduction(inscan, +: c)
  for (int i = 0; i < N; ++i) {
    const bool keep = x[N - 1 - i] > 100.0;
    if (keep)
      list[c] = N - 1 - i;
#pragma hpp scan exclusive(c)
    c += keep;
  }
  std::printf("backwards through a declaration: %llu\n", digest(list, c));

  c = 0;
#pragma hpp parallel reduction(inscan, +: c)
  for (int i = 0; i < N; ++i) {
    c += flag[i] > 0;
#pragma hpp scan inclusive(c)
    if (flag[i] > 0)
      list[c - 1] = i;
  }
  std::printf("inclusive over ints: %llu\n", digest(list, c));

  c = 0;
#pragma hpp parallel reduction(inscan, +: c)
  for (int i = 0; i < N; ++i) {
    if (flag[i] && x[i] < 0.0)
      list[c] = i;
#pragma hpp scan exclusive(c)
    if (flag[i])
      c += x[i] < 0.0;
  }
  std::printf("conditional: %llu\n", digest(list, c));

  int total = 0;
  hpp::parallel_scan(
      N,
      [=](int i, int &partial, bool final) {
        if (x[i] > 250.0) {
          if (final)
            list[partial] = i;
          partial += 1;
        }
      },
      total);
  std::printf("parallel_scan: %llu\n", digest(list, total));

  // The same compaction over Views.
  hpp::View<double, 1> xv("xv", N);
  hpp::View<int, 1> lv("lv", N);
  auto xh = hpp::create_mirror_view(xv);
  for (int i = 0; i < N; ++i)
    xh(i) = x[i];
  hpp::deep_copy(xv, xh);
  c = 0;
#pragma hpp parallel reduction(inscan, +: c)
  for (int i = 0; i < N; ++i) {
    if (xv(i) < -100.0)
      lv(c) = i;
#pragma hpp scan exclusive(c)
    c += xv(i) < -100.0 ? 1 : 0;
  }
  auto lh = hpp::create_mirror_view(lv);
  hpp::deep_copy(lh, lv);
  std::printf("views: %llu\n", digest(lh.data(), c));

  hpp::free(x);
  hpp::free(flag);
  hpp::free(list);
  return 0;
}
