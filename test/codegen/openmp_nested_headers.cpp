// The loops one host thread runs whole on OpenMP (thread loops, and vector
// loops inside a team) keep the user's header over the bounds evaluated
// once, where that header visits exactly the iterations of the trip count:
// one dimension, a unit step towards a strict bound (`<` up, `>` down),
// compared in the index's own type (or against a constant the type holds).
// The vectoriser then sees an index that cannot wrap. Every other form keeps
// the normalised header (a 64-bit iteration number and the index recomputed
// from it). GPUs distribute all of them over lanes and threads.
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP
// RUN: %hppc translate --backend=cuda %s -o - | %FileCheck %s --check-prefix=CUDA
#include <cstddef>

void headers(int T, int n, std::size_t nz, unsigned un, long ln, double *out) {
#pragma hpp team
  for (int t = 0; t < T; ++t) {
    double s = 0;
    // OMP: for (int t = static_cast<int>(hpp_lb0_0 + hpp_chunk.begin);
#pragma hpp thread reduction(+ : s)
    for (int i = 0; i < n; ++i)
      s += i;
    // OMP: (void)hpp_n1;
    // OMP: for (int i = hpp_lb1_0; i < hpp_ub1_0; ++i) {
#pragma hpp vector reduction(+ : s)
    for (int j = n; j > 0; --j)
      s += j;
    // OMP: (void)hpp_n2;
    // OMP-NEXT: #pragma omp simd reduction(hpprt_fsum: s)
    // OMP: for (int j = hpp_lb2_0; j > hpp_ub2_0; --j) {
#pragma hpp vector reduction(+ : s)
    for (unsigned j = 0u; j < un; ++j)
      s += j;
    // OMP: for (unsigned j = hpp_lb3_0; j < hpp_ub3_0; ++j) {
#pragma hpp vector reduction(+ : s)
    for (long j = 0; j < n; ++j)
      s += j;
    // A narrower bound converts to the index's type exactly.
    // OMP: for (long j = hpp_lb4_0; j < hpp_ub4_0; ++j) {
#pragma hpp vector reduction(+ : s)
    for (int j = 0; j < nz; ++j)
      s += j;
    // An unsigned bound: compared as unsigned, not in the index's type.
    // OMP: for (hpprt::index_t hpp_iv5 = 0; hpp_iv5 < hpp_n5; ++hpp_iv5) {
    // OMP-NEXT: int j = hpprt::index_at(hpp_lb5_0, hpp_iv5, 1);
#pragma hpp vector reduction(+ : s)
    for (int j = 0; j < ln; ++j)
      s += j;
    // A wider bound.
    // OMP: for (hpprt::index_t hpp_iv6 = 0; hpp_iv6 < hpp_n6; ++hpp_iv6) {
#pragma hpp vector reduction(+ : s)
    for (int j = 0; j <= n; ++j)
      s += j;
    // `<=`: the index may reach the type's limit, where the trip count
    // stops and `++j` would not.
    // OMP: for (hpprt::index_t hpp_iv7 = 0; hpp_iv7 < hpp_n7; ++hpp_iv7) {
#pragma hpp vector reduction(+ : s)
    for (int j = 0; j < n; j += 2)
      s += j;
    // A step of 2 may pass the bound.
    // OMP: for (hpprt::index_t hpp_iv8 = 0; hpp_iv8 < hpp_n8; ++hpp_iv8) {
    // OMP-NEXT: int j = hpprt::index_at(hpp_lb8_0, hpp_iv8, 2);
#pragma hpp vector reduction(+ : s)
    for (unsigned j = 0u; j < n; ++j)
      s += j;
    // An unsigned index with a signed bound: compared as unsigned.
    // OMP: for (hpprt::index_t hpp_iv9 = 0; hpp_iv9 < hpp_n9; ++hpp_iv9) {
    // OMP-NEXT: unsigned j = hpprt::index_at(hpp_lb9_0, hpp_iv9, 1);
#pragma hpp vector reduction(+ : s)
    for (auto j = 0; n > j; ++j)
      s += j;
    // `auto` and a mirrored comparison.
    // OMP: for (auto j = hpp_lb10_0; j < hpp_ub10_0; ++j) {
#pragma hpp vector reduction(+ : s)
    for (std::size_t j = 0; j < 16; ++j)
      s += j;
    // A constant bound that the index's type holds.
    // OMP: for (std::size_t j = hpp_lb11_0; j < hpp_ub11_0; ++j) {
#pragma hpp vector reduction(+ : s)
    for (unsigned j = un; j > 0; --j)
      s += j;
    // OMP: for (unsigned j = hpp_lb12_0; j > hpp_ub12_0; --j) {
#pragma hpp vector reduction(+ : s)
    for (unsigned j = 0; j < -1; j += 1)
      s += j;
    // A constant the type does not hold (-1 compares as UINT_MAX).
    // OMP: for (hpprt::index_t hpp_iv13 = 0; hpp_iv13 < hpp_n13; ++hpp_iv13) {
    out[t] = s;
  }
}
// CUDA-LABEL: void headers(
// CUDA: hpprt::cuda::lane_trip_count(

