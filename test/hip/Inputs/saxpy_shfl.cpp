#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? a * x[i] + y[i] : 0.f;
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
  if (i < n) y[i] = v;
}
int main() {
  float *x, *y; int n = 1024;
  hipMalloc(&x, n * 4); hipMalloc(&y, n * 4);
  hipLaunchKernelGGL(saxpy, dim3(4), dim3(256), 0, 0, n, 2.f, x, y);
  hipDeviceSynchronize();
  std::printf("%s\n", hipGetErrorString(hipGetLastError()));
}
