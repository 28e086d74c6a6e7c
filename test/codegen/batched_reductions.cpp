// A team-vector reduction loop whose body is only `r op= term;` updates
// with pure terms (loads, arithmetic, View access, math functions) that
// name the loop's index and none of its reductions: the GPU backends
// evaluate the terms of four iterations (one lambda per term) before
// applying them in the serial order, then resume the counted loop for what
// is left; both the specialised and the general lane loop do. Vector
// loops inside thread loops are not batched (lanes sized for about four
// iterations each). Every other body keeps the plain counted loop: a term
// that calls a function hppc cannot see is pure, reads a reduction, reads
// volatile memory, does not name the index; a constant trip count that
// leaves no thread 4 iterations (under 128, or under 4 per thread of AUTO
// teams as wide as the region's loops); a body with another statement; a
// loc reduction; an update written by a macro; a term whose type depends
// on a template parameter. OpenMP never batches.
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %hppc translate --format=none --backend=hip %s -o %t.hip
// RUN: %hip_as_cuda %t.hip | %same_code - %t.cu
// RUN: %hppc translate --format=none --backend=openmp %s -o %t.omp.cpp
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.omp.cpp
// RUN: %hppc translate --format=none --backend=cuda --report %s -o %t.2.cu | %FileCheck %s --check-prefix=REPORT
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

#include <cmath>
#include <hpp/hpp.hpp>

long opaque(long v) { return v / 3; }
#define ADD_TO(r, v) r += v
#define SQUARE(v) ((v) * (v))
#define TIMES_X * x[k]

double yax(int rows, int cols, const double *y, const double *A, const double *x) {
  double result = 0;
#pragma hpp team reduction(+ : result) name("yax")
  for (int j = 0; j < rows; ++j) {
    double row = 0;
#pragma hpp vector reduction(+ : row)
    for (int i = 0; i < cols; ++i)
      row += A[j * cols + i] * x[i];
    result += y[j] * row;
  }
  return result;
}

// Two updates: the terms of an iteration side by side, the updates in the
// body's order iteration by iteration; `-=` and a View and math term. The
// same body in a vector loop inside a thread loop is not batched.
void moments(int E, int K, const double *w, hpp::View<double, 2> v, double *out) {
#pragma hpp team name("moments")
  for (int e = 0; e < E; ++e) {
    double s = 0, q = 0;
#pragma hpp vector reduction(+ : s, q)
    for (int k = 0; k < K; ++k) {
      s += w[k] * e;
      q -= w[k] * w[k];
    }
#pragma hpp thread
    for (int c = 0; c < 2; ++c) {
      double sc = 0;
#pragma hpp vector reduction(+ : sc)
      for (int k = 0; k < K; ++k)
        sc += w[k] * c;
      out[e * 4 + c] = sc;
    }
    out[e * 4 + 2] = s + q;
    double n = 0;
#pragma hpp vector reduction(+ : n)
    for (int k = 0; k < K; ++k)
      n += v(e, k) * std::sqrt(w[k]);
    out[e * 4 + 3] = n;
  }
}

void unbatched(int E, int K, const long *a, const volatile long *va, long *out) {
#pragma hpp team name("unbatched")
  for (int e = 0; e < E; ++e) {
    long s = 0, u = 0, z = 0, d = 0, m = 0, c = 0, g = 0, few = 0;
    int at = 0;
#pragma hpp vector reduction(+ : s)
    for (int k = 0; k < K; ++k)
      s += opaque(a[k]);
#pragma hpp vector reduction(+ : u)
    for (int k = 0; k < K; ++k)
      u += va[k];
#pragma hpp vector reduction(+ : z)
    for (int k = 0; k < K; ++k)
      z += e;
#pragma hpp vector reduction(+ : d)
    for (int k = 0; k < K; ++k) {
      const long t = a[k] * 2;
      d += t;
    }
#pragma hpp vector reduction(maxloc : m, at)
    for (int k = 0; k < K; ++k)
      if (a[k] > m) {
        m = a[k];
        at = k;
      }
#pragma hpp vector reduction(+ : c)
    for (int k = 0; k < K; ++k)
      ADD_TO(c, a[k]);
#pragma hpp vector reduction(+ : g)
    for (int k = 0; k < K; ++k)
      g += g + a[k];
#pragma hpp vector reduction(+ : few)
    for (int k = 0; k < 127; ++k)
      few += a[k];
    out[e] = s + u + z + d + m + at + c + g + few;
  }
  return;
}

// A term that is a macro invocation, or ends with one, is copied as
// written; an update that a macro writes is not batched (unbatched above).
double macros(int E, int K, const double *x) {
  double r = 0;
#pragma hpp team reduction(+ : r) name("macros")
  for (int e = 0; e < E; ++e) {
    double s = 0, t = 0;
#pragma hpp vector reduction(+ : s)
    for (int k = 0; k < K; ++k)
      s += SQUARE(x[k]);
#pragma hpp vector reduction(+ : t)
    for (int k = 0; k < K; ++k)
      t += e TIMES_X;
    r += s + t;
  }
  return r;
}

template <class T> T dependent(int E, int K, const T *a) {
  T r = 0;
#pragma hpp team reduction(+ : r) name("dependent")
  for (int e = 0; e < E; ++e) {
    T s = 0;
#pragma hpp vector reduction(+ : s)
    for (int k = 0; k < K; ++k)
      s += a[e * K + k];
    r += s;
  }
  return r;
}
template double dependent<double>(int, int, const double *);

