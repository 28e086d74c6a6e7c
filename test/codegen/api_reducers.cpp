// Several results in one parallel_reduce: a MinLoc reducer, a plain
// variable (summed) and a Max reducer lower to one region with a minloc
// reduction over the reducer's fields (split into two variables), a sum and
// a max, each accumulator initialised by its reducer before the region;
// after it each result gets its value (the MinLoc one field by field).
// RUN: %hppc translate --backend=openmp %s -o - --report | %FileCheck %s --check-prefixes=REPORT,OMP
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <hpp/hpp.hpp>

using MinL = hpp::MinLoc<double, int>;

void reducers(int n, const double *v, double &val, int &loc, double &sum, double &hi) {
  MinL::value_type r;
  double s = 0, m = -1e300;
  hpp::parallel_reduce(
      "red", n,
      [=](int i, MinL::value_type &ml, double &acc, double &mx) {
        if (v[i] < ml.val) {
          ml.val = v[i];
          ml.loc = i;
        }
        acc += v[i];
        mx = v[i] > mx ? v[i] : mx;
      },
      MinL(r), s, hpp::Max<double>(m));
  val = r.val;
  loc = r.loc;
  sum = s;
  hi = m;
}

// REPORT: region 'red' (flat loop)
// REPORT-NEXT: line 17: flat loop over i ->
// REPORT-NEXT: reductions: minloc:hpp_ml_val,hpp_ml_loc +:acc max:mx

// OMP: { auto &[[R:hpp_result[0-9]+]] = r; auto &[[S:hpp_result[0-9]+]] = s; auto &[[M:hpp_result[0-9]+]] = m; double hpp_ml_val; int hpp_ml_loc; { MinL::value_type hpp_init = hpp::detail::init_value<hpp::MinLoc<double, int>>(); hpp_ml_val = hpp_init.val; hpp_ml_loc = hpp_init.loc; } double acc = hpp::detail::init_value<hpp::Sum<double>>(); double mx = hpp::detail::init_value<hpp::Max<double>>();
// OMP: hpprt::omp::LocPartials<hpprt::MinLoc,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_hpp_ml_val)>,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_hpp_ml_loc)>>
// OMP-NEXT: hpp_part_hpp_ml_val;
// OMP: hpprt::omp::Partials<hpprt::Sum,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_acc)>>
// OMP-NEXT: hpp_part_acc;
// OMP: hpprt::omp::Partials<hpprt::Max,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_mx)>>
// OMP-NEXT: hpp_part_mx;
// OMP: if (v[i] < hpp_ml_val) {
// OMP-NEXT: hpp_ml_val = v[i];
// OMP-NEXT: hpp_ml_loc = i;
// OMP: hpp_part_hpp_ml_val.combine_into(hpp_red_hpp_ml_val, hpp_red_hpp_ml_loc);
// OMP-NEXT: hpp_part_acc.combine_into(hpp_red_acc);
// OMP-NEXT: hpp_part_mx.combine_into(hpp_red_mx);
// OMP: [[R]].val = hpp_ml_val; [[R]].loc = hpp_ml_loc; [[S]] = acc; [[M]] = mx; }

// CUDA: { auto &[[R:hpp_result[0-9]+]] = r; auto &[[S:hpp_result[0-9]+]] = s; auto &[[M:hpp_result[0-9]+]] = m; double hpp_ml_val; int hpp_ml_loc;
// CUDA: hpprt::cuda::LocReduction<hpprt::MinLoc, hpp_type_hpp_ml_val,
// CUDA-NEXT: hpp_type_hpp_ml_loc>
// CUDA-NEXT: hpp_red_hpp_ml_val(hpp_launch, hpp_ml_val, hpp_ml_loc);
// CUDA: hpprt::cuda::Reduction<hpprt::Sum, hpp_type_acc> hpp_red_acc(hpp_launch, acc);
// CUDA: hpprt::cuda::Reduction<hpprt::Max, hpp_type_mx> hpp_red_mx(hpp_launch, mx);
// CUDA: hpprt::cuda::finish_loc_reduction(hpp_dev_hpp_ml_val, hpp_ml_val,
// CUDA-NEXT: hpp_ml_loc, true);
// CUDA-NEXT: hpprt::cuda::finish_reduction(hpp_dev_acc, acc, true);
// CUDA-NEXT: hpprt::cuda::finish_reduction(hpp_dev_mx, mx, true);
// CUDA: std::tie(hpp_ml_val, hpp_ml_loc) = hpp_red_hpp_ml_val.result();
// CUDA-NEXT: acc = hpp_red_acc.result();
// CUDA-NEXT: mx = hpp_red_mx.result();
// CUDA: [[R]].val = hpp_ml_val; [[R]].loc = hpp_ml_loc; [[S]] = acc; [[M]] = mx; }

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
