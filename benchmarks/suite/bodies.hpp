// Loop bodies of the suite's kernels written once as macros, the way RAJAPerf
// writes them, and expanded by all three versions of a kernel (the hpp
// pragma form in hpp_kernels.cpp, the hand CUDA kernels in base_cuda.cu, the
// hand OpenMP loops in base_omp.cpp). A macro expects the loop index `i` (or
// the indices its comment names) and the arrays of the kernel's signature in
// scope. Sharing the bodies means the three versions compute the same
// expression trees, so the cross-check can be tight; it also exercises hppc
// on macro-expanded loop bodies, which real code is full of.
#pragma once

#include <cmath>

// ---- stream ------------------------------------------------------------------
#define COPY_BODY c[i] = a[i];
#define MUL_BODY b[i] = q * c[i];
#define ADD_BODY c[i] = a[i] + b[i];
#define TRIAD_BODY a[i] = b[i] + q * c[i];
#define DOT_BODY s += a[i] * b[i];

// ---- basic -------------------------------------------------------------------
#define DAXPY_BODY y[i] += a * x[i];
#define IF_QUAD_BODY                                                           \
  double s = b[i] * b[i] - 4.0 * a[i] * c[i];                                  \
  if (s >= 0) {                                                                \
    s = std::sqrt(s);                                                          \
    x2[i] = (-b[i] + s) / (2.0 * a[i]);                                        \
    x1[i] = (-b[i] - s) / (2.0 * a[i]);                                        \
  } else {                                                                     \
    x2[i] = 0.0;                                                               \
    x1[i] = 0.0;                                                               \
  }
#define INIT3_BODY out1[i] = out2[i] = out3[i] = -in1[i] - in2[i];
#define MULADDSUB_BODY                                                         \
  out1[i] = in1[i] * in2[i];                                                   \
  out2[i] = in1[i] + in2[i];                                                   \
  out3[i] = in1[i] - in2[i];
// Indices i (fastest), j, k.
#define NESTED_INIT_BODY                                                       \
  arr[i + nx * (j + ny * k)] = 0.00000001 * i * j * k;
// The integrand of trap_int at x (a smooth bump), an expression.
#define TRAP_FUNC(x)                                                           \
  (1.0 / std::sqrt(((x) - xp) * ((x) - xp) + (y - yp) * (y - yp) + 0.25))
#define TRAP_INT_BODY                                                          \
  double xi = x0 + i * h;                                                      \
  s += TRAP_FUNC(xi);
#define PI_REDUCE_BODY                                                         \
  double xi = (i + 0.5) * dx;                                                  \
  s += dx / (1.0 + xi * xi);

// ---- lcals -------------------------------------------------------------------
#define HYDRO_1D_BODY x[i] = q + y[i] * (r * z[i + 10] + t * z[i + 11]);
// Indices j (fastest, 1..jn-2) and k (1..kn-2) of jn-wide row-major arrays.
#define HYDRO_2D_BODY1                                                         \
  za[k * jn + j] = (zp[(k + 1) * jn + j - 1] + zq[(k + 1) * jn + j - 1] -      \
                    zp[k * jn + j - 1] - zq[k * jn + j - 1]) *                 \
                   (zr[k * jn + j] + zr[k * jn + j - 1]) /                     \
                   (zm[k * jn + j - 1] + zm[(k + 1) * jn + j - 1]);            \
  zb[k * jn + j] = (zp[k * jn + j - 1] + zq[k * jn + j - 1] - zp[k * jn + j] - \
                    zq[k * jn + j]) *                                          \
                   (zr[k * jn + j] + zr[(k - 1) * jn + j]) /                   \
                   (zm[k * jn + j] + zm[k * jn + j - 1]);
#define HYDRO_2D_BODY2                                                         \
  zu[k * jn + j] +=                                                            \
      s * (za[k * jn + j] * (zz[k * jn + j] - zz[k * jn + j + 1]) -            \
           za[k * jn + j - 1] * (zz[k * jn + j] - zz[k * jn + j - 1]) -        \
           zb[k * jn + j] * (zz[k * jn + j] - zz[(k - 1) * jn + j]) +          \
           zb[(k + 1) * jn + j] * (zz[k * jn + j] - zz[(k + 1) * jn + j]));    \
  zv[k * jn + j] +=                                                            \
      s * (za[k * jn + j] * (zr[k * jn + j] - zr[k * jn + j + 1]) -            \
           za[k * jn + j - 1] * (zr[k * jn + j] - zr[k * jn + j - 1]) -        \
           zb[k * jn + j] * (zr[k * jn + j] - zr[(k - 1) * jn + j]) +          \
           zb[(k + 1) * jn + j] * (zr[k * jn + j] - zr[(k + 1) * jn + j]));
