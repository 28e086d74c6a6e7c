// Hand-written OpenMP versions of the suite's kernels, in the style of
// RAJAPerf's Base_OpenMP variants: `omp parallel for` on the outer loop (the
// inner loops left to the compiler's vectoriser), `parallel for simd
// reduction` for the flat reductions (without `simd` clang keeps a floating
// sum in one serial chain, which no expert would time against) and `simd
// reduction` for the inner ones of the team kernels, the loop body the same
// macro the hpp form expands. The scan and the index list
// are the usual two passes over one block per thread (block sums, then each
// thread rescans its block from its offset); first_min keeps each thread's
// first minimum and combines them towards the lowest index.
#include <omp.h>

#include <vector>

#include "bodies.hpp"
#include "suite.hpp"

// ================================ stream ======================================
void base_copy(int n, const double* a, double* c) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    COPY_BODY
  }
}
void base_mul(int n, double q, const double* c, double* b) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    MUL_BODY
  }
}
void base_add(int n, const double* a, const double* b, double* c) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    ADD_BODY
  }
}
void base_triad(int n, double q, const double* b, const double* c, double* a) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    TRIAD_BODY
  }
}
double base_dot(int n, const double* a, const double* b) {
  double s = 0.0;
#pragma omp parallel for simd reduction(+ : s)
  for (int i = 0; i < n; ++i) {
    DOT_BODY
  }
  return s;
}

// ================================ basic =======================================
void base_daxpy(int n, double a, const double* x, double* y) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    DAXPY_BODY
  }
}
void base_if_quad(int n, const double* a, const double* b, const double* c, double* x1,
                  double* x2) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    IF_QUAD_BODY
  }
}
void base_init3(int n, const double* in1, const double* in2, double* out1, double* out2,
                double* out3) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    INIT3_BODY
  }
}
void base_muladdsub(int n, const double* in1, const double* in2, double* out1, double* out2,
                    double* out3) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    MULADDSUB_BODY
  }
}
void base_nested_init(int nx, int ny, int nz, double* arr) {
#pragma omp parallel for collapse(2)
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        NESTED_INIT_BODY
      }
}
Int3 base_reduce3_int(int n, const int* v) {
  long s = 0;
  int mn = 2147483647, mx = -2147483647 - 1;
#pragma omp parallel for simd reduction(+ : s) reduction(min : mn) reduction(max : mx)
  for (int i = 0; i < n; ++i) {
    s += v[i];
    mn = v[i] < mn ? v[i] : mn;
    mx = v[i] > mx ? v[i] : mx;
  }
  return Int3{s, mn, mx};
}
double base_trap_int(int n, double x0, double xp, double y, double yp, double h) {
  double s = 0.0;
#pragma omp parallel for simd reduction(+ : s)
  for (int i = 0; i < n; ++i) {
    TRAP_INT_BODY
  }
  return s * h;
}
double base_pi_reduce(int n, double dx) {
  double s = 0.0;
#pragma omp parallel for simd reduction(+ : s)
  for (int i = 0; i < n; ++i) {
    PI_REDUCE_BODY
  }
  return 4.0 * s;
}
int base_indexlist(int n, const double* x, int* list) {
  std::vector<int> offs(omp_get_max_threads() + 1, 0);
  int total = 0;
#pragma omp parallel
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const int lo = static_cast<int>(static_cast<long>(n) * t / nt),
              hi = static_cast<int>(static_cast<long>(n) * (t + 1) / nt);
    int c = 0;
    for (int i = lo; i < hi; ++i)
      c += x[i] < 0.0 ? 1 : 0;
    offs[t + 1] = c;
#pragma omp barrier
#pragma omp single
    {
      for (int k = 0; k < nt; ++k)
        offs[k + 1] += offs[k];
      total = offs[nt];
    }
    c = offs[t];
    for (int i = lo; i < hi; ++i)
      if (x[i] < 0.0)
        list[c++] = i;
  }
  return total;
}
MinLoc base_first_min(int n, const double* x) {
  MinLoc best{1.0e300, -1};
#pragma omp parallel
  {
    MinLoc mine{1.0e300, -1};
#pragma omp for nowait
    for (int i = 0; i < n; ++i)
      if (x[i] < mine.val) {
        mine.val = x[i];
        mine.loc = i;
      }
#pragma omp critical
    if (mine.loc >= 0 &&
        (mine.val < best.val || (mine.val == best.val && (best.loc < 0 || mine.loc < best.loc))))
      best = mine;
  }
  return best;
}

