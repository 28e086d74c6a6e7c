// A reduction whose variable's only use after the region is
// `hpp::deep_copy(view, v);` among the copies right after it, into a rank-0
// View of v's type (what a parallel_reduce into a View lowers to, or the
// same written by hand): GPU backends hand the view's data to the
// reduction (device_into), so the kernel writes the result there when the
// memory is device-only, and the user's copy is replaced by one the
// region makes only when the kernel did not. OpenMP keeps the copy. Any
// other use of the variable, a statement in between, another element
// type or rank, nowait, or a loc reduction keeps the host result. Several
// results go into views apart only (hpp_launch.apart, checked at run time:
// the kernel writes them in no particular order), and the copies taken
// out stop at the first that is not one (a copy the program still makes
// must come after every copy taken out, as in the serial order).
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
// JSON: "into_view": "sum"
// JSON: "into_view": "squares"
// JSON: "into_view": "sum"
// JSON: "into_view": "squares"
// JSON: "into_view": "sum"
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

// Two results, each into its view, as a parallel_reduce into two Views
// lowers to.
void two_views(int n, const double *x, const hpp::View<double, 0> &sum,
               const hpp::View<double, 0> &squares) {
  double s = 0, q = 0;
#pragma hpp parallel reduction(+: s, q) name("two_views")
  for (int i = 0; i < n; ++i) {
    s += x[i];
    q += x[i] * x[i];
  }
  hpp::deep_copy(sum, s);
  hpp::deep_copy(squares, q);
}
// REPORT-LABEL: region 'two_views'
// REPORT: s goes on into view sum: on GPUs
// REPORT: q goes on into view squares: on GPUs
// CUDA-LABEL: void two_views(
// CUDA: const bool hpp_views_apart = hpp_launch.apart(sum.data(), squares.data());
// CUDA: hpp_dev_s ={{[[:space:]]*}}hpp_red_s.device_into({{[[:space:]]*}}hpp_views_apart{{[[:space:]]*}}? sum.data(){{[[:space:]]*}}: nullptr)
// CUDA: hpp_dev_q ={{[[:space:]]*}}hpp_red_q.device_into({{[[:space:]]*}}hpp_views_apart{{[[:space:]]*}}? squares.data(){{[[:space:]]*}}: nullptr)
// CUDA: if (!hpp_red_s.delivered())
// CUDA-NEXT: hpp::deep_copy(sum, hpp_red_s.result());
// CUDA-NEXT: if (!hpp_red_q.delivered())
// CUDA-NEXT: hpp::deep_copy(squares, hpp_red_q.result());
// CUDA-NOT: deep_copy
// CUDA: /* sum: made by region 'two_views' */
// CUDA-NEXT: /* squares: made by region 'two_views' */

double api_two(int n, const double *x, const hpp::View<double, 0> &sum,
               const hpp::View<double, 0> &squares) {
  hpp::parallel_reduce(
      "api_two", n, [=](int i, double &s, double &q) {
        s += x[i];
        q += x[i] * x[i];
      },
      sum, squares);
  double h;
  hpp::deep_copy(h, sum);
  return h;
}
// REPORT-LABEL: region 'api_two'
// REPORT: goes on into view sum: on GPUs
// REPORT: goes on into view squares: on GPUs
// CUDA-LABEL: double api_two(
// CUDA: const bool hpp_views_apart ={{[[:space:]]*}}hpp_launch.apart(
// CUDA: hpp_views_apart{{[[:space:]]*}}? hpp_result
// CUDA: hpp_views_apart{{[[:space:]]*}}? hpp_result

// A copy of another value ends the copies taken out: q's copy, after it,
// stays the program's own.
void run_ends(int n, const double *x, const hpp::View<double, 0> &sum,
              const hpp::View<double, 0> &squares, const hpp::View<double, 0> &other) {
  double s = 0, q = 0, o = 2;
#pragma hpp parallel reduction(+: s, q) name("run_ends")
  for (int i = 0; i < n; ++i) {
    s += x[i];
    q += x[i] * x[i];
  }
  hpp::deep_copy(sum, s);
  hpp::deep_copy(other, o);
  hpp::deep_copy(squares, q);
}
// CUDA-LABEL: void run_ends(
// CUDA-NOT: hpp_views_apart
// CUDA: hpp_dev_s = hpp_red_s.device_into({{[[:space:]]*}}sum.data())
// CUDA: hpp_dev_q ={{[[:space:]]*}}hpp_red_q.device()
// CUDA: q = hpp_red_q.result();
// CUDA: /* sum: made by region 'run_ends' */
// CUDA-NEXT: hpp::deep_copy(other, o);
// CUDA-NEXT: hpp::deep_copy(squares, q);

// The first result is read again: its copy stays, and so does every copy
// after it.
double first_read(int n, const double *x, const hpp::View<double, 0> &sum,
                  const hpp::View<double, 0> &squares) {
  double s = 0, q = 0;
#pragma hpp parallel reduction(+: s, q) name("first_read")
  for (int i = 0; i < n; ++i) {
    s += x[i];
    q += x[i] * x[i];
  }
  hpp::deep_copy(sum, s);
  hpp::deep_copy(squares, q);
  return s;
}
// CUDA-LABEL: double first_read(
// CUDA-NOT: device_into
// CUDA: hpp::deep_copy(sum, s);
// CUDA-NEXT: hpp::deep_copy(squares, q);
