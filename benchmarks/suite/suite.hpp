// The suite's kernels, declared once. Every kernel K exists as hpp_K (the
// `#pragma hpp` form in hpp_kernels.cpp, translated by hppc) and base_K (hand
// written: base_cuda.cu in the CUDA binary, base_omp.cpp in the OpenMP one),
// with the same signature, so the driver calls both the same way. Some also
// exist as api_K, the hpp::parallel_* form (api_kernels.cpp). Arrays are
// device memory on CUDA; scalar results (reductions) come back to the host
// in every version. Plain C++: hppc parses the files that include this.
#pragma once

struct MinLoc {
  double val;
  int loc;
};
struct Int3 {
  long sum;
  int min, max;
};

#define SUITE_DECLARE(P)                                                       \
  /* stream */                                                                 \
  void P##copy(int n, const double* a, double* c);                             \
  void P##mul(int n, double q, const double* c, double* b);                    \
  void P##add(int n, const double* a, const double* b, double* c);             \
  void P##triad(int n, double q, const double* b, const double* c, double* a); \
  double P##dot(int n, const double* a, const double* b);                      \
  /* basic */                                                                  \
  void P##daxpy(int n, double a, const double* x, double* y);                  \
  void P##if_quad(int n, const double* a, const double* b, const double* c,    \
                  double* x1, double* x2);                                     \
  void P##init3(int n, const double* in1, const double* in2, double* out1,     \
                double* out2, double* out3);                                   \
  void P##muladdsub(int n, const double* in1, const double* in2,               \
                    double* out1, double* out2, double* out3);                 \
  void P##nested_init(int nx, int ny, int nz, double* arr);                    \
  Int3 P##reduce3_int(int n, const int* v);                                    \
  double P##trap_int(int n, double x0, double xp, double y, double yp,         \
                     double h);                                                \
  double P##pi_reduce(int n, double dx);                                       \
  int P##indexlist(int n, const double* x, int* list);                         \
  MinLoc P##first_min(int n, const double* x);                                 \
  /* lcals */                                                                  \
  void P##hydro_1d(int n, double q, double r, double t, const double* y,       \
                   const double* z, double* x);                                \
  void P##hydro_2d(int jn, int kn, double s, double t, const double* zp,       \
                   const double* zq, const double* zr, const double* zm,       \
                   const double* zz, double* za, double* zb, double* zu,       \
                   double* zv, double* zrout, double* zzout);                  \
  void P##int_predict(int n, double* px);                                      \
  void P##diff_predict(int n, double* px, const double* cx);                   \
  void P##first_diff(int n, const double* y, double* x);                       \
  void P##eos(int n, double q, double r, double t, const double* y,            \
              const double* z, const double* u, double* x);                    \
  void P##planckian(int n, const double* x, const double* u, const double* v,  \
                    double* y, double* w);                                     \
  void P##tridiag_elim(int n, const double* xin, const double* y,              \
                       const double* z, double* xout);                         \
  /* polybench */                                                              \
  void P##gemm(int N, double alpha, double beta, const double* A,              \
               const double* B, double* C);                                    \
  void P##jacobi_1d(int n, double* A, double* B);                              \
  void P##jacobi_2d(int N, double* A, double* B);                              \
  void P##heat_3d(int N, double* A, double* B);                                \
  void P##atax(int N, const double* A, const double* x, double* tmp,           \
               double* y);                                                     \
  void P##mvt(int N, const double* A, const double* y1, const double* y2,      \
              double* x1, double* x2);                                         \
  /* apps */                                                                   \
  void P##del_dot_vec_2d(int nx, int ny, const double* x, const double* y,     \
                         const double* fx, const double* fy, double* div);     \
  void P##pressure(int n, double cls, double p_cut, double pmin,               \
                   double eosvmax, const double* compression,                  \
                   const double* e_old, const double* vnewc, double* bvc,      \
                   double* p_new);                                             \
  void P##energy(int n, double rho0, double e_cut, double emin,                \
                 const double* e_old, const double* delvc,                     \
                 const double* p_old, const double* q_old,                     \
                 const double* work, const double* comp_half,                  \
                 const double* p_half, const double* bvc,                      \
                 const double* pbvc, const double* ql_old,                     \
                 const double* qq_old, double* e_new, double* q_new);          \
  void P##vol3d(int n, const double* x, const double* y, const double* zc,     \
                double* vol);                                                  \
  void P##fir(int n, const double* in, double* out);                           \
  void P##ltimes(int nd, int nm, int ng, int nz, const double* ell,            \
                 const double* psi, double* phi);                              \
  void P##mass3d(int E, const double* B, const double* X, const double* Dq,    \
                 double* Y);                                                   \
  void P##diffusion3d(int N, double dt, const double* u, const double* kc,     \
                      double* out);                                            \
  /* team: hierarchical kernels (Kokkos' yAx exercise, a three-level */       \
  /* variant, Intrepid's contractDataFieldScalar with level-0 scratch) */      \
  double P##yax(int rows, int cols, const double* y, const double* A,          \
                const double* x);                                              \
  double P##yax3(int E, int N, int M, const double* y, const double* A,        \
                 const double* x);                                             \
  void P##contract(int E, int VS, int QP, const double* fields,                \
                   const double* data, double* out);                           \
  /* algorithm */                                                              \
  void P##scan(int n, const double* in, double* out);                          \
  double P##reduce_sum(int n, const double* x);                                \
  void P##histogram(int n, int bins, const int* in, int* counts);

SUITE_DECLARE(hpp_)
SUITE_DECLARE(base_)

// Controls (driver.cpp): the same loops as hpp_heat_3d and hpp_nested_init
// with `tile(1, 8, 32)`, the hand kernels' 8 x 32 blocks.
void hpp_heat_3d_tile(int N, double* A, double* B);
void hpp_vol3d_tile(int n, const double* x, const double* y, const double* zc, double* vol);
void hpp_diffusion3d_tile(int N, double dt, const double* u, const double* kc, double* out);
void hpp_nested_init_tile(int nx, int ny, int nz, double* arr);
// Control: an exclusive scan that overwrites its input (Kokkos' in-place
// parallel_scan), as a pragma loop, a parallel_scan and by hand (CUB's
// ExclusiveSum in place on CUDA).
void hpp_scan_in_place(int n, double* x);
void api_scan_in_place(int n, double* x);
void base_scan_in_place(int n, double* x);

// The hpp::parallel_* forms (api_kernels.cpp).
void api_daxpy(int n, double a, const double* x, double* y);
double api_dot(int n, const double* a, const double* b);
MinLoc api_first_min(int n, const double* x);
void api_nested_init(int nx, int ny, int nz, double* arr);
void api_scan(int n, const double* in, double* out);
void api_ltimes(int nd, int nm, int ng, int nz, const double* ell,
                const double* psi, double* phi);
void api_mass3d(int E, const double* B, const double* X, const double* Dq,
                double* Y);

// The team kernels with Kokkos (kokkos_kernels.cpp, OpenMP binary only, when
// Debian's Kokkos is installed; built with its Serial backend, the only one
// that package enables).
void kokkos_initialize(int& argc, char** argv);
void kokkos_finalize();
const char* kokkos_backend();
double kokkos_yax(int rows, int cols, const double* y, const double* A, const double* x);
double kokkos_yax3(int E, int N, int M, const double* y, const double* A, const double* x);
void kokkos_contract(int E, int VS, int QP, const double* fields, const double* data,
                     double* out);

// mass3d's tensor sizes: D dofs and Q quadrature points per direction.
enum { MASS_D = 4, MASS_Q = 5 };
