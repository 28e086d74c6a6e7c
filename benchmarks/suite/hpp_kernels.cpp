// The suite's kernels as `#pragma hpp` loops: the input to
// `hppc translate --backend=cuda|openmp`. Each function is what a user would
// write; most loop bodies are the RAJAPerf-style macros of bodies.hpp. On
// CUDA every array is device memory (hpp::alloc(Space::Device)); scalar
// results are returned to the host.
#include <hpp/hpp.hpp>

#include "bodies.hpp"
#include "suite.hpp"

// ================================ stream ======================================
void hpp_copy(int n, const double* a, double* c) {
#pragma hpp parallel name("copy")
  for (int i = 0; i < n; ++i) {
    COPY_BODY
  }
}

void hpp_mul(int n, double q, const double* c, double* b) {
#pragma hpp parallel name("mul")
  for (int i = 0; i < n; ++i) {
    MUL_BODY
  }
}

void hpp_add(int n, const double* a, const double* b, double* c) {
#pragma hpp parallel name("add")
  for (int i = 0; i < n; ++i) {
    ADD_BODY
  }
}

void hpp_triad(int n, double q, const double* b, const double* c, double* a) {
#pragma hpp parallel name("triad")
  for (int i = 0; i < n; ++i) {
    TRIAD_BODY
  }
}

double hpp_dot(int n, const double* a, const double* b) {
  double s = 0.0;
#pragma hpp parallel reduction(+ : s) name("dot")
  for (int i = 0; i < n; ++i) {
    DOT_BODY
  }
  return s;
}

// ================================ basic =======================================
void hpp_daxpy(int n, double a, const double* x, double* y) {
#pragma hpp parallel name("daxpy")
  for (int i = 0; i < n; ++i) {
    DAXPY_BODY
  }
}

void hpp_if_quad(int n, const double* a, const double* b, const double* c, double* x1,
                 double* x2) {
#pragma hpp parallel name("if_quad")
  for (int i = 0; i < n; ++i) {
    IF_QUAD_BODY
  }
}

void hpp_init3(int n, const double* in1, const double* in2, double* out1, double* out2,
               double* out3) {
#pragma hpp parallel name("init3")
  for (int i = 0; i < n; ++i) {
    INIT3_BODY
  }
}

void hpp_muladdsub(int n, const double* in1, const double* in2, double* out1, double* out2,
                   double* out3) {
#pragma hpp parallel name("muladdsub")
  for (int i = 0; i < n; ++i) {
    MULADDSUB_BODY
  }
}

void hpp_nested_init(int nx, int ny, int nz, double* arr) {
#pragma hpp parallel collapse(3) name("nested_init")
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        NESTED_INIT_BODY
      }
}

Int3 hpp_reduce3_int(int n, const int* v) {
  long s = 0;
  int mn = 2147483647, mx = -2147483647 - 1;
#pragma hpp parallel reduction(+ : s) reduction(min : mn) reduction(max : mx) name("reduce3_int")
  for (int i = 0; i < n; ++i) {
    s += v[i];
    mn = v[i] < mn ? v[i] : mn;
    mx = v[i] > mx ? v[i] : mx;
  }
  return Int3{s, mn, mx};
}

double hpp_trap_int(int n, double x0, double xp, double y, double yp, double h) {
  double s = 0.0;
#pragma hpp parallel reduction(+ : s) name("trap_int")
  for (int i = 0; i < n; ++i) {
    TRAP_INT_BODY
  }
  return s * h;
}

double hpp_pi_reduce(int n, double dx) {
  double s = 0.0;
#pragma hpp parallel reduction(+ : s) name("pi_reduce")
  for (int i = 0; i < n; ++i) {
    PI_REDUCE_BODY
  }
  return 4.0 * s;
}

