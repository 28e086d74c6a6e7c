// A device-wide scan whose two phases read the same element (a stream
// compaction's `x[i]`) keeps the value pass 1 loaded, per item, and pass 2
// reads it from there: otherwise pass 2 loads it again after the previous
// item's store, which nothing lets the compiler move it above. Only
// elements no write in the loop may reach, with an index from the loop's
// index and invariant integers, that pass 1 evaluates for every item; at
// most 8 bytes per item, whose kernel gets the launch bounds that leave
// room for them. Uses that pass 2 drops or a macro writes are left alone.
// OpenMP keeps nothing (each thread runs its chunk twice).
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %hppc translate --format=none --backend=hip %s -o %t.hip
// RUN: %hip_as_cuda %t.hip | %same_code - %t.cu
// RUN: %hppc translate --format=none --backend=openmp %s -o %t.omp.cpp
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.omp.cpp
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
// RUN: %if hip-amd %{ %hip_hpp -c %t.hip -o %t.hip.o %}

// OMP-LABEL: region 'indexlist'
// OMP: scan, pass 2
// OMP-NOT: hpp_fwd
// OMP: if (x[i] < 0.0)
// OMP-NOT: hpp_fwd
// OMP: } // hpp region 'indexlist'
// OMP-NOT: hpp_fwd

// CUDA: HPPRT_GPU_SCAN_KEEPING_LAUNCH_BOUNDS hpp_kernel_indexlist(
// CUDA: HPPRT_GPU_SCAN_KEEPING_LAUNCH_BOUNDS hpp_kernel_kept_declaration(
// CUDA: HPPRT_GPU_SCAN_LAUNCH_BOUNDS hpp_kernel_written(
// CUDA: HPPRT_GPU_SCAN_KEEPING_LAUNCH_BOUNDS hpp_kernel_conditional(
// CUDA: HPPRT_GPU_SCAN_KEEPING_LAUNCH_BOUNDS hpp_kernel_inclusive(
// CUDA: HPPRT_GPU_SCAN_LAUNCH_BOUNDS hpp_kernel_macro(
// CUDA: HPPRT_GPU_SCAN_KEEPING_LAUNCH_BOUNDS hpp_kernel_view(
// CUDA: HPPRT_GPU_SCAN_LAUNCH_BOUNDS hpp_kernel_api_scan(
// CUDA: HPPRT_GPU_SCAN_KEEPING_LAUNCH_BOUNDS hpp_kernel_api_compaction(

int indexlist(int n, const double *x, int *list) {
  int c = 0;
  // CUDA-LABEL: region 'indexlist'
  // CUDA: // 'x[i]' of each item, kept from pass 1
  // CUDA-NEXT: std::remove_cv_t<std::remove_reference_t<decltype(x[0])>> hpp_fwd0[hpprt::cuda::scan_items];
  // CUDA: int i = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
  // CUDA-NEXT: hpp_fwd0[hpp_k] = x[i];
  // CUDA-NEXT: #line
  // CUDA-NEXT: c += x[i] < 0.0 ? 1 : 0;
  // CUDA: scan, pass 2
  // CUDA: if (hpp_fwd0[hpp_k] < 0.0)
  // CUDA-NEXT: list[c] = i;
  // CUDA: } // hpp region 'indexlist'
  #pragma hpp parallel reduction(inscan, + : c) name("indexlist")
  for (int i = 0; i < n; ++i) {
    if (x[i] < 0.0)
      list[c] = i;
    #pragma hpp scan exclusive(c)
    c += x[i] < 0.0 ? 1 : 0;
  }
  return c;
}

// Through a declaration both passes run; the second double does not fit.
int kept_declaration(int n, const double *x, const double *y, int *list) {
  int c = 0;
  // CUDA-LABEL: region 'kept_declaration'
  // CUDA: hpp_fwd0[hpp_k] = x[i];
  // CUDA-NOT: hpp_fwd1
  // CUDA: scan, pass 2
  // CUDA: const bool keep = hpp_fwd0[hpp_k] < y[i];
  // CUDA: } // hpp region 'kept_declaration'
  #pragma hpp parallel reduction(inscan, + : c) name("kept_declaration")
  for (int i = 0; i < n; ++i) {
    const bool keep = x[i] < y[i];
    if (keep)
      list[c] = i;
    #pragma hpp scan exclusive(c)
    c += keep;
  }
  return c;
}

