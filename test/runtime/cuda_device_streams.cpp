// Device selection and streams bound to devices (issue 17): the process's
// device comes from HPP_DEVICE or the MPI launcher's local rank, each bad
// request stops the program with one clear line, and a region, a reduction
// and a copy on hpp::Stream(hpp::Device(d)) run on device d whatever device
// is current. Each device's buffer is cudaMalloc'ed on that device: without
// peer access a kernel on another device could not write it. With two or
// more GPUs the devices also run regions concurrently from one thread.
// Runs where a GPU is.
// REQUIRES: cuda
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// RUN: %t | %FileCheck %s
// RUN: env HPP_DEVICE=0 HPP_DEVICE_VERBOSE=1 %t 2>&1 | %FileCheck %s --check-prefix=CHOSEN
// RUN: env OMPI_COMM_WORLD_LOCAL_RANK=0 OMPI_COMM_WORLD_LOCAL_SIZE=64 %t 2>&1 | %FileCheck %s --check-prefix=SHARED
// RUN: env OMPI_COMM_WORLD_LOCAL_RANK=63 OMPI_COMM_WORLD_LOCAL_SIZE=64 %t 2>&1 | %FileCheck %s --check-prefix=QUIET
// RUN: env HPP_MAP_DEVICE_BY=none OMPI_COMM_WORLD_LOCAL_RANK=x %t | %FileCheck %s
// RUN: not env HPP_DEVICE=64 %t 2>&1 | %FileCheck %s --check-prefix=MISSING
// RUN: not env HPP_MAP_DEVICE_BY=socket %t 2>&1 | %FileCheck %s --check-prefix=MAPPING
// CHECK: results: exact
// CHECK: hpp: hpp::Stream(hpp::Device({{[0-9]+}})): no such device ({{[0-9]+}} CUDA device
// CHOSEN: hpp: using CUDA device 0 (HPP_DEVICE)
// CHOSEN: results: exact
// SHARED: hpp: warning: more ranks per node than devices: 64 ranks on {{[0-9]+}} CUDA device
// SHARED: results: exact
// QUIET-NOT: warning
// QUIET: results: exact
// MISSING: hpp: error: HPP_DEVICE=64 but {{[0-9]+}} CUDA device
// MISSING-NOT: results
// MAPPING: hpp: error: HPP_MAP_DEVICE_BY='socket' is not a mapping (expected local_rank or none)
#include <cstdio>
#include <exception>
#include <hpp/hpp.hpp>
#include <vector>

long fill_and_sum(const hpp::Stream& s, long* a, int n, long scale) {
  long total = 0;
#pragma hpp parallel stream(s) reduction(+: total)
  for (int i = 0; i < n; ++i) {
    a[i] = scale * (i + 1);
    total += a[i];
  }
  return total;
}

void fill_nowait(const hpp::Stream& s, long* a, int n, long scale) {
#pragma hpp parallel stream(s) nowait
  for (int i = 0; i < n; ++i)
    a[i] = scale * (i + 1);
}

int main() {
  hpp::ScopeGuard guard;
  bool exact = true;
#ifdef __CUDACC__
  const int count = hpp::device_count();
  const int n = 1 << 20;
  const long expect = static_cast<long>(n) * (n + 1) / 2;
  int home = 0;
  cudaGetDevice(&home);
  std::vector<hpp::Stream> streams;
  std::vector<long*> buffers;
  for (int d = 0; d < count; ++d) {
    streams.emplace_back(hpp::Device(d));
    if (streams.back().device() != d) {
      std::printf("stream for device %d reports device %d\n", d, streams.back().device());
      exact = false;
    }
    long* a = nullptr;
    cudaSetDevice(d);
    cudaMalloc(&a, n * sizeof(long));
    cudaSetDevice(home);
    buffers.push_back(a);
  }
  for (int d = 0; d < count; ++d) {
    const long total = fill_and_sum(streams[d], buffers[d], n, d + 1);
    if (total != (d + 1) * expect) {
      std::printf("device %d: sum %ld, expected %ld\n", d, total, (d + 1) * expect);
      exact = false;
    }
    int now = -1;
    cudaGetDevice(&now);
    if (now != home) {
      std::printf("device %d: the region left device %d current\n", d, now);
      exact = false;
    }
  }
  // All devices at once from this thread, then copies back on each stream.
  for (int d = 0; d < count; ++d)
    fill_nowait(streams[d], buffers[d], n, 3 * (d + 1));
  std::vector<std::vector<long>> back(count, std::vector<long>(n));
  for (int d = 0; d < count; ++d)
    hpp::deep_copy(streams[d], back[d].data(), buffers[d], n * sizeof(long));
  hpp::fence();
  for (int d = 0; d < count; ++d)
    for (int i = 0; i < n; ++i)
      if (back[d][i] != 3L * (d + 1) * (i + 1)) {
        std::printf("device %d: element %d is %ld\n", d, i, back[d][i]);
        exact = false;
        break;
      }
  streams.clear();
  for (long* a : buffers)
    cudaFree(a);
  std::printf("devices: %d\n", count);
#endif
  std::printf("results: %s\n", exact ? "exact" : "WRONG");
  try {
    hpp::Stream missing{hpp::Device(hpp::device_count())};
    std::printf("a stream on a device that does not exist was created\n");
  } catch (const std::exception& e) {
    std::printf("%s\n", e.what());
  }
  std::fflush(stdout);
  return exact ? 0 : 1;
}
