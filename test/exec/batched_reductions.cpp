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

// Team-vector reduction loops whose bodies are only updates by pure terms:
// GPU backends evaluate the terms of four iterations before applying them
// (Construct::BatchedUpdates). Trip counts around multiples of four times
// the team (so that batches, the resumed remainder and threads with no
// iteration all occur), several updates in one body, every compound
// operator, terms of other types than their reduction, View access and
// math calls in terms; next to them the same bodies in thread and vector
// loops and the bodies that are not batched. Integer results are exact;
// each is compared with the serial build.
#include <cmath>
#include <cstdio>
#include <hpp/hpp.hpp>

static long twice(long y) { return 2 * y; }

int main() {
  const int T = 6, W = 9;
  const int trips[T] = {0, 1, 5, 1024, 1031, 2053};
  const int n = 2053;
  long* a = hpp::alloc<long>(n, hpp::Space::Shared);
  double* x = hpp::alloc<double>(n, hpp::Space::Shared);
  float* f = hpp::alloc<float>(n, hpp::Space::Shared);
  hpp::View<double, 1> v("v", n);
  auto hv = hpp::create_mirror_view(v);
  for (int i = 0; i < n; ++i) {
    a[i] = (i * 7919L) % 1000 - 500;
    x[i] = 0.25 * ((i * 31) % 97) - 11.0;
    f[i] = 0.5f * static_cast<float>((i * 13) % 29);
    hv(i) = 1.0 + 0.001 * i;
  }
  hpp::deep_copy(v, hv);
  long* out = hpp::alloc<long>(T * W, hpp::Space::Shared);
  double* dout = hpp::alloc<double>(T * W, hpp::Space::Shared);
  for (int i = 0; i < T * W; ++i) {
    out[i] = -1;
    dout[i] = -1;
  }
#pragma hpp team
  for (int t = 0; t < T; ++t) {
    const int m = trips[t], m40 = m < 40 ? m : 40;
    long s = 3, q = 0, bits = 0, ors = 0, down = 1000, prod = 1, reads = 0;
    double dot = 0, mixed = 0, wide = 0, norm = 0, serial = 0;
    // Team-vector: two updates per iteration, sum and -=.
#pragma hpp vector reduction(+ : s, q)
    for (int i = 0; i < m; ++i) {
      s += a[i] * (t + 1);
      q -= a[i] % 7;
    }
#pragma hpp thread reduction(+ : dot)
    for (int i = 0; i < m; ++i)
      dot += x[i] * x[m - 1 - i];
#pragma hpp thread reduction(+ : bits, mixed)
    for (int w = 0; w < 2; ++w) {
      long local = 0;
      double fl = 0;
      // Vector loops inside a thread loop; a float term into a double.
#pragma hpp vector reduction(^ : local) reduction(+ : fl)
      for (int i = 0; i < m; ++i) {
        local ^= a[i] + w;
        fl += f[i] * (w + 1);
      }
      bits += local;
      mixed += fl;
    }
#pragma hpp vector reduction(| : ors)
    for (int i = m - 1; i >= 0; --i)
      ors |= 1L << ((a[i] + 500) % 40);
#pragma hpp vector reduction(+ : down)
    for (int i = 0; i < m; i += 3)
      down -= a[i] > 0 ? a[i] : -a[i];
#pragma hpp vector reduction(* : prod)
    for (int i = 0; i < m40; ++i)
      prod *= 1 + (a[i] & 1);
#pragma hpp vector reduction(+ : wide)
    for (int i = 0; i < m; ++i)
      wide += v(i) * std::sqrt(static_cast<double>(i + 1));
#pragma hpp vector reduction(+ : norm)
    for (int i = 0; i < m; ++i)
      norm += std::fabs(x[i]) + static_cast<double>(a[i]) / 8;
    // Not batched: the term calls a function hppc cannot see is pure; a
    // body with a declaration.
#pragma hpp vector reduction(+ : reads)
    for (int i = 0; i < m; ++i)
      reads += twice(a[i]);
#pragma hpp vector reduction(+ : serial)
    for (int i = 0; i < m; ++i) {
      const double y = x[i] * 2;
      serial += y;
    }
#pragma hpp single
    {
      long* o = out + t * W;
      o[0] = s;
      o[1] = q;
      o[2] = bits;
      o[3] = ors;
      o[4] = down;
      o[5] = prod;
      o[6] = reads;
      double* d = dout + t * W;
      d[0] = dot;
      d[1] = mixed;
      d[2] = wide;
      d[3] = norm;
      d[4] = serial;
    }
  }
  for (int t = 0; t < T; ++t) {
    std::printf("trips %d:", trips[t]);
    for (int k = 0; k < 7; ++k)
      std::printf(" %ld", out[t * W + k]);
    for (int k = 0; k < 5; ++k)
      std::printf(" %.12g", dout[t * W + k]);
    std::printf("\n");
  }
  hpp::free(a);
  hpp::free(x);
  hpp::free(f);
  hpp::free(out);
  hpp::free(dout);
  return 0;
}
