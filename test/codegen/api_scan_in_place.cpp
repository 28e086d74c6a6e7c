// Kokkos' in-place parallel_scan: the body reads its item's element, then
// (with final) writes the prefix over it. Pass 1 runs the copy without
// final for every item first, the GPU's device-wide pass 2 runs only the
// copy with final, and the passes that run an item's two copies in order
// (OpenMP's pass 2, a scan over a team's TeamThreadRange on either
// backend) run the copy without final first: the scan variable is saved,
// the input phase runs, the scan phase runs from the saved prefix, and the
// input phase's result takes its place. The report says so.
// RUN: %hppc translate --format=none --backend=openmp %s -o %t.omp.cpp --report | %FileCheck %s --check-prefix=OMP-REPORT
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.omp.cpp
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefix=CUDA-REPORT
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %hppc translate --format=none --backend=hip %s -o %t.hip
// RUN: %hip_as_cuda %t.hip | %same_code - %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
// RUN: %if hip-amd %{ %hip_hpp -c %t.hip -o %t.hip.o %}
#include <hpp/hpp.hpp>

long inPlace(int n, long *x) {
  long total = 0;
  hpp::parallel_scan(
      "inplace", n,
      [=](int i, long &partial, bool final) {
        const long v = x[i];
        if (final)
          x[i] = partial;
        partial += v;
      },
      total);
  return total;
}

// OMP-REPORT: region 'inplace' (flat loop)
// OMP-REPORT: omp parallel, static contiguous chunks, two-pass scan; each item runs its input phase first (its scan phase overwrites what it reads)
// CUDA-REPORT: region 'inplace' (flat loop)
// CUDA-REPORT: single-pass scan with decoupled look-back{{$}}

// Pass 1 runs the copy without final as written.
// OMP: { // scan, pass 1: reduce this thread's chunk
// OMP: { long hpp_part; { long partial{}; const bool final = false;
// OMP: const long v = x[i];
// OMP: } hpp_part = partial; } partial += hpp_part; }
// OMP: hpp_scan_partial.put(omp_get_thread_num(), partial);
// Pass 2: the copy without final, then the copy with final from the saved
// prefix, then the input phase's result.
// OMP: // scan, pass 2: each chunk starts from the combined chunks before it
// OMP: // input phase first: the scan phase writes what it reads
// OMP-NEXT: auto hpp_before_partial = partial;
// OMP-NEXT: {
// OMP: { long hpp_part; { long partial{}; const bool final = false;
// OMP: const long v = x[i];
// OMP: } hpp_part = partial; } partial += hpp_part; }
// OMP-NEXT: }
// OMP-NEXT: const auto hpp_after_partial = partial; partial = hpp_before_partial;
// OMP: { long hpp_prefix = partial; { long partial = hpp_prefix; const bool final = true;
// OMP: if (final)
// OMP-NEXT: x[i] = partial;
// OMP: // hpp scan exclusive(partial)
// OMP: /* input phase: run first */ partial = hpp_after_partial;

// The GPU's pass 2 runs the copy with final alone, and keeps no read of
// x[i] (the body writes it).
// CUDA: // scan, pass 2: the scan phase, from each item's prefix
// CUDA-NOT: hpp_fwd
// CUDA-NOT: hpp_before_partial
// CUDA: { long hpp_prefix = partial; { long partial = hpp_prefix; const bool final = true;
// CUDA: /* input phase: run in pass 1 */

void rows(int m, int cols, int *a) {
  hpp::parallel_for(
      "rows", hpp::TeamPolicy<>(m, hpp::AUTO), [=](const hpp::TeamPolicy<>::member_type &t) {
        const int r = t.league_rank();
        hpp::parallel_scan(hpp::TeamThreadRange(t, cols), [=](int j, int &partial, bool final) {
          partial += a[r * cols + j];
          if (final)
            a[r * cols + j] = partial;
        });
      });
}

// OMP-REPORT: region 'rows' (team loop)
// OMP-REPORT: sequential loop (one thread per team); each item runs its input phase first (its scan phase overwrites what it reads)
// CUDA-REPORT: region 'rows' (team loop)
// CUDA-REPORT: in order on one thread, results broadcast; each item runs its input phase first (its scan phase overwrites what it reads)

// OMP: auto hpp_before_partial = partial;
// OMP: partial += a[r * cols + j];
// OMP: const auto hpp_after_partial = partial; partial = hpp_before_partial;
// OMP: { int hpp_prefix = partial; { int partial = hpp_prefix; const bool final = true;
// OMP: /* input phase: run first */ partial = hpp_after_partial;

// CUDA: loop with a scan: in order on one thread
// CUDA: auto hpp_before_partial = partial;
// CUDA: partial += a[r * cols + j];
// CUDA: const auto hpp_after_partial = partial; partial = hpp_before_partial;
// CUDA: { int hpp_prefix = partial; { int partial = hpp_prefix; const bool final = true;
// CUDA: /* input phase: run first */ partial = hpp_after_partial;
