// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: %t > %t.out
// OPENMP-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// OPENMP-RUN: %compare %t.ser.out %t.out
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: %t > %t.out
// CUDA-RUN: %cxx_serial %s -o %t.ser && %t.ser > %t.ser.out
// CUDA-RUN: %compare %t.ser.out %t.out

// Reductions whose result goes on into a rank-0 View: a parallel_reduce
// into a View, and a reduction followed by `hpp::deep_copy(view, v)`. On
// a GPU the kernel writes the result into a device view itself and the
// host does not wait; every later use (a region reading the view, a
// deep_copy to the host, on the default stream or another) must still
// see it. Views in host-visible spaces get the result through the host.
// Zero iterations must still write the view (the kernel does not run).
// Several results into views that share memory must land in program
// order.
// Every value is a multiple of 1/4, so every order of the sums gives the
// same bits.
#include <cstdio>
#include <hpp/hpp.hpp>

using DeviceScalar = hpp::View<double, 0>;
using HostScalar = hpp::View<double, 0, hpp::LayoutRight, hpp::Space::Host>;
using PinnedScalar = hpp::View<double, 0, hpp::LayoutRight, hpp::Space::HostPinned>;

static double read(const DeviceScalar& v) {
  double h = 0;
  hpp::deep_copy(h, v);
  return h;
}

// The pragma form, as a user writes it: the copy right after the loop.
template <class ViewT>
static void sum_into(int n, const double* x, double start, const ViewT& total) {
  double s = start;
#pragma hpp parallel reduction(+: s) name("sum_into")
  for (int i = 0; i < n; ++i)
    s += x[i];
  hpp::deep_copy(total, s);
}

int main() {
  const int n = 1 << 20, rows = 300, cols = 257;
  double* x = hpp::alloc<double>(n, hpp::Space::Device);
  double* y = hpp::alloc<double>(n, hpp::Space::Device);
  double* a = hpp::alloc<double>(rows * cols, hpp::Space::Device);
#pragma hpp parallel name("fill")
  for (int i = 0; i < n; ++i) {
    x[i] = (i % 17) * 0.25;
    y[i] = 0;
  }
#pragma hpp parallel name("fill_matrix")
  for (int k = 0; k < rows * cols; ++k)
    a[k] = (k % 5) * 0.5;

  DeviceScalar total("total");
  const int trips[] = {0, 1, 1000, n};
  for (int t : trips) {
    // parallel_reduce assigns: the view's earlier value does not count.
    hpp::deep_copy(total, 99.0);
    hpp::parallel_reduce("api_sum", t, [=](int i, double& s) { s += x[i]; }, total);
    std::printf("api sum over %d: %.2f\n", t, read(total));
    // The pragma form adds the variable's initial value.
    sum_into(t, x, 5.0, total);
    std::printf("pragma sum over %d from 5: %.2f\n", t, read(total));
  }

  // A max, written by hand.
  {
    double m = -1.0;
#pragma hpp parallel reduction(max: m) name("max_into")
    for (int i = 0; i < n; ++i) {
      const double v = x[i] * (i % 3);
      m = v > m ? v : m;
    }
    hpp::deep_copy(total, m);
    std::printf("max: %.2f\n", read(total));
  }

  // A team region's result, with a vector reduction per row.
  {
    double r = 0;
#pragma hpp team reduction(+: r) name("rows_into")
    for (int i = 0; i < rows; ++i) {
      double row = 0;
#pragma hpp vector reduction(+: row)
      for (int j = 0; j < cols; ++j)
        row += a[i * cols + j] * (j % 3);
      r += row * (i % 7);
    }
    hpp::deep_copy(total, r);
    std::printf("team sum: %.2f\n", read(total));
  }

  // Host-visible views: the result goes through the host.
  {
    HostScalar host_total("host_total");
    PinnedScalar pinned_total("pinned_total");
    sum_into(n, x, 1.0, host_total);
    sum_into(n, x, 2.0, pinned_total);
    std::printf("host view: %.2f, pinned view: %.2f\n", host_total(), pinned_total());
  }

  // Dependent steps: each region reads the sum the one before delivered
  // into the view, on the device, with no host wait in between.
  {
    DeviceScalar scale("scale");
    hpp::deep_copy(scale, 1.0);
    for (int step = 0; step < 20; ++step) {
#pragma hpp parallel name("scaled")
      for (int i = 0; i < n; ++i)
        y[i] = x[i] * (scale() > 1e6 ? 0.25 : 1.0) + (i % 2);
      hpp::parallel_reduce("scaled_sum", n, [=](int i, double& s) { s += y[i]; }, scale);
    }
    std::printf("after 20 dependent steps: %.2f\n", read(scale));
  }

  // On a stream of its own, read back with a plain deep_copy.
  {
    hpp::Stream st;
    DeviceScalar on_stream("on_stream");
    double s = 0;
#pragma hpp parallel stream(st) reduction(+: s) name("stream_sum")
    for (int i = 0; i < n; ++i)
      s += x[i] * 2;
    hpp::deep_copy(on_stream, s);
    std::printf("on a stream: %.2f\n", read(on_stream));
  }

  // Several results into views: views apart get them from the kernel;
  // views that share memory (the same view twice, a copy of a view, which
  // shares its data) get them in program order, so the last copy wins as
  // in the serial build.
  {
    DeviceScalar sum("sum"), squares("squares");
    hpp::parallel_reduce(
        "two_sums", n, [=](int i, double& s, double& q) {
          s += x[i];
          q += x[i] * x[i];
        },
        sum, squares);
    std::printf("two views: %.2f %.2f\n", read(sum), read(squares));
    DeviceScalar alias = sum;
    for (int t : trips) {
      double s = 1, q = 2, m = -1;
#pragma hpp parallel reduction(+: s, q) reduction(max: m) name("three_into")
      for (int i = 0; i < t; ++i) {
        s += x[i];
        q += x[i] * 3;
        m = x[i] > m ? x[i] : m;
      }
      hpp::deep_copy(sum, s);
      hpp::deep_copy(squares, q);
      hpp::deep_copy(alias, m);
      std::printf("over %d: sum view holds %.2f (the max), squares %.2f\n", t, read(sum),
                  read(squares));
      double u = 0, v = 0;
#pragma hpp parallel reduction(+: u, v) name("same_view")
      for (int i = 0; i < t; ++i) {
        u += x[i];
        v += 1;
      }
      hpp::deep_copy(squares, u);
      hpp::deep_copy(squares, v);
      std::printf("over %d: one view twice holds %.2f\n", t, read(squares));
    }
  }

  hpp::free(x);
  hpp::free(y);
  hpp::free(a);
  return 0;
}
