// The managed heap's benchmark: the same hppc-translated triad on
//  - hpp::alloc(Space::Device) memory (the reference),
//  - std::vector memory under the managed heap, first touched on the host
//    (the first launch migrates it: the first-touch cost), then steady,
//  - the same with cudaMemPrefetchAsync to the device after the host
//    writes (the prefetch replaces the first launch's page faults),
//  - after a prefetch of pages the faults already moved (remapping),
//  - and once more after the host has read one array back (the cost of
//    alternating host and device access).
// Times are cudaEvent times of one launch; steady state is the median of
// REPS launches. Linked with the managed heap (build.sh).
// Usage: hpp_managed_heap_bench [log2(n) (25)] [reps (50)]
#include <hpp/hpp.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

void hpp_triad(long n, double s, const double *b, const double *c, double *a);

namespace {

void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

cudaEvent_t Start, Stop;

float timeTriad(long n, const double *b, const double *c, double *a) {
  check(cudaEventRecord(Start, 0), "record");
  hpp_triad(n, 3.0, b, c, a);
  check(cudaEventRecord(Stop, 0), "record");
  check(cudaEventSynchronize(Stop), "sync");
  float ms = 0;
  check(cudaEventElapsedTime(&ms, Start, Stop), "elapsed");
  return ms;
}

float median(long n, const double *b, const double *c, double *a, int reps) {
  std::vector<float> t;
  for (int r = 0; r < reps; ++r)
    t.push_back(timeTriad(n, b, c, a));
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

cudaMemLocation deviceZero() {
  cudaMemLocation dev{};
  dev.type = cudaMemLocationTypeDevice;
  dev.id = 0;
  return dev;
}

double gbs(long n, float ms) { return 3.0 * 8.0 * double(n) / (ms * 1e-3) / 1e9; }

__global__ void fill(long n, double *p, double v) {
  long i = blockIdx.x * long(blockDim.x) + threadIdx.x;
  if (i < n)
    p[i] = v;
}

bool correct(long n, const double *a) {
  // b = 1, c = 2, s = 3: a = 7 everywhere.
  for (long i = 0; i < n; i += 4099)
    if (a[i] != 7.0)
      return false;
  return a[n - 1] == 7.0;
}

void report(const char *what, long n, float ms, float ref) {
  std::printf("%-34s %9.3f ms %8.1f GB/s", what, ms, gbs(n, ms));
  if (ref > 0)
    std::printf("   %.3f x device", ms / ref);
  std::printf("\n");
}

} // namespace

int main(int argc, char **argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 25;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 50;
  const long n = 1L << lg;
  check(cudaEventCreate(&Start), "event");
  check(cudaEventCreate(&Stop), "event");
  cudaDeviceProp prop{};
  check(cudaGetDeviceProperties(&prop, 0), "props");
  int pageable = 0;
  cudaDeviceGetAttribute(&pageable, cudaDevAttrPageableMemoryAccess, 0);
  std::printf("device %s, pageableMemoryAccess %d; n = 2^%d doubles (%.0f MiB per array), "
              "%d repeats\n",
              prop.name, pageable, lg, n * 8.0 / (1 << 20), reps);

  // Reference: device memory.
  float ref = 0;
  {
    double *a = hpp::alloc<double>(n, hpp::Space::Device);
    double *b = hpp::alloc<double>(n, hpp::Space::Device);
    double *c = hpp::alloc<double>(n, hpp::Space::Device);
    const unsigned blocks = unsigned((n + 255) / 256);
    fill<<<blocks, 256>>>(n, b, 1.0);
    fill<<<blocks, 256>>>(n, c, 2.0);
    check(cudaDeviceSynchronize(), "fill");
    report("device, first launch", n, timeTriad(n, b, c, a), 0);
    ref = median(n, b, c, a, reps);
    report("device, median", n, ref, 0);
    hpp::free(a);
    hpp::free(b);
    hpp::free(c);
  }

  // std::vector under the managed heap, written on the host.
  {
    std::vector<double> a(n), b(n, 1.0), c(n, 2.0);
    cudaPointerAttributes attr{};
    check(cudaPointerGetAttributes(&attr, a.data()), "attributes");
    std::printf("std::vector memory is %s\n",
                attr.type == cudaMemoryTypeManaged ? "managed" : "NOT managed");
    const float first = timeTriad(n, b.data(), c.data(), a.data());
    report("heap, first launch (first touch)", n, first, ref);
    const float steady = median(n, b.data(), c.data(), a.data(), reps);
    report("heap, median after first touch", n, steady, ref);
    std::printf("first-touch cost: %.3f ms (%.2f GB migrated, %.1f GB/s)\n", first - steady,
                3.0 * 8.0 * n / 1e9, 3.0 * 8.0 * n / 1e9 / ((first - steady) * 1e-3));
    std::printf("correct: %s\n", correct(n, a.data()) ? "yes" : "NO");
    // A prefetch of pages already on the device can still remap them in
    // larger pages than the faults did.
    for (std::vector<double> *v : {&a, &b, &c})
      check(cudaMemPrefetchAsync(v->data(), n * sizeof(double), deviceZero(), 0, 0), "prefetch");
    check(cudaDeviceSynchronize(), "prefetch");
    report("heap, median after a prefetch", n, median(n, b.data(), c.data(), a.data(), reps), ref);
    // The host reads a: its pages come back to the host, and the next
    // launch migrates them again.
    double sum = 0;
    for (long i = 0; i < n; i += 512) // one read per 4 KiB page
      sum += a[i];
    const float again = timeTriad(n, b.data(), c.data(), a.data());
    report("heap, launch after host read of a", n, again, ref);
    report("heap, median after that", n, median(n, b.data(), c.data(), a.data(), reps), ref);
    if (sum < 0)
      std::printf("%f\n", sum);
  }

  // The same with a prefetch after the host writes.
  {
    std::vector<double> a(n), b(n, 1.0), c(n, 2.0);
    const cudaMemLocation dev = deviceZero();
    check(cudaEventRecord(Start, 0), "record");
    for (std::vector<double> *v : {&a, &b, &c})
      check(cudaMemPrefetchAsync(v->data(), n * sizeof(double), dev, 0, 0), "prefetch");
    check(cudaEventRecord(Stop, 0), "record");
    check(cudaEventSynchronize(Stop), "sync");
    float pre = 0;
    check(cudaEventElapsedTime(&pre, Start, Stop), "elapsed");
    std::printf("prefetch of the three arrays: %.3f ms (%.1f GB/s)\n", pre,
                3.0 * 8.0 * n / 1e9 / (pre * 1e-3));
    report("heap+prefetch, first launch", n, timeTriad(n, b.data(), c.data(), a.data()), ref);
    report("heap+prefetch, median", n, median(n, b.data(), c.data(), a.data(), reps), ref);
    std::printf("correct: %s\n", correct(n, a.data()) ? "yes" : "NO");
  }
  return 0;
}