// The indices of the negative elements, in order, through an exclusive scan
// of the 0/1 flags; returns their count.
int hpp_indexlist(int n, const double* x, int* list) {
  int c = 0;
#pragma hpp parallel reduction(inscan, + : c) name("indexlist")
  for (int i = 0; i < n; ++i) {
    if (x[i] < 0.0)
      list[c] = i;
#pragma hpp scan exclusive(c)
    c += x[i] < 0.0 ? 1 : 0;
  }
  return c;
}

MinLoc hpp_first_min(int n, const double* x) {
  double m = 1.0e300;
  int loc = -1;
#pragma hpp parallel reduction(minloc : m, loc) name("first_min")
  for (int i = 0; i < n; ++i) {
    if (x[i] < m) {
      m = x[i];
      loc = i;
    }
  }
  return MinLoc{m, loc};
}

// ================================ lcals =======================================
void hpp_hydro_1d(int n, double q, double r, double t, const double* y, const double* z,
                  double* x) {
#pragma hpp parallel name("hydro_1d")
  for (int i = 0; i < n; ++i) {
    HYDRO_1D_BODY
  }
}

void hpp_hydro_2d(int jn, int kn, double s, double t, const double* zp, const double* zq,
                  const double* zr, const double* zm, const double* zz, double* za, double* zb,
                  double* zu, double* zv, double* zrout, double* zzout) {
#pragma hpp parallel collapse(2) name("hydro_2d_1")
  for (int k = 1; k < kn - 1; ++k)
    for (int j = 1; j < jn - 1; ++j) {
      HYDRO_2D_BODY1
    }
#pragma hpp parallel collapse(2) name("hydro_2d_2")
  for (int k = 1; k < kn - 1; ++k)
    for (int j = 1; j < jn - 1; ++j) {
      HYDRO_2D_BODY2
    }
#pragma hpp parallel collapse(2) name("hydro_2d_3")
  for (int k = 1; k < kn - 1; ++k)
    for (int j = 1; j < jn - 1; ++j) {
      HYDRO_2D_BODY3
    }
}

void hpp_int_predict(int n, double* px) {
#pragma hpp parallel name("int_predict")
  for (int i = 0; i < n; ++i) {
    INT_PREDICT_BODY
  }
}

void hpp_diff_predict(int n, double* px, const double* cx) {
#pragma hpp parallel name("diff_predict")
  for (int i = 0; i < n; ++i) {
    DIFF_PREDICT_BODY
  }
}

void hpp_first_diff(int n, const double* y, double* x) {
#pragma hpp parallel name("first_diff")
  for (int i = 0; i < n; ++i) {
    FIRST_DIFF_BODY
  }
}

void hpp_eos(int n, double q, double r, double t, const double* y, const double* z,
             const double* u, double* x) {
#pragma hpp parallel name("eos")
  for (int i = 0; i < n; ++i) {
    EOS_BODY
  }
}

void hpp_planckian(int n, const double* x, const double* u, const double* v, double* y,
                   double* w) {
#pragma hpp parallel name("planckian")
  for (int i = 0; i < n; ++i) {
    PLANCKIAN_BODY
  }
}

void hpp_tridiag_elim(int n, const double* xin, const double* y, const double* z,
                      double* xout) {
#pragma hpp parallel name("tridiag_elim")
  for (int i = 1; i < n; ++i) {
    TRIDIAG_ELIM_BODY
  }
}

// ============================== polybench =====================================
void hpp_gemm(int N, double alpha, double beta, const double* A, const double* B, double* C) {
#pragma hpp parallel collapse(2) name("gemm")
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double acc = 0.0;
      for (int k = 0; k < N; ++k)
        acc += A[i * N + k] * B[k * N + j];
      C[i * N + j] = beta * C[i * N + j] + alpha * acc;
    }
}

void hpp_jacobi_1d(int n, double* A, double* B) {
#pragma hpp parallel name("jacobi_1d_1")
  for (int i = 1; i < n - 1; ++i) {
    JACOBI_1D_BODY1
  }
#pragma hpp parallel name("jacobi_1d_2")
  for (int i = 1; i < n - 1; ++i) {
    JACOBI_1D_BODY2
  }
}

