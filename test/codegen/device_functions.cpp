// The functions, function templates, methods and lambdas a region calls are
// compiled for host and device on CUDA (and what it does not call is left
// alone); OpenMP leaves them all as they are.
// RUN: %hppc translate --backend=openmp %s -o - | %FileCheck %s --check-prefix=OMP
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

double square(double v) { return v * v; }
template <class T> T twice(T v) { return v + v; }
double host_only(double v) { return v - 1; }
struct Scale {
  double k;
  double apply(double v) const { return k * v; }
  double unused(double v) const { return v / k; }
};

void run(int n, double *y, Scale sc) {
  auto shift = [](double v) { return v + 1; };
  auto host_lambda = [](double v) { return v - 1; };
  #pragma hpp parallel
  for (int i = 0; i < n; ++i)
    y[i] = sc.apply(twice(square(shift(y[i]))));
  y[0] = host_only(host_lambda(sc.unused(y[0])));
}

// OMP-NOT: __host__
// OMP: double square(double v) { return v * v; }
// OMP-NEXT: template <class T> T twice(T v) { return v + v; }
// OMP: auto shift = [](double v) { return v + 1; };
// OMP: { // hpp region 'run_L21' (flat loop)
// OMP: #pragma omp parallel
// OMP: y[i] = sc.apply(twice(square(shift(y[i]))));
// OMP-NOT: __host__

// CUDA: __host__ __device__ double square(double v) { return v * v; }
// CUDA-NEXT: template <class T> __host__ __device__ T twice(T v) { return v + v; }
// CUDA-NEXT: double host_only(double v) { return v - 1; }
// CUDA: __host__ __device__ double apply(double v) const { return k * v; }
// CUDA-NEXT: double unused(double v) const { return v / k; }
// CUDA: auto shift = []__host__ __device__ (double v) { return v + 1; };
// CUDA-NEXT: auto host_lambda = [](double v) { return v - 1; };
// CUDA: hpp_launch.kind = hpprt::cuda::RegionKind::Flat;
// CUDA: y[i] = sc.apply(twice(square(shift(y[i]))));

// HIP is the CUDA translation with the HIP runtime's names: the diff checks
// every other byte, the HIP lines the runtime's macro, header and namespace.
// (Here, at the end, so that the lines checked above keep their numbers.)
// RUN: %hppc translate --backend=hip %s -o %t.hip
// RUN: %FileCheck %s --check-prefix=HIP --input-file %t.hip
// RUN: %hip_as_cuda %t.hip | %same_code - %t.cu
// RUN: %if hip-amd %{ %hip_hpp -c %t.hip -o %t.hip.o %}
// HIP: #define HPP_BACKEND_{{HIP}} 1
// HIP-NEXT: #include <hpprt/{{hip}}/hpprt.hpp>
// HIP: hpprt::{{hip}}::
