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

// Streams and asynchrony (issue 13, items 1-3), against the serial build:
// - nowait regions on one stream run in order, and an asynchronous copy on
//   that stream sees their results after the fence;
// - results of nowait reductions (+, max, minloc) and of a nowait scan
//   reach their variables at the fence, at a Complete status(), at
//   hpp::fence(), or when the last copy of a managed stream goes away;
// - a region without nowait whose memory is all device memory returns
//   before it has finished, yet every later operation sees its writes: a
//   region on another stream, a synchronous deep_copy, a reduction;
// - four streams with a region each (overlapping on a GPU), then a fence.
// Every value is an integer below 2^53, so sums are exact in any order.
#include <cstdio>
#include <hpp/hpp.hpp>

static double checksum(const double* h, int n) {
  double c = 0;
  for (int i = 0; i < n; ++i)
    c += h[i] * (i % 7 + 1);
  return c;
}

int main() {
  const int n = 1 << 20;
  const std::size_t bytes = n * sizeof(double);
  double* a = hpp::alloc<double>(n, hpp::Space::Device);
  double* b = hpp::alloc<double>(n, hpp::Space::Device);
  double* h = hpp::alloc<double>(n, hpp::Space::HostPinned);
  hpp::Stream s1, s2;

  // Ordered on s1; the copy is queued behind both regions.
#pragma hpp parallel stream(s1) nowait name("fill")
  for (int i = 0; i < n; ++i)
    a[i] = i;
#pragma hpp parallel stream(s1) nowait name("twice_plus_one")
  for (int i = 0; i < n; ++i)
    a[i] = 2 * a[i] + 1;
  hpp::deep_copy(s1, h, a, bytes);
  s1.fence();
  std::printf("copy after two nowait regions: %.0f\n", checksum(h, n));

  // nowait reductions on two streams, read after their fences.
  double sum = 0, mx = -1, mn = 1e300;
  int mi = -1;
#pragma hpp parallel stream(s1) nowait reduction(+: sum) reduction(max: mx)
  for (int i = 0; i < n; ++i) {
    sum += a[i];
    mx = a[i] > mx ? a[i] : mx;
  }
#pragma hpp parallel stream(s2) nowait reduction(minloc: mn, mi)
  for (int i = 0; i < n; ++i)
    if ((a[i] - 7) * (a[i] - 7) < mn) {
      mn = (a[i] - 7) * (a[i] - 7);
      mi = i;
    }
  s1.fence();
  s2.fence();
  std::printf("nowait sum %.0f max %.0f minloc %.0f at %d\n", sum, mx, mn, mi);

  // Without nowait, device memory only: may return early; the region on
  // s2 must still see all of b, and the synchronous copy all of a.
#pragma hpp parallel stream(s1) name("device_only_b")
  for (int i = 0; i < n; ++i)
    b[i] = 3 * a[i];
  double sum_b = 0;
#pragma hpp parallel stream(s2) reduction(+: sum_b)
  for (int i = 0; i < n; ++i)
    sum_b += b[i];
  std::printf("region on s2 after device-only region on s1: %.0f\n", sum_b);
#pragma hpp parallel stream(s2) name("device_only_a")
  for (int i = 0; i < n; ++i)
    a[i] = b[i] - 1;
#pragma hpp parallel name("device_only_default")
  for (int i = 0; i < n; ++i)
    b[i] = a[i] + i;
  hpp::deep_copy(h, b, bytes);
  std::printf("synchronous copy after device-only regions: %.0f\n", checksum(h, n));

  // status() delivers a nowait result once the stream is Complete.
  double top = 0;
#pragma hpp parallel stream(s1) nowait reduction(max: top)
  for (int i = 0; i < n; ++i)
    top = b[i] > top ? b[i] : top;
  while (s1.status() != hpp::StreamStatus::Complete) {
  }
  std::printf("after status Complete: %.0f\n", top);

  // A nowait scan's total, and a default-stream nowait reduction, at
  // hpp::fence().
  long total = 0, count = 0;
#pragma hpp parallel stream(s2) nowait reduction(inscan, +: total)
  for (int i = 0; i < n; ++i) {
    total += i % 5;
#pragma hpp scan inclusive(total)
    a[i] = static_cast<double>(total);
  }
#pragma hpp parallel nowait reduction(+: count)
  for (int i = 0; i < n; ++i)
    count += b[i] > n ? 1 : 0;
  hpp::fence();
  hpp::deep_copy(h, a, bytes);
  std::printf("nowait scan total %ld, last prefix %.0f, count %ld\n", total, h[n - 1], count);

  // The last copy of a managed stream delivers what is queued on it.
  double gone = 0;
  {
    hpp::Stream t;
#pragma hpp parallel stream(t) nowait reduction(+: gone)
    for (int i = 0; i < n; ++i)
      gone += 1;
  }
  std::printf("delivered when the stream went away: %.0f\n", gone);

  // Four streams, one region each on its own quarter, then one fence.
  hpp::Stream q[4];
  const int part = n / 4;
  for (int k = 0; k < 4; ++k) {
    double* p = b + k * part;
#pragma hpp parallel stream(q[k]) nowait
    for (int i = 0; i < part; ++i)
      p[i] = k * 1000 + i % 100;
  }
  for (int k = 0; k < 4; ++k)
    q[k].fence();
  hpp::deep_copy(h, b, bytes);
  std::printf("four streams: %.0f\n", checksum(h, n));

  hpp::free(a);
  hpp::free(b);
  hpp::free(h);
  return 0;
}
