// A scan runs in two passes over the same static chunks; atomics become
// omp atomic, min/max atomics compare-and-swap loops.
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP
#include <cmath>

void scan(int n, const long *in, long *out, long &total, int *hist, double &mx) {
  long s = 0;
  #pragma hpp parallel reduction(inscan, +: s)
  for (int i = 0; i < n; ++i) {
    s += in[i];
    #pragma hpp scan inclusive(s)
    out[i] = s;
  }
  total = s;
  #pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    #pragma hpp atomic
    hist[in[i] % 8] += 1;
    #pragma hpp atomic
    mx = std::fmax(mx, in[i] * 0.5);
  }
}

// OMP: hpprt::omp::ScanPartials<hpprt::Sum, std::remove_reference_t<decltype(hpp_red_s)>> hpp_scan_s;
// OMP: { // scan, pass 1: reduce this thread's chunk
// OMP-NEXT: auto s = hpprt::identity_like<hpprt::Sum>(hpp_red_s);
// OMP-NEXT: for (hpprt::index_t hpp_iv0 = hpp_chunk.begin; hpp_iv0 < hpp_chunk.end; ++hpp_iv0) { int i = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// OMP-NEXT: #line 10
// OMP-NEXT: s += in[i];
// OMP-NEXT: }
// OMP-NEXT: hpp_scan_s.put(omp_get_thread_num(), s);
// OMP-NEXT: }
// OMP-NEXT: #pragma omp barrier
// OMP: auto s = hpp_scan_s.prefix_before(omp_get_thread_num(), hpp_red_s);
// OMP: // hpp scan inclusive(s)
// OMP: hpp_red_s = hpp_scan_s.total(hpp_red_s, omp_get_max_threads());
// OMP: #pragma omp atomic update
// OMP-NEXT: #line 17
// OMP: hist[in[i] % 8] += 1;
// OMP: // hpp atomic: compare-and-swap loop
// OMP: hpprt::atomic_max(&(mx), static_cast<std::decay_t<decltype(mx)>>(in[i] * 0.5));
