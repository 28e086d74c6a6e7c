// A reduction whose variable's only use after the region is
// `hpp::deep_copy(view, v);` as the very next statement, into a rank-0
// View of v's type (what a parallel_reduce into a View lowers to, or the
// same written by hand): GPU backends hand the view's data to the
// reduction (device_into), so the kernel writes the result there when the
// memory is device-only, and the user's copy is replaced by one the
// region makes only when the kernel did not. OpenMP keeps the copy. Any
// other use of the variable, a statement in between, another element
// type or rank, nowait, or a loc reduction keeps the host result.
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP
// RUN: %hppc translate --backend=cuda %s -o /dev/null --report | %FileCheck %s --check-prefix=REPORT
// RUN: %hppc translate --backend=cuda %s -o /dev/null --report-json %t.json
// RUN: %FileCheck %s --check-prefix=JSON --input-file %t.json
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
// RUN: %hppc translate --backend=hip %s -o %t.hip
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.hip
// RUN: %hip_as_cuda %t.hip | %same_code - %t.cu
#include <hpp/hpp.hpp>

void by_hand(int n, const double *x, const hpp::View<double, 0> &total) {
  double s = 1;
#pragma hpp parallel reduction(+: s) name("by_hand")
  for (int i = 0; i < n; ++i)
    s += x[i];
  hpp::deep_copy(total, s);
}
// JSON: "into_view": "total"
// JSON: "into_view": "total"
// JSON-NOT: into_view
// REPORT-LABEL: region 'by_hand'
// REPORT: s goes on into view total: on GPUs the kernel writes it there when its memory is device-only (no wait)
// CUDA-LABEL: void by_hand(
// CUDA: Reduction<hpprt::Sum, hpp_type_s> hpp_red_s(hpp_launch, s);
// CUDA: hpp_dev_s = hpp_red_s.device_into({{[[:space:]]*}}total.data())
// CUDA: finish_reduction(hpp_dev_s, s, true);
// CUDA: launch(hpp_launch,
// CUDA: if (!hpp_red_s.delivered())
// CUDA-NEXT: hpp::deep_copy(total, hpp_red_s.result());
// CUDA-NEXT: } // hpp region 'by_hand'
// CUDA-NOT: deep_copy
// CUDA: /* total: made by region 'by_hand' */
// CUDA-NEXT: {{^}}}
// OMP-LABEL: void by_hand(
// OMP: s += x[i];
// OMP: hpp::deep_copy(total, s);

double api(int n, const double *x) {
  hpp::View<double, 0> total("total");
  hpp::parallel_reduce("api", n, [=](int i, double &s) { s += x[i] * x[i]; }, total);
  double h;
  hpp::deep_copy(h, total);
  return h;
}
// REPORT-LABEL: region 'api'
// REPORT: s goes on into view total: on GPUs
// CUDA-LABEL: double api(
// CUDA: const auto &[[R:hpp_result[0-9]+]] = total; double s = hpp::detail::init_value<hpp::Sum<double>>();
// CUDA: hpp_dev_s = hpp_red_s.device_into({{[[:space:]]*}}[[R]].data())
// CUDA: hpp::deep_copy([[R]], hpp_red_s.result());
// CUDA: /* [[R]]: made by region 'api' */ }
// OMP-LABEL: double api(
// OMP: hpp::deep_copy({{hpp_result[0-9]+}}, s); }

// Read again after the copy: the host needs the value.
double read_again(int n, const double *x, const hpp::View<double, 0> &total) {
  double s = 0;
#pragma hpp parallel reduction(+: s) name("read_again")
  for (int i = 0; i < n; ++i)
    s += x[i];
  hpp::deep_copy(total, s);
  return s;
}
// CUDA-LABEL: double read_again(
// CUDA: hpp_dev_s = hpp_red_s.device()
// CUDA: s = hpp_red_s.result();
// CUDA: hpp::deep_copy(total, s);

// A statement between the region and the copy.
void in_between(int n, const double *x, const hpp::View<double, 0> &total, int *count) {
  double s = 0;
#pragma hpp parallel reduction(+: s) name("in_between")
  for (int i = 0; i < n; ++i)
    s += x[i];
  ++*count;
  hpp::deep_copy(total, s);
}
// CUDA-LABEL: void in_between(
// CUDA: hpp_dev_s = hpp_red_s.device()
// CUDA: s = hpp_red_s.result();
// CUDA: hpp::deep_copy(total, s);

// The copy converts (a float view) or fills (rank 1), or runs only at times.
void other_copies(int n, const double *x, const hpp::View<float, 0> &f,
                  const hpp::View<double, 1> &v, bool when) {
  double s = 0;
#pragma hpp parallel reduction(+: s) name("converts")
  for (int i = 0; i < n; ++i)
    s += x[i];
  hpp::deep_copy(f, s);
  double t = 0;
#pragma hpp parallel reduction(+: t) name("fills")
  for (int i = 0; i < n; ++i)
    t += x[i];
  hpp::deep_copy(v, t);
  double u = 0;
#pragma hpp parallel reduction(+: u) name("sometimes")
  for (int i = 0; i < n; ++i)
    u += x[i];
  if (when)
    hpp::deep_copy(v, u);
}
// CUDA-LABEL: void other_copies(
// CUDA-NOT: device_into
// CUDA: hpp::deep_copy(f, s);
// CUDA-NOT: device_into
// CUDA: hpp::deep_copy(v, t);
// CUDA-NOT: device_into
// CUDA: hpp::deep_copy(v, u);

// nowait: the value reaches s at a fence, not at the copy; minloc pairs
// stay on the host.
void nowait_and_loc(int n, const double *x, const hpp::View<double, 0> &total, hpp::Stream &st,
                    const hpp::View<int, 0> &where) {
  double s = 0;
#pragma hpp parallel reduction(+: s) stream(st) nowait name("later")
  for (int i = 0; i < n; ++i)
    s += x[i];
  hpp::deep_copy(total, s);
  st.fence();
  double m = 1e300;
  int at = -1;
#pragma hpp parallel reduction(minloc: m, at) name("loc")
  for (int i = 0; i < n; ++i)
    if (x[i] < m) {
      m = x[i];
      at = i;
    }
  hpp::deep_copy(where, at);
}
// CUDA-LABEL: void nowait_and_loc(
// CUDA-NOT: device_into
// CUDA: hpp_red_s.result_at_fence(s);
// CUDA-NOT: device_into
// CUDA: hpp::deep_copy(where, at);
