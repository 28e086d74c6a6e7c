// Pass 1 of a scan copies the input phase alone. A variable the input
// phase declares for the scan phase only (`p` below, read by `out[p]`) is
// unused in that copy, which nvcc reported as #177 ("declared but never
// referenced"), an error under -Werror (utils/difftest seed 3001, kernel 5);
// the copy names it once. Both backends copy the phase the same way.
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %hppc translate --format=none --backend=openmp %s -o %t.omp.cpp
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.omp.cpp
// RUN: %cxx_omp -Wall -Werror -c %t.omp.cpp -o %t.omp.o
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

void positions(int n, const long *in, long *out) {
  long s = 0;
  #pragma hpp parallel reduction(inscan, + : s)
  for (int i = 0; i < n; ++i) {
    const long p = n - 1 - i;
    s += in[i];
    #pragma hpp scan inclusive(s)
    out[p] = s;
  }
}

// CUDA: scan, pass 1
// CUDA: const long p = n - 1 - i;
// CUDA-NEXT: s += in[i];
// CUDA-NEXT: (void)p;
// CUDA: scan, pass 2

// OMP: scan, pass 1
// OMP: const long p = n - 1 - i;
// OMP-NEXT: s += in[i];
// OMP-NEXT: (void)p;
// OMP: scan, pass 2