#define HYDRO_2D_BODY3                                                         \
  zrout[k * jn + j] = zr[k * jn + j] + t * zu[k * jn + j];                     \
  zzout[k * jn + j] = zz[k * jn + j] + t * zv[k * jn + j];
// px holds 13 planes of n values (plane p at px + p * n).
#define INT_PREDICT_BODY                                                       \
  px[i] = 0.05 * px[i + 12 * n] + 0.025 * px[i + 11 * n] +                     \
          0.0125 * px[i + 10 * n] + 0.00625 * px[i + 9 * n] +                  \
          0.003125 * px[i + 8 * n] + 0.0015625 * px[i + 7 * n] +               \
          0.00078125 * px[i + 6 * n] +                                         \
          0.5 * (px[i + 4 * n] + px[i + 5 * n]) + px[i + 2 * n];
// px and cx hold 14 planes of n values.
#define DIFF_PREDICT_BODY                                                      \
  double ar = cx[i + 4 * n];                                                   \
  double br = ar - px[i + 4 * n];                                              \
  px[i + 4 * n] = ar;                                                          \
  double cr = br - px[i + 5 * n];                                              \
  px[i + 5 * n] = br;                                                          \
  ar = cr - px[i + 6 * n];                                                     \
  px[i + 6 * n] = cr;                                                          \
  br = ar - px[i + 7 * n];                                                     \
  px[i + 7 * n] = ar;                                                          \
  cr = br - px[i + 8 * n];                                                     \
  px[i + 8 * n] = br;                                                          \
  ar = cr - px[i + 9 * n];                                                     \
  px[i + 9 * n] = cr;                                                          \
  br = ar - px[i + 10 * n];                                                    \
  px[i + 10 * n] = ar;                                                         \
  cr = br - px[i + 11 * n];                                                    \
  px[i + 11 * n] = br;                                                         \
  px[i + 13 * n] = cr - px[i + 12 * n];                                        \
  px[i + 12 * n] = cr;
#define FIRST_DIFF_BODY x[i] = y[i + 1] - y[i];
#define EOS_BODY                                                               \
  x[i] = u[i] + r * (z[i] + r * y[i]) +                                        \
         t * (u[i + 3] + r * (u[i + 2] + r * u[i + 1]) +                       \
              t * (u[i + 6] + q * (u[i + 5] + q * u[i + 4])));
#define PLANCKIAN_BODY                                                         \
  y[i] = u[i] / v[i];                                                          \
  w[i] = x[i] / (std::exp(y[i]) - 1.0);
// i from 1.
#define TRIDIAG_ELIM_BODY xout[i] = z[i] * (y[i] - xin[i - 1]);

// ---- polybench ---------------------------------------------------------------
// 3-point, 5-point and 7-point averages; the 2-D/3-D ones on N-wide grids.
#define JACOBI_1D_BODY1 B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#define JACOBI_1D_BODY2 A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
#define JACOBI_2D_BODY(OUT, IN)                                                \
  OUT[i * N + j] = 0.2 * (IN[i * N + j] + IN[i * N + j - 1] +                  \
                          IN[i * N + j + 1] + IN[(i + 1) * N + j] +            \
                          IN[(i - 1) * N + j]);
#define HEAT_3D_BODY(OUT, IN)                                                  \
  OUT[(i * N + j) * N + k] =                                                   \
      0.125 * (IN[((i + 1) * N + j) * N + k] - 2.0 * IN[(i * N + j) * N + k] + \
               IN[((i - 1) * N + j) * N + k]) +                                \
      0.125 * (IN[(i * N + j + 1) * N + k] - 2.0 * IN[(i * N + j) * N + k] +   \
               IN[(i * N + j - 1) * N + k]) +                                  \
      0.125 * (IN[(i * N + j) * N + k + 1] - 2.0 * IN[(i * N + j) * N + k] +   \
               IN[(i * N + j) * N + k - 1]) +                                  \
      IN[(i * N + j) * N + k];

