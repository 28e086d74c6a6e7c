// A GPU region that keeps a copy of the object (*this: here it uses
// `this->` explicitly and calls a member function) reaches its pointer
// members with the host addresses the copy holds. Each one is checked at
// launch: memory the device cannot reach, or data mapped to the device
// (whose device copy the kernel would miss, then overwritten by the stale
// copy when the map ends), is an error naming the member. Members the
// region does not reach are not checked; OpenMP needs no check.
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %hppc translate --backend=hip %s -o %t.hip
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.hip
// RUN: %hppc translate --backend=openmp %s -o %t.cpp
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.cpp
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

#include <hpp/hpp.hpp>

struct Field {
  int n;
  double *x;
  const double *w;
  int *unused;
  HPP_FUNCTION double weight(int i) const { return this->w[i]; }
  void scale(double f) {
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      this->x[i] *= f * weight(i);
  }
};

void run(Field &F) { F.scale(2.0); }

// CUDA: hpp_launch.check_member_pointer(this->x, "x");
// CUDA-NEXT: hpp_launch.check_member_pointer(this->w, "w");
// CUDA-NOT: check_member_pointer(this->unused
// CUDA: hpp_body = [=, *this]
// OMP: hpp region 'scale_L25' (flat loop)
// OMP-NOT: check_member_pointer
// OMP: #pragma omp parallel