// CUDA-LABEL: { // hpp region 'yax'
// CUDA: auto hpp_term1_0 = [&](const hpprt::index_t hpp_iv1) { int i = hpprt::index_at(hpp_lb1_0, hpp_iv1, 1); return (
// CUDA-NEXT: #line {{[0-9]+}}
// CUDA-NEXT: {{^             }}A[j * cols + i] * x[i]
// CUDA-NEXT: );
// CUDA: if (hpp_s1 == 256) {
// CUDA-NEXT: const int hpp_rw1 = hpprt::cuda::rank_within<256>(hpp_r1);
// CUDA-NEXT: const int hpp_c1 = hpprt::cuda::lane_trip_count(hpp_n1, hpp_rw1, 256);
// CUDA-NEXT: int hpp_k1 = 0;
// CUDA-NEXT: for (; hpp_c1 - hpp_k1 >= 4; hpp_k1 += 4) {
// CUDA-NEXT: const hpprt::index_t hpp_b1 = hpp_rw1 + static_cast<hpprt::index_t>(hpp_k1) * 256;
// CUDA-NEXT: const auto hpp_t1_0_0 = hpp_term1_0(hpp_b1);
// CUDA-NEXT: const auto hpp_t1_0_1 = hpp_term1_0(hpp_b1 + 1 * 256);
// CUDA-NEXT: const auto hpp_t1_0_2 = hpp_term1_0(hpp_b1 + 2 * 256);
// CUDA-NEXT: const auto hpp_t1_0_3 = hpp_term1_0(hpp_b1 + 3 * 256);
// CUDA-NEXT: row += hpp_t1_0_0;
// CUDA-NEXT: row += hpp_t1_0_1;
// CUDA-NEXT: row += hpp_t1_0_2;
// CUDA-NEXT: row += hpp_t1_0_3;
// CUDA-NEXT: }
// CUDA-NEXT: for (; hpp_k1 < hpp_c1; ++hpp_k1) {
// CUDA: } else {
// CUDA-NEXT: const int hpp_c1 = hpprt::cuda::lane_trip_count(hpp_n1, hpp_r1, hpp_s1);
// CUDA-NEXT: int hpp_k1 = 0;
// CUDA-NEXT: for (; hpp_c1 - hpp_k1 >= 4; hpp_k1 += 4) {
// CUDA: const auto hpp_t1_0_3 = hpp_term1_0(hpp_b1 + 3 * hpp_s1);
// CUDA: for (; hpp_k1 < hpp_c1; ++hpp_k1) {

// CUDA-LABEL: { // hpp region 'moments'
// CUDA: auto hpp_term1_0 = [&](const hpprt::index_t hpp_iv1) {
// CUDA: auto hpp_term1_1 = [&](const hpprt::index_t hpp_iv1) {
// CUDA: const auto hpp_t1_0_0 = hpp_term1_0(hpp_b1);
// CUDA-NEXT: const auto hpp_t1_1_0 = hpp_term1_1(hpp_b1);
// CUDA-NEXT: const auto hpp_t1_0_1 = hpp_term1_0(hpp_b1 + 1 * 256);
// CUDA: s += hpp_t1_0_0;
// CUDA-NEXT: q -= hpp_t1_1_0;
// CUDA-NEXT: s += hpp_t1_0_1;
// CUDA-NEXT: q -= hpp_t1_1_1;
// CUDA: { // hpp vector loop over vector_rank() / vector_length()
// CUDA-NOT: hpp_term
// CUDA: sc = hpprt::cuda::vector_allreduce<hpprt::Sum>(sc);
// CUDA: auto hpp_term4_0 = [&](const hpprt::index_t hpp_iv4) {
// CUDA: v(e, k) * std::sqrt(w[k])
// CUDA: n += hpp_t4_0_3;
// CUDA-LABEL: { // hpp region 'unbatched'
// CUDA-NOT: hpp_term
// CUDA: } // hpp region 'unbatched'
// CUDA-LABEL: { // hpp region 'macros'
// CUDA: auto hpp_term1_0 = [&](const hpprt::index_t hpp_iv1) {
// CUDA-NEXT: #line {{[0-9]+}}
// CUDA-NEXT: SQUARE(x[k])
// CUDA: s += hpp_t1_0_3;
// CUDA: auto hpp_term2_0 = [&](const hpprt::index_t hpp_iv2) {
// CUDA-NEXT: #line {{[0-9]+}}
// CUDA-NEXT: e TIMES_X
// CUDA: t += hpp_t2_0_3;
// CUDA: } // hpp region 'macros'
// CUDA-LABEL: { // hpp region 'dependent'
// CUDA-NOT: hpp_term
// CUDA: } // hpp region 'dependent'

// OMP-NOT: hpp_term
// OMP: } // hpp region 'dependent'

// REPORT-LABEL: region 'yax'
// REPORT: team-vector loop over i -> all threads and lanes of the block; the terms of 4 iterations are evaluated before they are added, so their loads overlap
// REPORT-LABEL: region 'unbatched'
// REPORT-NOT: terms of 4 iterations
// REPORT: region 'macros'