// ---- apps --------------------------------------------------------------------
// Zone z of an nx x ny zone grid; its four nodes in the (nx+1)-wide node grid.
#define DEL_DOT_VEC_2D_BODY                                                    \
  const int n1 = (z / nx) * (nx + 1) + z % nx, n2 = n1 + 1,                    \
            n3 = n1 + nx + 2, n4 = n1 + nx + 1;                                \
  const double xi = 0.5 * (x[n1] + x[n2] - x[n3] - x[n4]);                     \
  const double xj = 0.5 * (x[n2] + x[n3] - x[n4] - x[n1]);                     \
  const double yi = 0.5 * (y[n1] + y[n2] - y[n3] - y[n4]);                     \
  const double yj = 0.5 * (y[n2] + y[n3] - y[n4] - y[n1]);                     \
  const double fxi = 0.5 * (fx[n1] + fx[n2] - fx[n3] - fx[n4]);                \
  const double fxj = 0.5 * (fx[n2] + fx[n3] - fx[n4] - fx[n1]);                \
  const double fyi = 0.5 * (fy[n1] + fy[n2] - fy[n3] - fy[n4]);                \
  const double fyj = 0.5 * (fy[n2] + fy[n3] - fy[n4] - fy[n1]);                \
  const double rarea = 1.0 / (xi * yj - xj * yi + 1.0e-20);                    \
  div[z] = rarea * (fxi * yj - fxj * yi) + rarea * (fyj * xi - fyi * xj) +     \
           (fy[n1] + fy[n2] + fy[n3] + fy[n4]) /                               \
               (y[n1] + y[n2] + y[n3] + y[n4]);
#define PRESSURE_BODY1 bvc[i] = cls * (compression[i] + 1.0);
#define PRESSURE_BODY2                                                         \
  p_new[i] = bvc[i] * e_old[i];                                                \
  if (std::fabs(p_new[i]) < p_cut)                                             \
    p_new[i] = 0.0;                                                            \
  if (vnewc[i] >= eosvmax)                                                     \
    p_new[i] = 0.0;                                                            \
  if (p_new[i] < pmin)                                                         \
    p_new[i] = pmin;
#define ENERGY_BODY1                                                           \
  e_new[i] = e_old[i] - 0.5 * delvc[i] * (p_old[i] + q_old[i]) + 0.5 * work[i];
#define ENERGY_BODY2                                                           \
  if (delvc[i] > 0.0) {                                                        \
    q_new[i] = 0.0;                                                            \
  } else {                                                                     \
    const double vhalf = 1.0 / (1.0 + comp_half[i]);                           \
    double ssc = (pbvc[i] * e_new[i] + vhalf * vhalf * bvc[i] * p_half[i]) /   \
                 rho0;                                                         \
    ssc = ssc <= 1.0e-37 ? 3.333333e-19 : std::sqrt(ssc);                      \
    q_new[i] = ssc * ql_old[i] + qq_old[i];                                    \
  }
#define ENERGY_BODY3                                                           \
  e_new[i] += 0.5 * delvc[i] *                                                 \
              (3.0 * (p_old[i] + q_old[i]) - 4.0 * (p_half[i] + q_new[i]));    \
  e_new[i] += 0.5 * work[i];                                                   \
  if (std::fabs(e_new[i]) < e_cut)                                             \
    e_new[i] = 0.0;                                                            \
  if (e_new[i] < emin)                                                         \
    e_new[i] = emin;
// Zone (i, j, k) of an n^3 zone grid; nodes on the (n+1)^3 grid. The hex is
// cut into six tetrahedra around its 0-6 diagonal; d_c = corner c - corner 0.
#define VOL3D_NODE(di, dj, dk)                                                 \
  (((k + (dk)) * (n + 1) + (j + (dj))) * (n + 1) + (i + (di)))
