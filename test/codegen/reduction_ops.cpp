// Every built-in reduction operator maps to its runtime operator (Sum,
// Prod, Min, Max, BAnd, BOr, BXor, LAnd, LOr): per-thread partials from the
// operator's identity combined after the region on OpenMP (and an omp simd
// reduction clause per variable), a grid reduction per variable on CUDA.
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

void ops(int n, const int *v, const double *x, double &sum, double &prod, double &lo, double &hi,
         int &band, int &bor, int &bxor, bool &all, bool &any) {
  double s = 0, p = 1, mn = 1e300, mx = -1e300;
  int a = ~0, o = 0, e = 0;
  bool al = true, an = false;
  #pragma hpp parallel reduction(+: s) reduction(*: p) reduction(min: mn) reduction(max: mx) reduction(&: a) reduction(|: o) reduction(^: e) reduction(&&: al) reduction(||: an) name("ops")
  for (int i = 0; i < n; ++i) {
    s += x[i];
    p *= x[i];
    mn = x[i] < mn ? x[i] : mn;
    mx = x[i] > mx ? x[i] : mx;
    a &= v[i];
    o |= v[i];
    e ^= v[i];
    al = al && v[i] > 0;
    an = an || v[i] < 0;
  }
  sum = s; prod = p; lo = mn; hi = mx; band = a; bor = o; bxor = e; all = al; any = an;
}

// OMP: hpprt::omp::Partials<hpprt::Sum,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_s)>>
// OMP-NEXT: hpp_part_s;
// OMP: hpprt::omp::Partials<hpprt::Prod,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_p)>>
// OMP-NEXT: hpp_part_p;
// OMP: hpprt::omp::Partials<hpprt::Min,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_mn)>>
// OMP-NEXT: hpp_part_mn;
// OMP: hpprt::omp::Partials<hpprt::Max,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_mx)>>
// OMP-NEXT: hpp_part_mx;
// OMP: hpprt::omp::Partials<hpprt::BAnd,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_a)>>
// OMP-NEXT: hpp_part_a;
// OMP: hpprt::omp::Partials<hpprt::BOr,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_o)>>
// OMP-NEXT: hpp_part_o;
// OMP: hpprt::omp::Partials<hpprt::BXor,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_e)>>
// OMP-NEXT: hpp_part_e;
// OMP: hpprt::omp::Partials<hpprt::LAnd,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_al)>>
// OMP-NEXT: hpp_part_al;
// OMP: hpprt::omp::Partials<hpprt::LOr,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_an)>>
// OMP-NEXT: hpp_part_an;
// OMP: auto s = hpprt::identity_like<hpprt::Sum>(hpp_red_s);
// OMP-NEXT: auto p = hpprt::identity_like<hpprt::Prod>(hpp_red_p);
// OMP-NEXT: auto mn = hpprt::identity_like<hpprt::Min>(hpp_red_mn);
// OMP-NEXT: auto mx = hpprt::identity_like<hpprt::Max>(hpp_red_mx);
// OMP-NEXT: auto a = hpprt::identity_like<hpprt::BAnd>(hpp_red_a);
// OMP-NEXT: auto o = hpprt::identity_like<hpprt::BOr>(hpp_red_o);
// OMP-NEXT: auto e = hpprt::identity_like<hpprt::BXor>(hpp_red_e);
// OMP-NEXT: auto al = hpprt::identity_like<hpprt::LAnd>(hpp_red_al);
// OMP-NEXT: auto an = hpprt::identity_like<hpprt::LOr>(hpp_red_an);
// OMP-NEXT: #pragma omp simd reduction(hpprt_fsum: s) reduction(*: p) reduction(min: mn) reduction(max: mx) reduction(&: a) reduction(|: o) reduction(^: e) reduction(&&: al) reduction(||: an)
// OMP: hpp_part_s.combine_into(hpp_red_s);
// OMP-NEXT: hpp_part_p.combine_into(hpp_red_p);
// OMP-NEXT: hpp_part_mn.combine_into(hpp_red_mn);
// OMP-NEXT: hpp_part_mx.combine_into(hpp_red_mx);
// OMP-NEXT: hpp_part_a.combine_into(hpp_red_a);
// OMP-NEXT: hpp_part_o.combine_into(hpp_red_o);
// OMP-NEXT: hpp_part_e.combine_into(hpp_red_e);
// OMP-NEXT: hpp_part_al.combine_into(hpp_red_al);
// OMP-NEXT: hpp_part_an.combine_into(hpp_red_an);

// CUDA: hpprt::cuda::Reduction<hpprt::Sum, hpp_type_s> hpp_red_s(hpp_launch, s);
// CUDA: hpprt::cuda::Reduction<hpprt::Prod, hpp_type_p> hpp_red_p(hpp_launch, p);
// CUDA: hpprt::cuda::Reduction<hpprt::Min, hpp_type_mn> hpp_red_mn(hpp_launch, mn);
// CUDA: hpprt::cuda::Reduction<hpprt::Max, hpp_type_mx> hpp_red_mx(hpp_launch, mx);
// CUDA: hpprt::cuda::Reduction<hpprt::BAnd, hpp_type_a> hpp_red_a(hpp_launch, a);
// CUDA: hpprt::cuda::Reduction<hpprt::BOr, hpp_type_o> hpp_red_o(hpp_launch, o);
// CUDA: hpprt::cuda::Reduction<hpprt::BXor, hpp_type_e> hpp_red_e(hpp_launch, e);
// CUDA: hpprt::cuda::Reduction<hpprt::LAnd, hpp_type_al> hpp_red_al(hpp_launch, al);
// CUDA: hpprt::cuda::Reduction<hpprt::LOr, hpp_type_an> hpp_red_an(hpp_launch, an);
// CUDA: hpp_type_s s = hpprt::Sum::identity<hpp_type_s>();
// CUDA-NEXT: hpp_type_p p = hpprt::Prod::identity<hpp_type_p>();
// CUDA-NEXT: hpp_type_mn mn = hpprt::Min::identity<hpp_type_mn>();
// CUDA-NEXT: hpp_type_mx mx = hpprt::Max::identity<hpp_type_mx>();
// CUDA-NEXT: hpp_type_a a = hpprt::BAnd::identity<hpp_type_a>();
// CUDA-NEXT: hpp_type_o o = hpprt::BOr::identity<hpp_type_o>();
// CUDA-NEXT: hpp_type_e e = hpprt::BXor::identity<hpp_type_e>();
// CUDA-NEXT: hpp_type_al al = hpprt::LAnd::identity<hpp_type_al>();
// CUDA-NEXT: hpp_type_an an = hpprt::LOr::identity<hpp_type_an>();
// CUDA: hpprt::cuda::finish_reduction(hpp_dev_s, s, true);
// CUDA-COUNT-8: hpprt::cuda::finish_reduction(hpp_dev_{{[a-z]+}}, {{[a-z]+}}, true);
// CUDA: s = hpp_red_s.result();
// CUDA-NEXT: p = hpp_red_p.result();
// CUDA-NEXT: mn = hpp_red_mn.result();
// CUDA-NEXT: mx = hpp_red_mx.result();
// CUDA-NEXT: a = hpp_red_a.result();
// CUDA-NEXT: o = hpp_red_o.result();
// CUDA-NEXT: e = hpp_red_e.result();
// CUDA-NEXT: al = hpp_red_al.result();
// CUDA-NEXT: an = hpp_red_an.result();

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
