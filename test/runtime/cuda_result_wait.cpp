// A region over device memory whose result the host reads does not wait at
// its launch; result() reads the value once the kernel's last block has
// published it (HPP_RESULT_WAIT=flag, the default) or once the stream is
// done (`stream`). Either way the values are exact (integer sums, a minloc
// and a scan's total), a stream the program destroys after reading a
// result is not waited for later, a kernel that faults is an error naming
// it and its line instead of a value, and a value of the variable that is
// no choice is an error naming it. Runs where a GPU is (scripts/device/).
// REQUIRES: cuda
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// RUN: %t > %t.default
// RUN: env HPP_RESULT_WAIT=flag %t > %t.flag
// RUN: env HPP_RESULT_WAIT=stream %t > %t.stream
// RUN: %t blocking > %t.blocking
// RUN: diff %t.default %t.flag
// RUN: diff %t.default %t.stream
// RUN: diff %t.default %t.blocking
// RUN: %FileCheck --input-file=%t.default %s --check-prefix=OUT
// RUN: env HPP_RESULT_WAIT=spin not %t 2> %t.err
// RUN: %FileCheck --input-file=%t.err %s --check-prefix=CHOICE --implicit-check-not=terminate
// RUN: not %t fault > %t.fault.out 2> %t.fault
// RUN: %FileCheck --input-file=%t.fault %s --check-prefix=FAULT --implicit-check-not=terminate
// RUN: %FileCheck --input-file=%t.fault.out %s --check-prefix=FAULT-OUT
// RUN: env HPP_RESULT_WAIT=stream not %t fault 2> %t.fault.stream
// RUN: %FileCheck --input-file=%t.fault.stream %s --check-prefix=FAULT --implicit-check-not=terminate
// RUN: not %t fault-late 2> %t.late
// RUN: %FileCheck --input-file=%t.late %s --check-prefix=LATE --implicit-check-not=terminate
// OUT: sums 1000 all exact
// OUT: minloc 42 at 4242
// OUT: wrapped stream sum exact
// OUT: scan total 499500 prefix 3 = 3
// CHOICE: hpp: error: HPP_RESULT_WAIT='spin' is not a choice (expected flag or stream)
// FAULT: hpp: error: kernel 'wild_sum' ({{.*}}cuda_result_wait.cpp:[[@LINE+54]]): the kernel failed: {{.*}}illegal memory access
// LATE: hpp: error: kernel 'fill' ({{.*}}cuda_result_wait.cpp:[[@LINE+37]]), or kernel 'wild_sum' ({{.*}}cuda_result_wait.cpp:[[@LINE+53]]) after them, failed: {{.*}}illegal memory access
// FAULT-OUT: before the faulting sum
// FAULT-OUT-NOT: not reached
#include <cstdio>
#include <cstring>
#include <vector>
#include <hpp/hpp.hpp>

// A stream the program owns, wrapped for one region and destroyed once its
// result has been read, as it may be after a region that waited.
#ifdef __CUDACC__
static cudaStream_t g_native;
static void* make_native() {
  if (cudaStreamCreateWithFlags(&g_native, cudaStreamNonBlocking) != cudaSuccess)
    std::abort();
  return g_native;
}
static void destroy_native() { (void)cudaStreamDestroy(g_native); }
// "blocking": the program asks the device not to spin; results are then
// waited for through the stream.
static void block_on_waits() {
  if (cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync) != cudaSuccess)
    std::abort();
}
#else
static void* make_native() { return nullptr; }
static void destroy_native() {}
static void block_on_waits() {}
#endif

int main(int argc, char** argv) {
  const bool blocking = argc > 1 && std::strcmp(argv[1], "blocking") == 0;
  if (blocking)
    block_on_waits();
  const long n = 1 << 20;
  long long* x = hpp::alloc<long long>(n, hpp::Space::Device);
  long long* out = hpp::alloc<long long>(1000, hpp::Space::Device);
#pragma hpp parallel name("fill")
  for (long i = 0; i < n; ++i)
    x[i] = (i * 7919) % 100003;
  std::vector<long long> host(n);
  for (long i = 0; i < n; ++i)
    host[i] = (i * 7919) % 100003;

  if (argc > 1 && !blocking) {
    // "fault": fill is done first, so the sum's kernel alone is named;
    // "fault-late": fill was queued before it and may be the culprit.
    if (std::strcmp(argv[1], "fault") == 0)
      hpp::fence();
    std::printf("before the faulting sum\n");
    std::fflush(stdout);
    const long far = 1L << 40; // far outside any allocation
    long long s = 0;
#pragma hpp parallel reduction(+ : s) name("wild_sum")
    for (long i = 0; i < n; ++i)
      s += x[i + (i == n / 2 ? far : 0)];
    std::printf("not reached: %lld\n", s);
    return 0;
  }

  // Sums of growing prefixes, one after the other: each result is read
  // right after its launch, and the buffers go round.
  int exact = 0;
  long long expect = 0;
  long done = 0;
  for (int k = 0; k < 1000; ++k) {
    const long m = n - 1000 + k;
    for (; done < m; ++done)
      expect += host[done];
    long long s = 0;
#pragma hpp parallel reduction(+ : s) name("prefix_sum")
    for (long i = 0; i < m; ++i)
      s += x[i];
    exact += s == expect;
  }
  std::printf("sums %d all %s\n", exact, exact == 1000 ? "exact" : "WRONG");

  double best = 1e300;
  long at = -1;
#pragma hpp parallel reduction(minloc : best, at) name("minloc")
  for (long i = 0; i < n; ++i) {
    const double v = i == 4242 ? 42.0 : 100.0 + static_cast<double>(i % 7);
    if (v < best) {
      best = v;
      at = i;
    }
  }
  std::printf("minloc %g at %ld\n", best, at);

  // The next region, on the default stream, must not wait for (or record
  // an event on) the destroyed stream.
  long long w = 0;
  {
    const hpp::Stream wrapped(make_native());
#pragma hpp parallel stream(wrapped) reduction(+ : w) name("wrapped")
    for (long i = 0; i < n; ++i)
      w += x[i];
  }
  destroy_native();
  // expect holds the sum of all but the last element (the longest prefix).
  std::printf("wrapped stream sum %s\n", w == expect + host[n - 1] ? "exact" : "WRONG");

  long long t = 0;
#pragma hpp parallel reduction(inscan, + : t) name("scan")
  for (long i = 0; i < 1000; ++i) {
    out[i] = t;
#pragma hpp scan exclusive(t)
    t += i;
  }
  long long third = 0;
  hpp::deep_copy(&third, out + 3, sizeof third);
  std::printf("scan total %lld prefix 3 = %lld\n", t, third);
  hpp::free(out);
  hpp::free(x);
  return 0;
}