// ================================ lcals =======================================
void base_hydro_1d(int n, double q, double r, double t, const double* y, const double* z,
                   double* x) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    HYDRO_1D_BODY
  }
}
void base_hydro_2d(int jn, int kn, double s, double t, const double* zp, const double* zq,
                   const double* zr, const double* zm, const double* zz, double* za, double* zb,
                   double* zu, double* zv, double* zrout, double* zzout) {
#pragma omp parallel
  {
#pragma omp for
    for (int k = 1; k < kn - 1; ++k)
      for (int j = 1; j < jn - 1; ++j) {
        HYDRO_2D_BODY1
      }
#pragma omp for
    for (int k = 1; k < kn - 1; ++k)
      for (int j = 1; j < jn - 1; ++j) {
        HYDRO_2D_BODY2
      }
#pragma omp for
    for (int k = 1; k < kn - 1; ++k)
      for (int j = 1; j < jn - 1; ++j) {
        HYDRO_2D_BODY3
      }
  }
}
void base_int_predict(int n, double* px) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    INT_PREDICT_BODY
  }
}
void base_diff_predict(int n, double* px, const double* cx) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    DIFF_PREDICT_BODY
  }
}
void base_first_diff(int n, const double* y, double* x) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    FIRST_DIFF_BODY
  }
}
void base_eos(int n, double q, double r, double t, const double* y, const double* z,
              const double* u, double* x) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    EOS_BODY
  }
}
void base_planckian(int n, const double* x, const double* u, const double* v, double* y,
                    double* w) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    PLANCKIAN_BODY
  }
}
void base_tridiag_elim(int n, const double* xin, const double* y, const double* z,
                       double* xout) {
#pragma omp parallel for
  for (int i = 1; i < n; ++i) {
    TRIDIAG_ELIM_BODY
  }
}

// ============================== polybench =====================================
void base_gemm(int N, double alpha, double beta, const double* A, const double* B, double* C) {
#pragma omp parallel for
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double acc = 0.0;
      for (int k = 0; k < N; ++k)
        acc += A[i * N + k] * B[k * N + j];
      C[i * N + j] = beta * C[i * N + j] + alpha * acc;
    }
}
void base_jacobi_1d(int n, double* A, double* B) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 1; i < n - 1; ++i) {
      JACOBI_1D_BODY1
    }
#pragma omp for
    for (int i = 1; i < n - 1; ++i) {
      JACOBI_1D_BODY2
    }
  }
}
void base_jacobi_2d(int N, double* A, double* B) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 1; i < N - 1; ++i)
      for (int j = 1; j < N - 1; ++j) {
        JACOBI_2D_BODY(B, A)
      }
#pragma omp for
    for (int i = 1; i < N - 1; ++i)
      for (int j = 1; j < N - 1; ++j) {
        JACOBI_2D_BODY(A, B)
      }
  }
}
void base_heat_3d(int N, double* A, double* B) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 1; i < N - 1; ++i)
      for (int j = 1; j < N - 1; ++j)
        for (int k = 1; k < N - 1; ++k) {
          HEAT_3D_BODY(B, A)
        }
