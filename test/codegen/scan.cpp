// Inclusive and exclusive sum-scans on a flat loop. On OpenMP they run in
// two passes over
// the same static chunks: pass 1 reduces each thread's chunk (the input
// phase only), pass 2 starts each chunk from the combined chunks before it.
// On CUDA a scan is one pass over tiles with decoupled look-back: the input
// phase computes each item's contribution, the scan phase starts each item
// from its inclusive (or exclusive) prefix and does not run the input phase
// again. The total is back in s after the region on both (on the GPU the
// runtime stores it as it scans the last item; no generated item tracks it).
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

void scan(int n, const long *in, long *out, long &total) {
  long s = 0;
  #pragma hpp parallel reduction(inscan, +: s)
  for (int i = 0; i < n; ++i) {
    s += in[i];
    #pragma hpp scan inclusive(s)
    out[i] = s;
  }
  total = s;
}

void scan_exclusive(int n, const long *in, long *out) {
  long s = 0;
  #pragma hpp parallel reduction(inscan, +: s) name("excl")
  for (int i = 0; i < n; ++i) {
    out[i] = s;
    #pragma hpp scan exclusive(s)
    s += in[i];
  }
}

// OMP: auto &hpp_red_s = s;
// OMP-NEXT: hpprt::omp::ScanPartials<hpprt::Sum,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_s)>>
// OMP-NEXT: hpp_scan_s;
// OMP: #pragma omp parallel
// OMP-NEXT: {
// OMP-NEXT: const hpprt::Chunk hpp_chunk = hpprt::static_chunk(
// OMP-NEXT: hpp_n0, omp_get_thread_num(), omp_get_num_threads());
// OMP-NEXT: { // scan, pass 1: reduce this thread's chunk
// OMP-NEXT: auto s = hpprt::identity_like<hpprt::Sum>(hpp_red_s);
// OMP-NEXT: for (int i = static_cast<int>(hpp_lb0_0 + hpp_chunk.begin);
// OMP-NEXT: i < static_cast<int>(hpp_lb0_0 + hpp_chunk.end); ++i) {
// OMP-NEXT: #line 19
// OMP-NEXT: s += in[i];
// OMP-NEXT: }
// OMP-NEXT: hpp_scan_s.put(omp_get_thread_num(), s);
// OMP-NEXT: }
// OMP-NEXT: #pragma omp barrier
// OMP-NEXT: // scan, pass 2: each chunk starts from the combined chunks before it
// OMP-NEXT: auto s = hpp_scan_s.prefix_before(omp_get_thread_num(), hpp_red_s);
// OMP: for (int i = static_cast<int>(hpp_lb0_0 + hpp_chunk.begin);
// OMP-NEXT: i < static_cast<int>(hpp_lb0_0 + hpp_chunk.end); ++i) {
// OMP-NEXT: #line 18 "{{.*}}scan.cpp"
// OMP-NEXT: {
// OMP-NEXT: s += in[i];
// OMP-NEXT: // hpp scan inclusive(s)
// OMP: out[i] = s;
// OMP: } // omp parallel
// OMP: hpp_red_s = hpp_scan_s.total(hpp_red_s, omp_get_max_threads());
// OMP-NEXT: } // hpp region 'scan_L17'

