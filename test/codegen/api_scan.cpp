// parallel_scan lowers to a flat loop with an inscan reduction of its
// partial sum: the body (index, partial, final) is copied twice, once with
// final = false from the identity for an item's contribution (the input
// phase) and once with final = true from the item's prefix; the scan's
// total goes to the result variable after the region. Both backends then
// scan as for the pragma form (scan.cpp).
// RUN: %hppc translate --backend=openmp %s -o - --report | %FileCheck %s --check-prefixes=REPORT,OMP
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <hpp/hpp.hpp>

long exclusive(int n, const int *x, long *out) {
  long total = -1;
  hpp::parallel_scan(
      "excl", n,
      [=](int i, long &partial, bool final) {
        if (final)
          out[i] = partial;
        partial += x[i];
      },
      total);
  return total;
}

// The separator hppc writes between the copies has no line in the body and
// is reported on the line after the call (as diagnostics in the input-phase
// copy are: user guide, 10.6).
// REPORT: api_scan.cpp:15: region 'excl' (flat loop)
// REPORT-NEXT: line 15: flat loop over i ->
// REPORT-NEXT: reductions: inscan +:partial
// REPORT-NEXT: line 23: scan exclusive

// OMP: { auto &[[RESULT:hpp_result[0-9]+]] = total; long partial{};
// OMP: hpprt::omp::ScanPartials<hpprt::Sum,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_partial)>>
// OMP-NEXT: hpp_scan_partial;
// OMP: { // scan, pass 1: reduce this thread's chunk
// OMP-NEXT: auto partial = hpprt::identity_like<hpprt::Sum>(hpp_red_partial);
// OMP: { long hpp_part; { long partial{}; const bool final = false;
// OMP: } hpp_part = partial; } partial += hpp_part; }
// OMP: hpp_scan_partial.put(omp_get_thread_num(), partial);
// OMP: auto partial =
// OMP-NEXT: hpp_scan_partial.prefix_before(omp_get_thread_num(), hpp_red_partial);
// OMP: { long hpp_prefix = partial; { long partial = hpp_prefix; const bool final = true;
// OMP: // hpp scan exclusive(partial)
// OMP: { long hpp_part; { long partial{}; const bool final = false;
// OMP: hpp_red_partial =
// OMP-NEXT: hpp_scan_partial.total(hpp_red_partial, omp_get_max_threads());
// OMP-NEXT: } // hpp region 'excl'
// OMP: [[RESULT]] = partial; }

// CUDA: { auto &[[RESULT:hpp_result[0-9]+]] = total; long partial{};
// CUDA: hpp_launch.kind = hpprt::cuda::RegionKind::Scan;
// CUDA: hpprt::cuda::Scan<hpprt::Sum, hpp_type_partial> hpp_scan_partial(hpp_launch,
// CUDA-NEXT: partial);
// CUDA: // scan, pass 1: each item's contribution, from the identity
// CUDA: { long hpp_part; { long partial{}; const bool final = false;
// CUDA: } hpp_part = partial; } partial += hpp_part; }
// CUDA: hpprt::cuda::scan_prefixes_in_place<false>(hpp_dev_partial, hpp_tile,
// CUDA-NEXT: hpp_items_partial);
// CUDA: { long hpp_prefix = partial; { long partial = hpp_prefix; const bool final = true;
// CUDA: // hpp scan exclusive(partial)
// CUDA: /* input phase: run in pass 1 */
// CUDA: partial = hpp_scan_partial.result();
// CUDA-NEXT: } // hpp region 'excl'
// CUDA: [[RESULT]] = partial; }

// HIP is the CUDA translation with the HIP runtime's names: the diff checks
// every other byte, the HIP lines the runtime's macro, header and namespace.
// (Here, at the end, so that the lines checked above keep their numbers.)
// RUN: %hppc translate --backend=hip %s -o %t.hip
// RUN: %FileCheck %s --check-prefix=HIP --input-file %t.hip
// RUN: %hip_as_cuda %t.hip | %same_code - %t.cu
// RUN: %if hip-amd %{ %hip_hpp -c %t.hip -o %t.hip.o %}
// HIP: #define HPP_BACKEND_{{HIP}} 1
// HIP-NEXT: #include <hpprt/{{hip}}/hpprt.hpp>
// HIP: hpprt::{{hip}}::

// A partial of floating type: the input phase starts from -0.0, the
// identity of `+`, so that its contribution is exactly what the body adds
// (from +0.0 the compiler must keep an add per item: x + 0.0 is not x for
// x = -0.0). The scan itself still starts from the partial's T().
double exclusive_doubles(int n, const double *x, double *out) {
  double total = 0;
  hpp::parallel_scan(
      "excl_doubles", n,
      [=](int i, double &partial, bool final) {
        if (final)
          out[i] = partial;
        partial += x[i];
      },
      total);
  return total;
}
// OMP: { auto &{{hpp_result[0-9]+}} = total; double partial{};
// OMP: { double hpp_part; { double partial = static_cast<double>(-0.0); const bool final = false;
// CUDA: { auto &{{hpp_result[0-9]+}} = total; double partial{};
// CUDA: { double hpp_part; { double partial = static_cast<double>(-0.0); const bool final = false;
