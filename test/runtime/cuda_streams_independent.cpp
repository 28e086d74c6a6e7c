// Regions and the runtime's own work never wait for an unrelated stream
// (issue 13, item 8): while a kernel on another stream waits for the host,
// regions with growing level-1 scratch, reductions and scans, a deep_copy
// and a fence of the default stream all complete. Built twice:
//  - the legacy default stream, the other stream non-blocking: the runtime
//    must not synchronise the device (its buffer pools grow meanwhile);
//  - --default-stream per-thread, the other stream a blocking one (which
//    the legacy stream waits for): the runtime must not use the legacy
//    stream, which nvcc's flag does not change inside the runtime library.
// A runtime that waited would keep the spinning kernel waiting until it
// gives up (about 2 s) and the program says so. Runs where a GPU is.
// REQUIRES: cuda
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// RUN: %t | %FileCheck %s
// RUN: %nvcc_hpp --default-stream per-thread %t.cu -o %t.pt %nvcc_hpp_link
// RUN: %t.pt | %FileCheck %s --check-prefixes=CHECK,PT
// PT: default stream: per-thread
// CHECK: results: exact
// CHECK: kernel on the other stream: still waiting
#include <chrono>
#include <cstdio>
#include <hpp/hpp.hpp>

// The first step that took over a second is the one that waited for the
// other stream's kernel (it gives up after ~2 s; later steps then run free).
static const char* g_waited = nullptr;
template <class F> static void step(const char* name, F f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
  if (!g_waited && dt.count() > 1.0)
    g_waited = name;
}

#ifdef __CUDACC__
// Runs until *go is set (mapped pinned memory) or about 2 s have passed;
// *late records the timeout.
__global__ void spin_until(volatile int* go, int* late) {
  const long long start = clock64();
  while (*go == 0)
    if (clock64() - start > 4000000000ll) {
      *late = 1;
      return;
    }
}
#endif

long sum_scratch(int T, int N, const long* a) {
  long total = 0;
#pragma hpp team reduction(+: total)
  for (int t = 0; t < T; ++t) {
#pragma hpp scratch level(1)
    long copy[N];
#pragma hpp vector
    for (int i = 0; i < N; ++i)
      copy[i] = a[(t + i) % 4096];
    long acc = 0;
#pragma hpp vector reduction(+: acc)
    for (int i = 0; i < N; ++i)
      acc += copy[N - 1 - i];
#pragma hpp single
    total += acc;
  }
  return total;
}

long scan_into(int n, const long* a, long* out) {
  long run = 0;
#pragma hpp parallel reduction(inscan, +: run)
  for (int i = 0; i < n; ++i) {
    run += a[i % 4096];
#pragma hpp scan inclusive(run)
    out[i] = run;
  }
  return run;
}

int main() {
#ifdef __CUDACC__
#ifdef CUDA_API_PER_THREAD_DEFAULT_STREAM
  std::printf("default stream: %s\n", "per-thread");
  cudaStream_t other;
  cudaStreamCreate(&other); // blocking: the legacy stream waits for it
#else
  cudaStream_t other;
  cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking);
#endif
  const int nmax = 1 << 22;
  // Allocated before the other stream's kernel starts: allocation calls of
  // CUDA itself (cudaHostAlloc) may wait for the device.
  long* a = hpp::alloc<long>(4096, hpp::Space::Shared);
  long* out = hpp::alloc<long>(nmax, hpp::Space::Device);
  long* back = hpp::alloc<long>(nmax, hpp::Space::Host);
  for (int i = 0; i < 4096; ++i)
    a[i] = i % 97 - 48;
  // Each region once, small, before the other stream's kernel starts: the
  // first kernel of a program that uses the runtime's buffers does not
  // start on an H100 while another kernel runs (the device's one-time
  // setup: its host side returns at once, CUDA_MODULE_LOADING=EAGER and a
  // cudaMallocAsync beforehand do not change it). What is checked below is
  // the runtime's own work afterwards: pools growing, copies and fences.
  long warm = sum_scratch(2, 64, a);
  warm += scan_into(1000, a, out);
  int* flags = nullptr;
  int* dflags = nullptr;
  cudaHostAlloc(&flags, 2 * sizeof(int), cudaHostAllocMapped);
  flags[0] = flags[1] = 0;
  cudaHostGetDevicePointer(&dflags, flags, 0);
  spin_until<<<1, 1, 0, other>>>(dflags, dflags + 1);

  (void)warm;
  long wrong = 0;
  // Level-1 scratch from 8 KiB to 1 MiB per team: the pool grows each time.
  for (int N = 1024; N <= (1 << 17); N *= 4) {
    const int T = 300;
    long expect = 0;
    for (int t = 0; t < T; ++t)
      for (int i = 0; i < N; ++i)
        expect += a[(t + i) % 4096];
    step("team region with level-1 scratch", [&] { wrong += sum_scratch(T, N, a) != expect; });
  }
  for (int n = 1000; n <= nmax; n *= 8) {
    long total = 0;
    step("scan region", [&] { total = scan_into(n, a, out); });
    step("hpp::deep_copy", [&] { hpp::deep_copy(back, out, n * sizeof(long)); });
    step("default_stream().fence()", [&] { hpp::default_stream().fence(); });
    long run = 0;
    for (int i = 0; i < n; ++i) {
      run += a[i % 4096];
      wrong += back[i] != run;
    }
    wrong += total != run;
  }
  const bool waiting = reinterpret_cast<volatile int*>(flags)[1] == 0 &&
                       cudaStreamQuery(other) == cudaErrorNotReady;
  reinterpret_cast<volatile int*>(flags)[0] = 1;
  cudaStreamSynchronize(other);
  std::printf("results: %s\n", wrong ? "WRONG" : "exact");
  if (waiting && flags[1] == 0)
    std::printf("kernel on the other stream: still waiting\n");
  else
    std::printf("kernel on the other stream: timed out (%s waited for it)\n",
                g_waited ? g_waited : "the runtime");
  cudaFreeHost(flags);
  cudaStreamDestroy(other);
  hpp::free(a);
  hpp::free(out);
  hpp::free(back);
  return wrong != 0;
#else
  return 0;
#endif
}