// The scan kernel is declared with launch bounds.
// CUDA: template <class F>
// CUDA-NEXT: __global__ void HPPRT_GPU_SCAN_LAUNCH_BOUNDS
// CUDA-NEXT: hpp_kernel_scan_L17(F hpp_f, hpprt::cuda::Ctx hpp_ctx) {
// CUDA-NEXT: hpp_f(hpp_ctx);
// CUDA-NEXT: }
// CUDA: hpp_launch.kind = hpprt::cuda::RegionKind::Scan;
// CUDA: hpprt::cuda::Scan<hpprt::Sum, hpp_type_s> hpp_scan_s(hpp_launch, s);
// CUDA-NEXT: auto hpp_body =
// CUDA-NEXT: [=, in = hpp_present_in, out = hpp_present_out,
// CUDA-NEXT: hpp_dev_s =
// CUDA-NEXT: hpp_scan_s.device()] __device__(const hpprt::cuda::Ctx &hpp_ctx) {
// CUDA-NEXT: const hpprt::index_t hpp_tile = hpprt::cuda::scan_tile(hpp_dev_s);
// CUDA-NEXT: hpp_type_s hpp_items_s[hpprt::cuda::scan_items];
// CUDA-NEXT: // scan, pass 1: each item's contribution, from the identity
// CUDA-NEXT: for (int hpp_k = 0; hpp_k < hpprt::cuda::scan_items; ++hpp_k) {
// CUDA-NEXT: const hpprt::index_t hpp_iv0 =
// CUDA-NEXT: hpprt::cuda::scan_item(hpp_tile, hpp_k);
// CUDA-NEXT: hpp_type_s s = hpprt::Sum::identity<hpp_type_s>();
// CUDA-NEXT: if (hpp_iv0 < hpp_n0) {
// CUDA-NEXT: int i = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// CUDA-NEXT: #line 19
// CUDA-NEXT: s += in[i];
// CUDA-NEXT: }
// CUDA-NEXT: hpp_items_s[hpp_k] = s;
// CUDA-NEXT: }
// CUDA-NEXT: hpprt::cuda::scan_prefixes_in_place<true>(hpp_dev_s, hpp_tile,
// CUDA-NEXT: hpp_items_s);
// CUDA-NEXT: // scan, pass 2: the scan phase, from each item's prefix
// CUDA: for (int hpp_k = 0; hpp_k < hpprt::cuda::scan_items; ++hpp_k) {
// CUDA-NEXT: const hpprt::index_t hpp_iv0 = hpprt::cuda::scan_item(hpp_tile, hpp_k);
// CUDA-NEXT: if (hpp_iv0 >= hpp_n0)
// CUDA-NEXT: continue;
// CUDA-NEXT: hpp_type_s s = hpp_items_s[hpp_k];
// CUDA-NEXT: int i = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// CUDA-NEXT: #line 18 "{{.*}}scan.cpp"
// CUDA-NEXT: {
// CUDA-NEXT: /* input phase: run in pass 1 */
// CUDA-NEXT: // hpp scan inclusive(s)
// CUDA: out[i] = s;
// CUDA: hpprt::cuda::launch(hpp_launch, hpp_kernel_scan_L17<decltype(hpp_body)>,
// CUDA-NEXT: hpp_body);
// CUDA-NEXT: s = hpp_scan_s.result();

// OMP-LABEL: void scan_exclusive(
// OMP: { // scan, pass 1: reduce this thread's chunk
// OMP-NEXT: auto s = hpprt::identity_like<hpprt::Sum>(hpp_red_s);
// OMP-NEXT: for (int i = static_cast<int>(hpp_lb0_0 + hpp_chunk.begin);
// OMP-NEXT: i < static_cast<int>(hpp_lb0_0 + hpp_chunk.end); ++i) {
// OMP-NEXT: #line 32
// OMP-NEXT: s += in[i];
// OMP-NEXT: }
// OMP: auto s = hpp_scan_s.prefix_before(omp_get_thread_num(), hpp_red_s);
// OMP: out[i] = s;
// OMP-NEXT: // hpp scan exclusive(s)
// OMP: s += in[i];
// OMP: } // hpp region 'excl'

// CUDA-LABEL: void scan_exclusive(
// CUDA: hpp_type_s hpp_items_s[hpprt::cuda::scan_items];
// CUDA-NOT: hpp_last
// CUDA: hpp_items_s[hpp_k] = s;
// CUDA-NEXT: }
// CUDA-NEXT: hpprt::cuda::scan_prefixes_in_place<false>(hpp_dev_s, hpp_tile,
// CUDA-NEXT: hpp_items_s);
// CUDA-NOT: hpp_total
// CUDA: hpp_type_s s = hpp_items_s[hpp_k];
// CUDA-NEXT: int i = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// CUDA-NEXT: #line 29 "{{.*}}scan.cpp"
// CUDA-NEXT: {
// CUDA-NEXT: out[i] = s;
// CUDA-NEXT: // hpp scan exclusive(s)
// CUDA: /* input phase: run in pass 1 */
// CUDA: hpprt::cuda::launch(hpp_launch, hpp_kernel_excl<decltype(hpp_body)>,
// CUDA-NEXT: hpp_body);

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