// The scan phase writes the element it reads (after the input phase, in
// an inclusive scan): loaded in each pass.
int written(int n, double *z, int *list) {
  int c = 0;
  // CUDA-LABEL: region 'written'
  // CUDA-NOT: hpp_fwd
  // CUDA: } // hpp region 'written'
  #pragma hpp parallel reduction(inscan, + : c) name("written")
  for (int i = 0; i < n; ++i) {
    c += z[i] < 0.0;
    #pragma hpp scan inclusive(c)
    if (z[i] < 0.0) {
      z[i] = 0.0;
      list[c - 1] = i;
    }
  }
  return c;
}

// Pass 1 reads x[i] only for some items, flag[i] for all.
int conditional(int n, const int *flag, const double *x, int *list) {
  int c = 0;
  // CUDA-LABEL: region 'conditional'
  // CUDA: hpp_fwd0[hpp_k] = flag[i];
  // CUDA-NOT: hpp_fwd1
  // CUDA: scan, pass 2
  // CUDA: if (hpp_fwd0[hpp_k] && x[i] < 0.0)
  // CUDA: } // hpp region 'conditional'
  #pragma hpp parallel reduction(inscan, + : c) name("conditional")
  for (int i = 0; i < n; ++i) {
    if (flag[i] && x[i] < 0.0)
      list[c] = i;
    #pragma hpp scan exclusive(c)
    if (flag[i])
      c += x[i] < 0.0;
  }
  return c;
}

// Inclusive: the input phase comes first; pass 2 runs the scan phase.
int inclusive(int n, const double *x, int *list) {
  int c = 0;
  // CUDA-LABEL: region 'inclusive'
  // CUDA: hpp_fwd0[hpp_k] = x[i];
  // CUDA: scan, pass 2
  // CUDA: if (hpp_fwd0[hpp_k] > 0.0)
  // CUDA-NEXT: list[c - 1] = i;
  // CUDA: } // hpp region 'inclusive'
  #pragma hpp parallel reduction(inscan, + : c) name("inclusive")
  for (int i = 0; i < n; ++i) {
    c += x[i] > 0.0;
    #pragma hpp scan inclusive(c)
    if (x[i] > 0.0)
      list[c - 1] = i;
  }
  return c;
}

// The scan phase's only read is in a macro's expansion: nothing to keep.
#define NEGATIVE(v) ((v) < 0.0)
int macro(int n, const double *x, int *list) {
  int c = 0;
  // CUDA-LABEL: region 'macro'
  // CUDA-NOT: hpp_fwd
  // CUDA: } // hpp region 'macro'
  #pragma hpp parallel reduction(inscan, + : c) name("macro")
  for (int i = 0; i < n; ++i) {
    if (NEGATIVE(x[i]))
      list[c] = i;
    #pragma hpp scan exclusive(c)
    c += x[i] < 0.0;
  }
  return c;
}

// Through a View: the element type comes from the View's data().
#include <hpp/hpp.hpp>
int view(int n, hpp::View<const double, 1> x, hpp::View<int, 1> list) {
  int c = 0;
  // CUDA-LABEL: region 'view'
  // CUDA: std::remove_cv_t<std::remove_reference_t<decltype(x.data()[0])>> hpp_fwd0[hpprt::cuda::scan_items];
  // CUDA: hpp_fwd0[hpp_k] = x(i);
  // CUDA: scan, pass 2
  // CUDA: if (hpp_fwd0[hpp_k] < 0.0)
  // CUDA-NEXT: list(c) = i;
  // CUDA: } // hpp region 'view'
  #pragma hpp parallel reduction(inscan, + : c) name("view")
  for (int i = 0; i < n; ++i) {
    if (x(i) < 0.0)
      list(c) = i;
    #pragma hpp scan exclusive(c)
    c += x(i) < 0.0;
  }
  return c;
}

// parallel_scan: the body with final true updates a copy of partial that
// pass 2 discards, so `partial += in[i]` there is dead and in[i] is not
// kept; a compaction's condition is.
void api_scan(int n, const double *in, double *out) {
  // CUDA-LABEL: region 'api_scan'
  // CUDA-NOT: hpp_fwd
  // CUDA: } // hpp region 'api_scan'
  hpp::parallel_scan("api_scan", n, [=](int i, double &partial, bool final) {
    if (final)
      out[i] = partial;
    partial += in[i];
  });
}

int api_compaction(int n, const double *x, int *list) {
  int count = 0;
  // CUDA-LABEL: region 'api_compaction'
  // CUDA: hpp_fwd0[hpp_k] = x[i];
  // CUDA: scan, pass 2
  // CUDA: if (hpp_fwd0[hpp_k] < 0.0) {
  // CUDA: } // hpp region 'api_compaction'
  hpp::parallel_scan("api_compaction", n, [=](int i, int &partial, bool final) {
    if (x[i] < 0.0) {
      if (final)
        list[partial] = i;
      partial += 1;
    }
  }, count);
  return count;
}