// A collapsed root loop is walked row by row of its innermost dimension:
// the chunk's first iteration is split into indices once, the outer
// indices count on from row to row, and a row in walksOwnIndex's form runs
// over the user's own index. The extents the rows read are private to
// each thread.
void rows(int n, int m, double *a) {
#pragma hpp parallel collapse(2)
  for (int i = 0; i < n; ++i)
    for (int k = m; k > 0; --k)
      a[i * m + k - 1] = i + k;
  // OMP-LABEL: void rows(
  // OMP: #pragma omp parallel firstprivate(hpp_lb0_0, hpp_lb0_1, hpp_n0_1)
  // OMP: for (int k = static_cast<int>(hpp_lb0_1 - hpp_x0_1);
  // OMP-NEXT: k >
  // OMP-NEXT: static_cast<int>(hpp_lb0_1 - (hpp_x0_1 + (hpp_row_end0 - hpp_iv0)));
  // OMP-NEXT: --k) {
}

// A root loop of one dimension in that form walks each thread's chunk over
// the user's index too, from the chunk's first index to its last. The loop
// constants its iterations still read (lower bounds and divisors of the
// normalised and row forms) are private to each thread: shared, they are
// references into the host frame that a store through a pointer of their
// type might change, and the compiler reloaded them every iteration (the
// suite's indexlist, `list[c] = i` with int c and i, ran 10% slower).
void flat_up(int lo, int n, int *list) {
#pragma hpp parallel
  for (int i = lo; i < n; ++i)
    list[i] = i;
  // OMP-LABEL: void flat_up(
  // OMP: #pragma omp parallel{{$}}
  // OMP: for (int i = static_cast<int>(hpp_lb0_0 + hpp_chunk.begin);
  // OMP-NEXT: i < static_cast<int>(hpp_lb0_0 + hpp_chunk.end); ++i) {
}

void flat_down(std::size_t n, std::size_t *list) {
#pragma hpp parallel
  for (std::size_t i = n; i > 0; --i)
    list[i - 1] = i;
  // OMP-LABEL: void flat_down(
  // OMP: #pragma omp parallel{{$}}
  // OMP: for (std::size_t i = static_cast<std::size_t>(hpp_lb0_0 - hpp_chunk.begin);
  // OMP-NEXT: i > static_cast<std::size_t>(hpp_lb0_0 - hpp_chunk.end); --i) {
}

void flat_step(int n, int *list) {
#pragma hpp parallel
  for (int i = 0; i < n; i += 2)
    list[i] = i;
  // OMP-LABEL: void flat_step(
  // OMP: #pragma omp parallel firstprivate(hpp_lb0_0)
  // OMP: for (hpprt::index_t hpp_iv0 = hpp_chunk.begin; hpp_iv0 < hpp_chunk.end;
  // OMP-NEXT: ++hpp_iv0) {
  // OMP-NEXT: int i = hpprt::index_at(hpp_lb0_0, hpp_iv0, 2);
}

// Rows in another form keep the normalised index (`<=`); three dimensions
// carry through two levels.
void rows3(int n, int m, int p, double *a) {
#pragma hpp parallel collapse(3)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      for (int k = 0; k <= p - 1; ++k)
        a[(i * m + j) * p + k] = i + j + k;
  // OMP-LABEL: void rows3(
  // OMP: #pragma omp parallel firstprivate(hpp_lb0_0, hpp_lb0_1, hpp_lb0_2, hpp_n0_1, hpp_n0_2)
  // OMP: hpprt::index_t hpp_q0 = hpp_chunk.begin, hpp_x0_2 = 0, hpp_x0_1 = 0;
  // OMP-NEXT: if (hpp_chunk.begin < hpp_chunk.end) {
  // OMP-NEXT: hpp_x0_2 = hpp_div0_2.peel(hpp_q0);
  // OMP-NEXT: hpp_x0_1 = hpp_div0_1.peel(hpp_q0);
  // OMP-NEXT: }
  // OMP: int i = hpprt::index_at(hpp_lb0_0, hpp_q0, 1);
  // OMP-NEXT: int j = hpprt::index_at(hpp_lb0_1, hpp_x0_1, 1);
  // OMP-NEXT: for (hpprt::index_t hpp_col0 = hpp_x0_2;
  // OMP-NEXT: hpp_col0 < hpp_x0_2 + (hpp_row_end0 - hpp_iv0); ++hpp_col0) {
  // OMP-NEXT: int k = hpprt::index_at(hpp_lb0_2, hpp_col0, 1);
  // OMP: // next row
  // OMP-NEXT: hpp_x0_2 = 0;
  // OMP-NEXT: if (++hpp_x0_1 == hpp_n0_1) {
  // OMP-NEXT: hpp_x0_1 = 0;
  // OMP-NEXT: ++hpp_q0;
  // OMP-NEXT: }
}