#define VOL3D_TET(a, b)                                                        \
  (dx##a * (dy##b * dz6 - dz##b * dy6) - dy##a * (dx##b * dz6 - dz##b * dx6) + \
   dz##a * (dx##b * dy6 - dy##b * dx6))
#define VOL3D_D(c, di, dj, dk)                                                 \
  const double dx##c = x[VOL3D_NODE(di, dj, dk)] - x0;                         \
  const double dy##c = y[VOL3D_NODE(di, dj, dk)] - y0;                         \
  const double dz##c = zc[VOL3D_NODE(di, dj, dk)] - z0;
#define VOL3D_BODY                                                             \
  const double x0 = x[VOL3D_NODE(0, 0, 0)], y0 = y[VOL3D_NODE(0, 0, 0)],      \
               z0 = zc[VOL3D_NODE(0, 0, 0)];                                   \
  VOL3D_D(1, 1, 0, 0)                                                          \
  VOL3D_D(2, 1, 1, 0)                                                          \
  VOL3D_D(3, 0, 1, 0)                                                          \
  VOL3D_D(4, 0, 0, 1)                                                          \
  VOL3D_D(5, 1, 0, 1)                                                          \
  VOL3D_D(6, 1, 1, 1)                                                          \
  VOL3D_D(7, 0, 1, 1)                                                          \
  vol[(k * n + j) * n + i] =                                                   \
      (VOL3D_TET(1, 2) + VOL3D_TET(2, 3) + VOL3D_TET(3, 7) + VOL3D_TET(7, 4) + \
       VOL3D_TET(4, 5) + VOL3D_TET(5, 1)) /                                    \
      6.0;
// A 16-tap filter with literal coefficients (a local array in the body).
#define FIR_COEFFS                                                             \
  {3.0, -1.0, -1.0, -1.0, -1.0, 3.0, -1.0, -1.0,                               \
   -1.0, -1.0, 3.0, -1.0, -1.0, -1.0, -1.0, 3.0}
#define FIR_BODY                                                               \
  double sum = 0.0;                                                            \
  for (int j = 0; j < 16; ++j)                                                 \
    sum += coeff[j] * in[i + j];                                               \
  out[i] = sum;
// phi(m, g, z) += sum_d ell(m, d) psi(d, g, z).
#define LTIMES_BODY                                                            \
  double acc = 0.0;                                                            \
  for (int d = 0; d < nd; ++d)                                                 \
    acc += ell[m * nd + d] * psi[(z * ng + g) * nd + d];                       \
  phi[(z * ng + g) * nm + m] += acc;
// Variable-coefficient diffusion, 7 points, on an N^3 grid (interior).
#define DIFFUSION3D_BODY                                                       \
  const int c = (k * N + j) * N + i;                                           \
  out[c] = u[c] + dt * (kc[c] * (u[c + 1] - u[c]) - kc[c - 1] * (u[c] - u[c - 1]) + \
                        kc[c] * (u[c + N] - u[c]) - kc[c - N] * (u[c] - u[c - N]) + \
                        kc[c] * (u[c + N * N] - u[c]) -                        \
                        kc[c - N * N] * (u[c] - u[c - N * N]));

// ---- algorithm ---------------------------------------------------------------
#define HISTOGRAM_BIN(i) (in[i] % bins)

// mass3d: a mass-matrix action per element by sum factorisation (RAJAPerf's
// MASS3DPA in outline). D = MASS_D dofs, Q = MASS_Q points per direction; B
// is the Q x D basis (row qx: B[qx*D+dx]); k is the flat index of the stage's
// output, fastest index first in the comment. Stages 1-3 interpolate the
// element's dofs to the points and scale by Dq, stages 4-6 apply B^T back.
#define MASS3D_S1 /* t1[qx,dy,dz] */                                           \
  {                                                                            \
    const int qx = k % Q, dy = (k / Q) % D, dz = k / (Q * D);                  \
    double a = 0.0;                                                            \
    for (int dx = 0; dx < D; ++dx)                                             \
      a += sB[qx * D + dx] * sX[(dz * D + dy) * D + dx];                       \
    t1[k] = a;                                                                 \
  }
#define MASS3D_S2 /* t2[qx,qy,dz] */                                           \
  {                                                                            \
    const int qx = k % Q, qy = (k / Q) % Q, dz = k / (Q * Q);                  \
    double a = 0.0;                                                            \
    for (int dy = 0; dy < D; ++dy)                                             \
      a += sB[qy * D + dy] * t1[(dz * D + dy) * Q + qx];                       \
    t2[k] = a;                                                                 \
  }
#define MASS3D_S3 /* t3[qx,qy,qz] */                                           \
  {                                                                            \
    const int qx = k % Q, qy = (k / Q) % Q, qz = k / (Q * Q);                  \
    double a = 0.0;                                                            \
    for (int dz = 0; dz < D; ++dz)                                             \
      a += sB[qz * D + dz] * t2[(dz * Q + qy) * Q + qx];                       \
    t3[k] = a * Dq[e * (Q * Q * Q) + k];                                       \
  }
#define MASS3D_S4 /* u2[qx,qy,dz] */                                           \
  {                                                                            \
    const int qx = k % Q, qy = (k / Q) % Q, dz = k / (Q * Q);                  \
    double a = 0.0;                                                            \
    for (int qz = 0; qz < Q; ++qz)                                             \
      a += sB[qz * D + dz] * t3[(qz * Q + qy) * Q + qx];                       \
    u2[k] = a;                                                                 \
  }
#define MASS3D_S5 /* u1[qx,dy,dz] */                                           \
  {                                                                            \
    const int qx = k % Q, dy = (k / Q) % D, dz = k / (Q * D);                  \
    double a = 0.0;                                                            \
    for (int qy = 0; qy < Q; ++qy)                                             \
      a += sB[qy * D + dy] * u2[(dz * Q + qy) * Q + qx];                       \
    u1[k] = a;                                                                 \
  }
#define MASS3D_S6 /* Y[dx,dy,dz] */                                            \
  {                                                                            \
    const int dx = k % D, dy = (k / D) % D, dz = k / (D * D);                  \
    double a = 0.0;                                                            \
    for (int qx = 0; qx < Q; ++qx)                                             \
      a += sB[qx * D + dx] * u1[(dz * D + dy) * Q + qx];                       \
    Y[e * (D * D * D) + k] += a;                                               \
  }
