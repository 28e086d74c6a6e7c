// hpp::View captured by regions: read-only captures passed by value (the
// CUDA device lambda copies them as it copies pointers), their data()
// checked before a GPU launch in debug builds as pointers are (a region
// whose effects go only through Views returns early when their data is
// device memory, as one through pointers does), and a
// rank-0 View result of parallel_reduce filled through deep_copy after the
// region on OpenMP, and by the kernel itself on CUDA where the view is
// device memory. A View element
// written at team level is guarded like any write to memory.
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <hpp/hpp.hpp>

void scale(hpp::View<double, 2, hpp::LayoutLeft> a, hpp::View<const double, 1> w, int n, int m) {
#pragma hpp team name("scale")
  for (int i = 0; i < n; ++i) {
#pragma hpp vector
    for (int j = 0; j < m; ++j)
      a(i, j) *= w(j);
  }
}

void total(hpp::View<const double, 1> x, hpp::View<double, 0> out) {
  hpp::parallel_reduce("total", int(x.extent(0)), [=](int i, double& s) { s += x(i); }, out);
}

// A View element written at team level is memory, as p[e] would be: the
// team's leader writes it, once.
void rows(hpp::View<double, 1> r, hpp::View<const double, 2> a, int n, int m) {
#pragma hpp team name("rows")
  for (int e = 0; e < n; ++e) {
    double acc = 0;
#pragma hpp thread reduction(+: acc)
    for (int j = 0; j < m; ++j)
      acc += a(e, j);
    r(e) += acc;
  }
}

// CUDA-LABEL: void scale(
// CUDA: hpprt::cuda::Launch hpp_launch({{[[:space:]]*}}"scale",
// CUDA: hpp_launch.check_pointer(a.data(), "a");
// CUDA-NEXT: hpp_launch.check_pointer(w.data(), "w");
// Effects only through Views: no wait when their data is device memory.
// CUDA-NEXT: hpp_launch.device_only = hpp_launch.all_device(a.data(), w.data());
// CUDA: auto hpp_body = [=] __device__(
// CUDA: a(i, j) *= w(j);
// CUDA-LABEL: void total(
// CUDA: { const auto &hpp_result1 = out; double s = hpp::detail::init_value<hpp::Sum<double>>();
// CUDA: hpp_launch.check_pointer(x.data(), "x");
// The launch need not wait when the View's data is device memory, and the
// result goes on into the result View: the kernel writes it there when
// that is device memory too, else result() brings it (reduce_into_view.cpp).
// CUDA-NEXT: hpp_launch.device_only = hpp_launch.all_device(x.data());
// CUDA: hpprt::cuda::Reduction<hpprt::Sum, hpp_type_s> hpp_red_s(hpp_launch, s);
// CUDA: hpp_dev_s = hpp_red_s.device_into(hpp_result1.data())
// CUDA: hpp::deep_copy(hpp_result1, hpp_red_s.result());
// CUDA: /* hpp_result1: made by region
// CUDA-LABEL: void rows(
// CUDA: acc = hpprt::cuda::thread_allreduce<hpprt::Sum>(acc);
// CUDA: if (hpprt::cuda::is_team_leader()) { r(e) += acc; }

// OMP-LABEL: void scale(
// OMP-NOT: check_pointer
// OMP: a(i, j) *= w(j);
// OMP-LABEL: void total(
// OMP: { const auto &hpp_result1 = out; double s = hpp::detail::init_value<hpp::Sum<double>>();
// OMP: hpp::deep_copy(hpp_result1, s); }
