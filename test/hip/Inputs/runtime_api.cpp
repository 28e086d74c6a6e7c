// A HIP program using the runtime APIs hpp's HIP backend needs.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CHECK(x) do { hipError_t e = (x); if (e != hipSuccess) { \
  std::fprintf(stderr, "%s: %s\n", #x, hipGetErrorString(e)); std::exit(1); } } while (0)

__global__ void blockSum(int n, const float *x, float *out, unsigned *count) {
  __shared__ float partial[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.f;
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_xor(v, o);
  int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < (int)(blockDim.x / warpSize) ? partial[lane] : 0.f;
    for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
    if (lane == 0) { atomicAdd(out, v); atomicAdd(count, 1u); }
  }
}

int main() {
  const int n = 1 << 20;
  int dev = 0;
  CHECK(hipGetDevice(&dev));
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, dev));
  int managed = 0, coopMulti = 0;
  CHECK(hipDeviceGetAttribute(&managed, hipDeviceAttributeManagedMemory, dev));
  CHECK(hipDeviceGetAttribute(&coopMulti, hipDeviceAttributeCooperativeMultiDeviceLaunch, dev));
  std::printf("%s: clock %d kHz, memory clock %d kHz, compute mode %d, managed %d, "
              "multi-device cooperative %d/%d\n", prop.name, prop.clockRate,
              prop.memoryClockRate, prop.computeMode, managed, coopMulti,
              prop.cooperativeMultiDeviceLaunch);

  float *x, *out, *h;
  unsigned *count;
  CHECK(hipMallocManaged(&x, n * sizeof(float)));
  CHECK(hipMalloc(&out, sizeof(float)));
  CHECK(hipMalloc(&count, sizeof(unsigned)));
  CHECK(hipHostMalloc(&h, sizeof(float), hipHostMallocDefault));
  for (int i = 0; i < n; ++i) x[i] = 1.f;
  hipStream_t s;
  hipEvent_t start, stop;
  CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  CHECK(hipEventCreate(&start));
  CHECK(hipEventCreate(&stop));
  if (managed) {
    CHECK(hipMemAdvise(x, n * sizeof(float), hipMemAdviseSetReadMostly, dev));
    CHECK(hipMemPrefetchAsync(x, n * sizeof(float), dev, s));
  }
  CHECK(hipMemsetAsync(out, 0, sizeof(float), s));
  CHECK(hipMemsetAsync(count, 0, sizeof(unsigned), s));
  CHECK(hipEventRecord(start, s));
  hipLaunchKernelGGL(blockSum, dim3(n / 256), dim3(256), 0, s, n, x, out, count);
  CHECK(hipGetLastError());
  CHECK(hipEventRecord(stop, s));
  CHECK(hipMemcpyAsync(h, out, sizeof(float), hipMemcpyDeviceToHost, s));
  CHECK(hipStreamSynchronize(s));
  if (managed) CHECK(hipMemPrefetchAsync(x, n * sizeof(float), hipCpuDeviceId, s));
  float ms = 0;
  CHECK(hipEventElapsedTime(&ms, start, stop));
  unsigned blocks = 0;
  CHECK(hipMemcpy(&blocks, count, sizeof(unsigned), hipMemcpyDeviceToHost));
  std::printf("sum %.0f (expected %d), %u blocks, %.3f ms\n", *h, n, blocks, ms);
  int ok = *h == (float)n && blocks == (unsigned)(n / 256);
  CHECK(hipEventDestroy(start));
  CHECK(hipEventDestroy(stop));
  CHECK(hipStreamDestroy(s));
  CHECK(hipFree(x));
  CHECK(hipFree(out));
  CHECK(hipFree(count));
  CHECK(hipHostFree(h));
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