void hpp_jacobi_2d(int N, double* A, double* B) {
#pragma hpp parallel collapse(2) name("jacobi_2d_1")
  for (int i = 1; i < N - 1; ++i)
    for (int j = 1; j < N - 1; ++j) {
      JACOBI_2D_BODY(B, A)
    }
#pragma hpp parallel collapse(2) name("jacobi_2d_2")
  for (int i = 1; i < N - 1; ++i)
    for (int j = 1; j < N - 1; ++j) {
      JACOBI_2D_BODY(A, B)
    }
}

void hpp_heat_3d(int N, double* A, double* B) {
#pragma hpp parallel collapse(3) name("heat_3d_1")
  for (int i = 1; i < N - 1; ++i)
    for (int j = 1; j < N - 1; ++j)
      for (int k = 1; k < N - 1; ++k) {
        HEAT_3D_BODY(B, A)
      }
#pragma hpp parallel collapse(3) name("heat_3d_2")
  for (int i = 1; i < N - 1; ++i)
    for (int j = 1; j < N - 1; ++j)
      for (int k = 1; k < N - 1; ++k) {
        HEAT_3D_BODY(A, B)
      }
}

// Control rows: the hand kernels' blocks of 8 rows x 32 columns, asked
// for with tile(...) (the default keeps consecutive iterations for 3-D
// nests; docs/performance.md).
void hpp_heat_3d_tile(int N, double* A, double* B) {
#pragma hpp parallel collapse(3) tile(1, 8, 32) name("heat_3d_tile_1")
  for (int i = 1; i < N - 1; ++i)
    for (int j = 1; j < N - 1; ++j)
      for (int k = 1; k < N - 1; ++k) {
        HEAT_3D_BODY(B, A)
      }
#pragma hpp parallel collapse(3) tile(1, 8, 32) name("heat_3d_tile_2")
  for (int i = 1; i < N - 1; ++i)
    for (int j = 1; j < N - 1; ++j)
      for (int k = 1; k < N - 1; ++k) {
        HEAT_3D_BODY(A, B)
      }
}

void hpp_nested_init_tile(int nx, int ny, int nz, double* arr) {
#pragma hpp parallel collapse(3) tile(1, 8, 32) name("nested_init_tile")
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        NESTED_INIT_BODY
      }
}

void hpp_atax(int N, const double* A, const double* x, double* tmp, double* y) {
#pragma hpp parallel name("atax_1")
  for (int i = 0; i < N; ++i) {
    double acc = 0.0;
    for (int j = 0; j < N; ++j)
      acc += A[i * N + j] * x[j];
    tmp[i] = acc;
  }
#pragma hpp parallel name("atax_2")
  for (int j = 0; j < N; ++j) {
    double acc = 0.0;
    for (int i = 0; i < N; ++i)
      acc += A[i * N + j] * tmp[i];
    y[j] = acc;
  }
}

void hpp_mvt(int N, const double* A, const double* y1, const double* y2, double* x1,
             double* x2) {
#pragma hpp parallel name("mvt_1")
  for (int i = 0; i < N; ++i) {
    double acc = 0.0;
    for (int j = 0; j < N; ++j)
      acc += A[i * N + j] * y1[j];
    x1[i] += acc;
  }
#pragma hpp parallel name("mvt_2")
  for (int i = 0; i < N; ++i) {
    double acc = 0.0;
    for (int j = 0; j < N; ++j)
      acc += A[j * N + i] * y2[j];
    x2[i] += acc;
  }
}

// ================================ apps ========================================
void hpp_del_dot_vec_2d(int nx, int ny, const double* x, const double* y, const double* fx,
                        const double* fy, double* div) {
#pragma hpp parallel name("del_dot_vec_2d")
  for (int z = 0; z < nx * ny; ++z) {
    DEL_DOT_VEC_2D_BODY
  }
}

