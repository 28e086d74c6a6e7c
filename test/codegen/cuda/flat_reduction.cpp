// A flat loop with reductions on CUDA, as a device lambda launched through a
// named kernel, a grid-stride loop, per-thread partials combined across the
// grid in the same launch, the result back on the host after the launch.
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

void dot(int n, const double *x, const double *y, double &out, int &where) {
  double s = 0, best = -1;
  int at = -1;
  #pragma hpp parallel reduction(+: s) reduction(maxloc: best, at) name("dot")
  for (int i = 0; i < n; ++i) {
    s += x[i] * y[i];
    if (x[i] > best) { best = x[i]; at = i; }
  }
  out = s;
  where = at;
}

// CUDA: #define HPP_BACKEND_CUDA 1
// CUDA-NEXT: #include <hpprt/cuda/hpprt.hpp>
// CUDA-NEXT: template <class F> __global__ void hpp_kernel_dot(F hpp_f, hpprt::cuda::Ctx hpp_ctx) { hpp_f(hpp_ctx); }
// CUDA-NEXT: #line 1 "{{.*}}flat_reduction.cpp"
// CUDA: { // hpp region 'dot' (flat loop) from {{.*}}flat_reduction.cpp:11: CUDA kernel hpp_kernel_dot
// CUDA: hpprt::cuda::Launch hpp_launch("dot", "{{.*}}flat_reduction.cpp", 11);
// CUDA-NEXT: hpp_launch.kind = hpprt::cuda::RegionKind::Flat;
// CUDA-NEXT: hpp_launch.iterations = hpp_n0;
// CUDA-NEXT: #ifndef NDEBUG
// CUDA-NEXT: hpp_launch.check_pointer(x, "x");
// CUDA-NEXT: hpp_launch.check_pointer(y, "y");
// CUDA-NEXT: #endif
// CUDA-NEXT: using hpp_type_s = std::remove_reference_t<decltype(s)>;
// CUDA-NEXT: hpprt::cuda::Reduction<hpprt::Sum, hpp_type_s> hpp_red_s(hpp_launch, s);
// CUDA: hpprt::cuda::LocReduction<hpprt::MaxLoc, hpp_type_best, hpp_type_at> hpp_red_best(hpp_launch, best, at);
// CUDA-NEXT: auto hpp_body = [=, hpp_dev_s = hpp_red_s.device(), hpp_dev_best = hpp_red_best.device()] __device__ (const hpprt::cuda::Ctx &hpp_ctx) {
// CUDA-NEXT: hpp_type_s s = hpprt::Sum::identity<hpp_type_s>();
// CUDA-NEXT: hpp_type_best best = hpprt::MaxLoc::identity<hpp_type_best>();
// CUDA-NEXT: hpp_type_at at = std::numeric_limits<hpp_type_at>::max();
// CUDA: for (hpprt::index_t hpp_iv0 = hpprt::cuda::global_rank(); hpp_iv0 < hpp_n0; hpp_iv0 += hpprt::cuda::global_size()) { int i = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// CUDA: hpprt::cuda::finish_reduction(hpp_dev_s, s, true);
// CUDA-NEXT: hpprt::cuda::finish_loc_reduction(hpp_dev_best, best, at, true);
// CUDA-NEXT: };
// CUDA-NEXT: hpprt::cuda::launch(hpp_launch, hpp_kernel_dot<decltype(hpp_body)>, hpp_body);
// CUDA-NEXT: s = hpp_red_s.result();
// CUDA-NEXT: std::tie(best, at) = hpp_red_best.result();
// CUDA-NEXT: } // hpp region 'dot'
