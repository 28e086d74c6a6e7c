// A device-wide scan in one pass (tiles, decoupled look-back), and the
// functions, templates, methods and lambdas a region calls compiled for host
// and device.
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

double square(double v) { return v * v; }
template <class T> T twice(T v) { return v + v; }
struct Scale {
  double k;
  double apply(double v) const { return k * v; }
};

void run(int n, const long *in, long *out, double *y, Scale sc) {
  auto shift = [](double v) { return v + 1; };
  long s = 0;
  #pragma hpp parallel reduction(inscan, +: s)
  for (int i = 0; i < n; ++i) {
    s += in[i];
    #pragma hpp scan inclusive(s)
    out[i] = s;
  }
  #pragma hpp parallel
  for (int i = 0; i < n; ++i)
    y[i] = sc.apply(twice(square(shift(y[i]))));
}

// The scan kernel is declared with launch bounds, the flat one without.
// CUDA: template <class F> __global__ void __launch_bounds__(hpprt::cuda::scan_block, 4) [[SCAN:hpp_kernel_run_L[0-9]+]](F hpp_f, hpprt::cuda::Ctx hpp_ctx) { hpp_f(hpp_ctx); }
// CUDA-NEXT: template <class F> __global__ void [[FLAT:hpp_kernel_run_L[0-9]+]](F hpp_f, hpprt::cuda::Ctx hpp_ctx) { hpp_f(hpp_ctx); }
// Everything the second region calls is compiled for host and device.
// CUDA: __host__ __device__ double square(double v) { return v * v; }
// CUDA-NEXT: template <class T> __host__ __device__ T twice(T v) { return v + v; }
// CUDA: __host__ __device__ double apply(double v) const { return k * v; }
// CUDA: auto shift = []__host__ __device__ (double v) { return v + 1; };
// CUDA: hpp_launch.kind = hpprt::cuda::RegionKind::Scan;
// CUDA: hpprt::cuda::Scan<hpprt::Sum, hpp_type_s> hpp_scan_s(hpp_launch, s);
// CUDA-NEXT: auto hpp_body = [=, hpp_dev_s = hpp_scan_s.device()] __device__ (const hpprt::cuda::Ctx &hpp_ctx) {
// The input phase only updates s: pass 2 starts each item from its
// inclusive prefix and does not run the input phase again.
// CUDA-NEXT: const hpprt::index_t hpp_tile = hpprt::cuda::scan_tile(hpp_dev_s);
// CUDA-NEXT: hpp_type_s hpp_items_s[hpprt::cuda::scan_items];
// CUDA-NEXT: // scan, pass 1: each item's contribution, from the identity
// CUDA-NEXT: for (int hpp_k = 0; hpp_k < hpprt::cuda::scan_items; ++hpp_k) {
// CUDA-NEXT: const hpprt::index_t hpp_iv0 = hpprt::cuda::scan_item(hpp_tile, hpp_k);
// CUDA-NEXT: hpp_type_s s = hpprt::Sum::identity<hpp_type_s>();
// CUDA-NEXT: if (hpp_iv0 < hpp_n0) { int i = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// CUDA-NEXT: #line 20 "{{.*}}scan_device_functions.cpp"
// CUDA-NEXT: s += in[i];
// CUDA-NEXT: }
// CUDA-NEXT: hpp_items_s[hpp_k] = s;
// CUDA-NEXT: }
// CUDA-NEXT: hpprt::cuda::scan_prefixes_in_place<true>(hpp_dev_s, hpp_tile, hpp_items_s);
// CUDA-NEXT: // scan, pass 2: the scan phase, from each item's prefix
// CUDA: for (int hpp_k = 0; hpp_k < hpprt::cuda::scan_items; ++hpp_k) { const hpprt::index_t hpp_iv0 = hpprt::cuda::scan_item(hpp_tile, hpp_k); if (hpp_iv0 >= hpp_n0) continue; hpp_type_s s = hpp_items_s[hpp_k]; if (hpp_iv0 == hpp_n0 - 1) { hpp_type_s hpp_total = s; hpprt::cuda::scan_store_total(hpp_dev_s, hpp_total); } int i = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// CUDA-NEXT: /* input phase: run in pass 1 */
// CUDA-NEXT: // hpp scan inclusive(s)
// CUDA: out[i] = s;
// CUDA: hpprt::cuda::launch(hpp_launch, [[SCAN]]<decltype(hpp_body)>, hpp_body);
// CUDA-NEXT: s = hpp_scan_s.result();
// CUDA: hpp_launch.kind = hpprt::cuda::RegionKind::Flat;
// CUDA: y[i] = sc.apply(twice(square(shift(y[i]))));
// CUDA: hpprt::cuda::launch(hpp_launch, [[FLAT]]<decltype(hpp_body)>, hpp_body);