void hpp_pressure(int n, double cls, double p_cut, double pmin, double eosvmax,
                  const double* compression, const double* e_old, const double* vnewc,
                  double* bvc, double* p_new) {
#pragma hpp parallel name("pressure_1")
  for (int i = 0; i < n; ++i) {
    PRESSURE_BODY1
  }
#pragma hpp parallel name("pressure_2")
  for (int i = 0; i < n; ++i) {
    PRESSURE_BODY2
  }
}

void hpp_energy(int n, double rho0, double e_cut, double emin, const double* e_old,
                const double* delvc, const double* p_old, const double* q_old,
                const double* work, const double* comp_half, const double* p_half,
                const double* bvc, const double* pbvc, const double* ql_old,
                const double* qq_old, double* e_new, double* q_new) {
#pragma hpp parallel name("energy_1")
  for (int i = 0; i < n; ++i) {
    ENERGY_BODY1
  }
#pragma hpp parallel name("energy_2")
  for (int i = 0; i < n; ++i) {
    ENERGY_BODY2
  }
#pragma hpp parallel name("energy_3")
  for (int i = 0; i < n; ++i) {
    ENERGY_BODY3
  }
}

void hpp_vol3d(int n, const double* x, const double* y, const double* zc, double* vol) {
#pragma hpp parallel collapse(3) name("vol3d")
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        VOL3D_BODY
      }
}

// Controls: the same loop in the hand kernel's 8 x 32 tiles.
void hpp_vol3d_tile(int n, const double* x, const double* y, const double* zc, double* vol) {
#pragma hpp parallel collapse(3) tile(1, 8, 32) name("vol3d_tile")
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        VOL3D_BODY
      }
}

void hpp_fir(int n, const double* in, double* out) {
#pragma hpp parallel name("fir")
  for (int i = 0; i < n; ++i) {
    const double coeff[16] = FIR_COEFFS;
    FIR_BODY
  }
}

void hpp_ltimes(int nd, int nm, int ng, int nz, const double* ell, const double* psi,
                double* phi) {
#pragma hpp parallel collapse(3) name("ltimes")
  for (int z = 0; z < nz; ++z)
    for (int g = 0; g < ng; ++g)
      for (int m = 0; m < nm; ++m) {
        LTIMES_BODY
      }
}

// One team per element; the basis, the element's dofs and every stage's
// result in team scratch; hppc puts the barriers between the stages.
void hpp_mass3d(int E, const double* B, const double* X, const double* Dq, double* Y) {
  const int D = MASS_D, Q = MASS_Q;
#pragma hpp team name("mass3d")
  for (int e = 0; e < E; ++e) {
#pragma hpp scratch
    double sB[MASS_Q * MASS_D];
#pragma hpp scratch
    double sX[MASS_D * MASS_D * MASS_D];
#pragma hpp scratch
    double t1[MASS_Q * MASS_D * MASS_D];
#pragma hpp scratch
    double t2[MASS_Q * MASS_Q * MASS_D];
#pragma hpp scratch
    double t3[MASS_Q * MASS_Q * MASS_Q];
#pragma hpp scratch
    double u2[MASS_Q * MASS_Q * MASS_D];
#pragma hpp scratch
    double u1[MASS_Q * MASS_D * MASS_D];
#pragma hpp vector
    for (int k = 0; k < Q * D; ++k)
      sB[k] = B[k];
#pragma hpp vector
    for (int k = 0; k < D * D * D; ++k)
      sX[k] = X[e * (D * D * D) + k];
#pragma hpp vector
    for (int k = 0; k < Q * D * D; ++k)
      MASS3D_S1
#pragma hpp vector
    for (int k = 0; k < Q * Q * D; ++k)
      MASS3D_S2
#pragma hpp vector
    for (int k = 0; k < Q * Q * Q; ++k)
      MASS3D_S3
#pragma hpp vector
    for (int k = 0; k < Q * Q * D; ++k)
      MASS3D_S4
#pragma hpp vector
    for (int k = 0; k < Q * D * D; ++k)
      MASS3D_S5
#pragma hpp vector
    for (int k = 0; k < D * D * D; ++k)
      MASS3D_S6
  }
}