#pragma omp for
    for (int i = 1; i < N - 1; ++i)
      for (int j = 1; j < N - 1; ++j)
        for (int k = 1; k < N - 1; ++k) {
          HEAT_3D_BODY(A, B)
        }
  }
}
void base_atax(int N, const double* A, const double* x, double* tmp, double* y) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; ++i) {
      double acc = 0.0;
      for (int j = 0; j < N; ++j)
        acc += A[i * N + j] * x[j];
      tmp[i] = acc;
    }
#pragma omp for
    for (int j = 0; j < N; ++j) {
      double acc = 0.0;
      for (int i = 0; i < N; ++i)
        acc += A[i * N + j] * tmp[i];
      y[j] = acc;
    }
  }
}
void base_mvt(int N, const double* A, const double* y1, const double* y2, double* x1,
              double* x2) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; ++i) {
      double acc = 0.0;
      for (int j = 0; j < N; ++j)
        acc += A[i * N + j] * y1[j];
      x1[i] += acc;
    }
#pragma omp for
    for (int i = 0; i < N; ++i) {
      double acc = 0.0;
      for (int j = 0; j < N; ++j)
        acc += A[j * N + i] * y2[j];
      x2[i] += acc;
    }
  }
}

// ================================ apps ========================================
void base_del_dot_vec_2d(int nx, int ny, const double* x, const double* y, const double* fx,
                         const double* fy, double* div) {
#pragma omp parallel for
  for (int z = 0; z < nx * ny; ++z) {
    DEL_DOT_VEC_2D_BODY
  }
}
void base_pressure(int n, double cls, double p_cut, double pmin, double eosvmax,
                   const double* compression, const double* e_old, const double* vnewc,
                   double* bvc, double* p_new) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; ++i) {
      PRESSURE_BODY1
    }
#pragma omp for
    for (int i = 0; i < n; ++i) {
      PRESSURE_BODY2
    }
  }
}
void base_energy(int n, double rho0, double e_cut, double emin, const double* e_old,
                 const double* delvc, const double* p_old, const double* q_old,
                 const double* work, const double* comp_half, const double* p_half,
                 const double* bvc, const double* pbvc, const double* ql_old,
                 const double* qq_old, double* e_new, double* q_new) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; ++i) {
      ENERGY_BODY1
    }
#pragma omp for
    for (int i = 0; i < n; ++i) {
      ENERGY_BODY2
    }
#pragma omp for
    for (int i = 0; i < n; ++i) {
      ENERGY_BODY3
    }
  }
}
void base_vol3d(int n, const double* x, const double* y, const double* zc, double* vol) {
#pragma omp parallel for collapse(2)
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        VOL3D_BODY
      }
}
void base_fir(int n, const double* in, double* out) {
  const double coeff[16] = FIR_COEFFS;
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    FIR_BODY
  }
}
void base_ltimes(int nd, int nm, int ng, int nz, const double* ell, const double* psi,
                 double* phi) {
#pragma omp parallel for collapse(2)
  for (int z = 0; z < nz; ++z)
    for (int g = 0; g < ng; ++g)
      for (int m = 0; m < nm; ++m) {
        LTIMES_BODY
      }
}
void base_mass3d(int E, const double* B, const double* X, const double* Dq, double* Y) {
  const int D = MASS_D, Q = MASS_Q;
#pragma omp parallel for
  for (int e = 0; e < E; ++e) {
    double sB[MASS_Q * MASS_D], sX[MASS_D * MASS_D * MASS_D], t1[MASS_Q * MASS_D * MASS_D],
        t2[MASS_Q * MASS_Q * MASS_D], t3[MASS_Q * MASS_Q * MASS_Q],
        u2[MASS_Q * MASS_Q * MASS_D], u1[MASS_Q * MASS_D * MASS_D];
    for (int k = 0; k < Q * D; ++k)
      sB[k] = B[k];
    for (int k = 0; k < D * D * D; ++k)
      sX[k] = X[e * (D * D * D) + k];
    for (int k = 0; k < Q * D * D; ++k)
      MASS3D_S1
    for (int k = 0; k < Q * Q * D; ++k)
      MASS3D_S2
    for (int k = 0; k < Q * Q * Q; ++k)
      MASS3D_S3
    for (int k = 0; k < Q * Q * D; ++k)
      MASS3D_S4
    for (int k = 0; k < Q * D * D; ++k)
      MASS3D_S5
    for (int k = 0; k < D * D * D; ++k)
      MASS3D_S6
  }
}
void base_diffusion3d(int N, double dt, const double* u, const double* kc, double* out) {
#pragma omp parallel for collapse(2)
  for (int k = 1; k < N - 1; ++k)
    for (int j = 1; j < N - 1; ++j)
      for (int i = 1; i < N - 1; ++i) {
        DIFFUSION3D_BODY
      }
}

