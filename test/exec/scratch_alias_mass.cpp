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

// A mass-matrix action in the style of RAJAPerf's MASS3DPA: per element,
// sum-factorised passes from D^3 dofs to Q^3 quadrature points and back,
// each pass a thread loop over the team. The scratch arrays are reached
// only through 2-D and 3-D array pointers made with C-style and
// reinterpret casts, and two buffers are reused by later passes (a pass
// overwrites what the pass before last read). Every pass needs a team
// barrier before it, and the last pass one before the next element's
// first pass: `league(3)` makes each block run many elements. Without the
// barriers hppc used to miss, the GPU result is wrong (racecheck reports
// the hazards); the values are small integers, so every build computes
// them exactly.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <vector>

constexpr int D = 3, Q = 4;

void mass(int E, const double *basis, const double *op, const double *x, double *y) {
#pragma hpp team league(3) name("mass3d")
  for (int e = 0; e < E; ++e) {
#pragma hpp scratch
    double Bsmem[Q * D];
#pragma hpp scratch
    double Xsmem[D * D * D];
#pragma hpp scratch
    double sm0[Q * Q * Q];
#pragma hpp scratch
    double sm1[Q * Q * Q];
    double (*B)[D] = (double (*)[D])Bsmem;
    double (*X)[D][D] = reinterpret_cast<double (*)[D][D]>(Xsmem);
    double (*DDQ)[D][Q] = (double (*)[D][Q])sm0;
    double (*DQQ)[Q][Q] = reinterpret_cast<double (*)[Q][Q]>(&sm1[0]);
    double (*QQQ)[Q][Q] = (double (*)[Q][Q])(sm0 + 0);
    double (*QQD)[Q][D] = reinterpret_cast<double (*)[Q][D]>(sm1);
#pragma hpp thread
    for (int i = 0; i < Q * D; ++i)
      B[i / D][i % D] = basis[i];
#pragma hpp thread
    for (int i = 0; i < D * D * D; ++i)
      X[i / (D * D)][i / D % D][i % D] = x[e * D * D * D + i];
    // dofs -> quadrature points, one direction at a time.
#pragma hpp thread
    for (int i = 0; i < D * D * Q; ++i) {
      int dz = i / (D * Q), dy = i / Q % D, qx = i % Q;
      double s = 0;
      for (int dx = 0; dx < D; ++dx)
        s += X[dz][dy][dx] * B[qx][dx];
      DDQ[dz][dy][qx] = s;
    }
#pragma hpp thread
    for (int i = 0; i < D * Q * Q; ++i) {
      int dz = i / (Q * Q), qy = i / Q % Q, qx = i % Q;
      double s = 0;
      for (int dy = 0; dy < D; ++dy)
        s += DDQ[dz][dy][qx] * B[qy][dy];
      DQQ[dz][qy][qx] = s;
    }
    // QQQ overwrites DDQ, read by the pass before.
#pragma hpp thread
    for (int i = 0; i < Q * Q * Q; ++i) {
      int qz = i / (Q * Q), qy = i / Q % Q, qx = i % Q;
      double s = 0;
      for (int dz = 0; dz < D; ++dz)
        s += DQQ[dz][qy][qx] * B[qz][dz];
      QQQ[qz][qy][qx] = s * op[(e * Q * Q * Q + i) % 7];
    }
    // Back to the dofs; QQD overwrites DQQ.
#pragma hpp thread
    for (int i = 0; i < Q * Q * D; ++i) {
      int qz = i / (Q * D), qy = i / D % Q, dx = i % D;
      double s = 0;
      for (int qx = 0; qx < Q; ++qx)
        s += QQQ[qz][qy][qx] * B[qx][dx];
      QQD[qz][qy][dx] = s;
    }
#pragma hpp thread
    for (int i = 0; i < D * D * D; ++i) {
      int dz = i / (D * D), dy = i / D % D, dx = i % D;
      double s = 0;
      for (int qz = 0; qz < Q; ++qz)
        for (int qy = 0; qy < Q; ++qy)
          s += QQD[qz][qy][dx] * B[qy][dy] * B[qz][dz];
      y[e * D * D * D + i] = s;
    }
  }
}

/// The same computation written plainly, for the mismatch count.
double reference(int e, int i, const double *basis, const double *op, const double *x) {
  int dz = i / (D * D), dy = i / D % D, dx = i % D;
  double s = 0;
  for (int qz = 0; qz < Q; ++qz)
    for (int qy = 0; qy < Q; ++qy)
      for (int qx = 0; qx < Q; ++qx) {
        double u = 0;
        for (int z = 0; z < D; ++z)
          for (int yy = 0; yy < D; ++yy)
            for (int xx = 0; xx < D; ++xx)
              u += x[e * D * D * D + (z * D + yy) * D + xx] * basis[qx * D + xx] *
                   basis[qy * D + yy] * basis[qz * D + z];
        u *= op[(e * Q * Q * Q + (qz * Q + qy) * Q + qx) % 7];
        s += u * basis[qx * D + dx] * basis[qy * D + dy] * basis[qz * D + dz];
      }
  return s;
}

int main() {
  const int E = 517;
  double *basis = hpp::alloc<double>(Q * D, hpp::Space::Shared);
  double *op = hpp::alloc<double>(7, hpp::Space::Shared);
  double *x = hpp::alloc<double>(E * D * D * D, hpp::Space::Shared);
  double *y = hpp::alloc<double>(E * D * D * D, hpp::Space::Shared);
  for (int i = 0; i < Q * D; ++i)
    basis[i] = i % 3 - 1 + (i % 5 == 0);
  for (int i = 0; i < 7; ++i)
    op[i] = i % 4 + 1;
  for (int i = 0; i < E * D * D * D; ++i) {
    x[i] = (i * 7) % 5 - 2;
    y[i] = -1;
  }
  for (int rep = 0; rep < 3; ++rep)
    mass(E, basis, op, x, y);
  int bad = 0;
  double cs = 0;
  for (int e = 0; e < E; ++e)
    for (int i = 0; i < D * D * D; ++i) {
      bad += y[e * D * D * D + i] != reference(e, i, basis, op, x);
      cs += y[e * D * D * D + i] * (i % 5 + 1);
    }
  std::printf("checksum %.17g y[0] %.17g y[last] %.17g mismatches %d\n", cs, y[0],
              y[E * D * D * D - 1], bad);
  hpp::free(basis);
  hpp::free(op);
  hpp::free(x);
  hpp::free(y);
  return 0;
}