void hpp_diffusion3d(int N, double dt, const double* u, const double* kc, double* out) {
#pragma hpp parallel collapse(3) name("diffusion3d")
  for (int k = 1; k < N - 1; ++k)
    for (int j = 1; j < N - 1; ++j)
      for (int i = 1; i < N - 1; ++i) {
        DIFFUSION3D_BODY
      }
}

void hpp_diffusion3d_tile(int N, double dt, const double* u, const double* kc, double* out) {
#pragma hpp parallel collapse(3) tile(1, 8, 32) name("diffusion3d_tile")
  for (int k = 1; k < N - 1; ++k)
    for (int j = 1; j < N - 1; ++j)
      for (int i = 1; i < N - 1; ++i) {
        DIFFUSION3D_BODY
      }
}

// ================================ team ========================================
// y^T A x: a team per row, the row's dot product over the team's threads and
// lanes.
double hpp_yax(int rows, int cols, const double* y, const double* A, const double* x) {
  double result = 0.0;
#pragma hpp team reduction(+ : result) name("yax")
  for (int j = 0; j < rows; ++j) {
    double row = 0.0;
#pragma hpp vector reduction(+ : row)
    for (int i = 0; i < cols; ++i)
      row += A[j * cols + i] * x[i];
    result += y[j] * row;
  }
  return result;
}

// sum_e sum_n y(e,n) sum_m A(e,n,m) x(e,m): team, thread and vector levels.
double hpp_yax3(int E, int N, int M, const double* y, const double* A, const double* x) {
  double result = 0.0;
#pragma hpp team reduction(+ : result) name("yax3")
  for (int e = 0; e < E; ++e) {
    double cell = 0.0;
#pragma hpp thread reduction(+ : cell)
    for (int n = 0; n < N; ++n) {
      double row = 0.0;
#pragma hpp vector reduction(+ : row)
      for (int m = 0; m < M; ++m)
        row += A[(e * N + n) * M + m] * x[e * M + m];
      cell += y[e * N + n] * row;
    }
    result += cell;
  }
  return result;
}

// out(e,v) = sum_q fields(e,v,q) data(e,q), the cell's data row in level-0
// scratch.
void hpp_contract(int E, int VS, int QP, const double* fields, const double* data,
                  double* out) {
#pragma hpp team name("contract")
  for (int e = 0; e < E; ++e) {
#pragma hpp scratch level(0)
    double s[QP];
#pragma hpp vector
    for (int q = 0; q < QP; ++q)
      s[q] = data[e * QP + q];
#pragma hpp thread
    for (int v = 0; v < VS; ++v) {
      double acc = 0.0;
#pragma hpp vector reduction(+ : acc)
      for (int q = 0; q < QP; ++q)
        acc += fields[(e * VS + v) * QP + q] * s[q];
      out[e * VS + v] = acc;
    }
  }
}

// ============================== algorithm =====================================
void hpp_scan(int n, const double* in, double* out) {
  double s = 0.0;
#pragma hpp parallel reduction(inscan, + : s) name("scan")
  for (int i = 0; i < n; ++i) {
    out[i] = s;
#pragma hpp scan exclusive(s)
    s += in[i];
  }
}

// Each item reads its element before writing its prefix over it.
void hpp_scan_in_place(int n, double* x) {
  double s = 0.0;
#pragma hpp parallel reduction(inscan, + : s) name("scan_in_place")
  for (int i = 0; i < n; ++i) {
    const double t = x[i];
    x[i] = s;
#pragma hpp scan exclusive(s)
    s += t;
  }
}

double hpp_reduce_sum(int n, const double* x) {
  double s = 0.0;
#pragma hpp parallel reduction(+ : s) name("reduce_sum")
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

void hpp_histogram(int n, int bins, const int* in, int* counts) {
#pragma hpp parallel name("histogram")
  for (int i = 0; i < n; ++i) {
#pragma hpp atomic
    counts[HISTOGRAM_BIN(i)] += 1;
  }
}