// ================================ team ========================================
double base_yax(int rows, int cols, const double* y, const double* A, const double* x) {
  double result = 0.0;
#pragma omp parallel for reduction(+ : result)
  for (int j = 0; j < rows; ++j) {
    double row = 0.0;
#pragma omp simd reduction(+ : row)
    for (int i = 0; i < cols; ++i)
      row += A[j * cols + i] * x[i];
    result += y[j] * row;
  }
  return result;
}
double base_yax3(int E, int N, int M, const double* y, const double* A, const double* x) {
  double result = 0.0;
#pragma omp parallel for reduction(+ : result)
  for (int e = 0; e < E; ++e) {
    double cell = 0.0;
    for (int n = 0; n < N; ++n) {
      double row = 0.0;
#pragma omp simd reduction(+ : row)
      for (int m = 0; m < M; ++m)
        row += A[(e * N + n) * M + m] * x[e * M + m];
      cell += y[e * N + n] * row;
    }
    result += cell;
  }
  return result;
}
void base_contract(int E, int VS, int QP, const double* fields, const double* data,
                   double* out) {
#pragma omp parallel for
  for (int e = 0; e < E; ++e) {
    const double* s = data + e * QP; // the row stays in L1 across the v loop
    for (int v = 0; v < VS; ++v) {
      double acc = 0.0;
#pragma omp simd reduction(+ : acc)
      for (int q = 0; q < QP; ++q)
        acc += fields[(e * VS + v) * QP + q] * s[q];
      out[e * VS + v] = acc;
    }
  }
}

// ============================== algorithm =====================================
// Each thread sums its block, the block totals are scanned in order, and
// each thread rescans its block from its offset: item i contributes
// value(i) and stores its exclusive prefix with store(i, prefix), after
// its value is read (so an in-place scan reads the input).
template <class Value, class Store> void exclusive_scan(int n, Value value, Store store) {
  std::vector<double> offs(omp_get_max_threads() + 1, 0.0);
#pragma omp parallel
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const int lo = static_cast<int>(static_cast<long>(n) * t / nt),
              hi = static_cast<int>(static_cast<long>(n) * (t + 1) / nt);
    double s = 0.0;
    for (int i = lo; i < hi; ++i)
      s += value(i);
    offs[t + 1] = s;
#pragma omp barrier
#pragma omp single
    for (int k = 0; k < nt; ++k)
      offs[k + 1] += offs[k];
    s = offs[t];
    for (int i = lo; i < hi; ++i) {
      const double v = value(i);
      store(i, s);
      s += v;
    }
  }
}
void base_scan(int n, const double* in, double* out) {
  exclusive_scan(n, [=](int i) { return in[i]; }, [=](int i, double s) { out[i] = s; });
}
void base_scan_in_place(int n, double* x) {
  exclusive_scan(n, [=](int i) { return x[i]; }, [=](int i, double s) { x[i] = s; });
}
double base_reduce_sum(int n, const double* x) {
  double s = 0.0;
#pragma omp parallel for simd reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}
void base_histogram(int n, int bins, const int* in, int* counts) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    counts[HISTOGRAM_BIN(i)] += 1;
  }
}
