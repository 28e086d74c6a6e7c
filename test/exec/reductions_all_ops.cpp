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

// Every reduction operator (+ * min max & | ^ && ||) at flat level and at
// vector level inside a team loop, on int, long, float and double (bitwise
// operators on the integer types only). Initial values are not identities,
// so a translator that drops them is caught.
#include <cstdio>
#include <hpp/hpp.hpp>
#include <initializer_list>

template <class T> T val(int i) { return T((i * 7) % 23 - 11); }
// Mostly 1, some -1, a few 2: the product stays exact.
template <class T> T pv(int i) { return T(i % 97 == 0 ? 2 : (i % 13 == 0 ? -1 : 1)); }
template <class T> T bv(int i) { return T((i * 2654435761u) >> 7 & 0x7fff); }

template <class T> void arith_flat(const char* tag, int n) {
  T s = 3, p = -1, mn = 100, mx = -100;
  int land = 1, lor = 0;
#pragma hpp parallel reduction(+: s) reduction(*: p) reduction(min: mn) reduction(max: mx) reduction(&&: land) reduction(||: lor)
  for (int i = 0; i < n; ++i) {
    T v = val<T>(i);
    s += v;
    p *= pv<T>(i);
    mn = v < mn ? v : mn;
    if (v > mx) mx = v;
    land = land && (v > T(-11));
    lor = lor || (v == T(11));
  }
  T rs = 3, rp = -1, rmn = 100, rmx = -100;
  int rland = 1, rlor = 0;
  for (int i = 0; i < n; ++i) {
    T v = val<T>(i);
    rs += v; rp *= pv<T>(i);
    rmn = v < rmn ? v : rmn;
    rmx = v > rmx ? v : rmx;
    rland = rland && (v > T(-11));
    rlor = rlor || (v == T(11));
  }
  std::printf("%s flat n=%d sum %.17g prod %.17g min %.17g max %.17g and %d or %d | ref %.17g %.17g %.17g %.17g %d %d\n",
              tag, n, (double)s, (double)p, (double)mn, (double)mx, land, lor, (double)rs,
              (double)rp, (double)rmn, (double)rmx, rland, rlor);
}

template <class T> void bits_flat(const char* tag, int n) {
  T a = ~T(0) ^ T(8), o = T(0x10000), x = T(0x5a5a);
  bool la = true, lo = false;
#pragma hpp parallel reduction(&: a) reduction(|: o) reduction(^: x) reduction(&&: la) reduction(||: lo)
  for (int i = 0; i < n; ++i) {
    T v = bv<T>(i);
    a &= v | T(0x4001);
    o |= v & T(0x0ff0);
    x ^= v;
    la = la && (v != bv<T>(n / 3));
    lo = lo || (v == bv<T>(n / 2));
  }
  T ra = ~T(0) ^ T(8), ro = T(0x10000), rx = T(0x5a5a);
  bool rla = true, rlo = false;
  for (int i = 0; i < n; ++i) {
    T v = bv<T>(i);
    ra &= v | T(0x4001); ro |= v & T(0x0ff0); rx ^= v;
    rla = rla && (v != bv<T>(n / 3));
    rlo = rlo || (v == bv<T>(n / 2));
  }
  std::printf("%s bits n=%d and %lld or %lld xor %lld land %d lor %d | ref %lld %lld %lld %d %d\n", tag,
              n, (long long)a, (long long)o, (long long)x, (int)la, (int)lo, (long long)ra,
              (long long)ro, (long long)rx, (int)rla, (int)rlo);
}

// The same operators at vector level inside a team loop, results per team.
template <class T> void arith_team(const char* tag, int teams, int n) {
  double* res = hpp::alloc<double>(teams * 6, hpp::Space::Shared);
  for (int i = 0; i < teams * 6; ++i) res[i] = -1;
  double* rp = res;
  T total = 1;
#pragma hpp team reduction(+: total)
  for (int t = 0; t < teams; ++t) {
    T s = 3, p = -1, mn = 100, mx = -100;
    int land = 1, lor = 0;
#pragma hpp vector reduction(+: s) reduction(*: p) reduction(min: mn) reduction(max: mx) reduction(&&: land) reduction(||: lor)
    for (int i = 0; i < n; ++i) {
      T v = val<T>(i + t);
      s += v;
      p *= pv<T>(i + t);
      mn = v < mn ? v : mn;
      if (v > mx) mx = v;
      land = land && (v > T(-11 + t % 3));
      lor = lor || (v == T(t % 5 + 7));
    }
    rp[t * 6 + 0] = s; rp[t * 6 + 1] = p; rp[t * 6 + 2] = mn;
    rp[t * 6 + 3] = mx; rp[t * 6 + 4] = land; rp[t * 6 + 5] = lor;
    total += s;
  }
  int bad = 0;
  double cs = 0;
  T rtotal = 1;
  for (int t = 0; t < teams; ++t) {
    T s = 3, p = -1, mn = 100, mx = -100;
    int land = 1, lor = 0;
    for (int i = 0; i < n; ++i) {
      T v = val<T>(i + t);
      s += v; p *= pv<T>(i + t);
      mn = v < mn ? v : mn; mx = v > mx ? v : mx;
      land = land && (v > T(-11 + t % 3));
      lor = lor || (v == T(t % 5 + 7));
    }
    double r[6] = {(double)s, (double)p, (double)mn, (double)mx, (double)land, (double)lor};
    for (int k = 0; k < 6; ++k) {
      bad += res[t * 6 + k] != r[k];
      cs += res[t * 6 + k] * (k + 1) * (t + 1);
    }
    rtotal += s;
  }
  std::printf("%s team %dx%d total %.17g ref %.17g checksum %.17g first %.17g %.17g %.17g %.17g %.17g %.17g mismatches %d\n",
              tag, teams, n, (double)total, (double)rtotal, cs, res[0], res[1], res[2], res[3], res[4],
              res[5], bad);
  hpp::free(res);
}

template <class T> void bits_team(const char* tag, int teams, int n) {
  long long* res = hpp::alloc<long long>(teams * 3, hpp::Space::Shared);
  for (int i = 0; i < teams * 3; ++i) res[i] = -1;
  long long* rp = res;
#pragma hpp team
  for (int t = 0; t < teams; ++t) {
    T a = ~T(0), o = T(t), x = T(0);
#pragma hpp vector reduction(&: a) reduction(|: o) reduction(^: x)
    for (int i = 0; i < n; ++i) {
      T v = bv<T>(i * (t + 1));
      a &= v | T(0x0f0f);
      o |= v & T(0x0300);
      x ^= v;
    }
    rp[t * 3] = a; rp[t * 3 + 1] = o; rp[t * 3 + 2] = x;
  }
  int bad = 0;
  long long cs = 0;
  for (int t = 0; t < teams; ++t) {
    T a = ~T(0), o = T(t), x = T(0);
    for (int i = 0; i < n; ++i) {
      T v = bv<T>(i * (t + 1));
      a &= v | T(0x0f0f); o |= v & T(0x0300); x ^= v;
    }
    bad += (res[t * 3] != a) + (res[t * 3 + 1] != o) + (res[t * 3 + 2] != x);
    cs += res[t * 3] * 3 + res[t * 3 + 1] * 5 + res[t * 3 + 2] * 7;
  }
  std::printf("%s bits team %dx%d checksum %lld first %lld %lld %lld mismatches %d\n", tag, teams, n,
              cs, res[0], res[1], res[2], bad);
  hpp::free(res);
}


int main() {
  for (int n : {1001, 0, 1, 4}) {
    arith_flat<int>("int", n);
    arith_flat<long>("long", n);
    arith_flat<float>("float", n);
    arith_flat<double>("double", n);
    bits_flat<int>("int", n);
    bits_flat<long>("long", n);
  }
  for (int n : {37, 0, 1}) {
    arith_team<int>("int", 11, n);
    arith_team<long>("long", 11, n);
    arith_team<float>("float", 11, n);
    arith_team<double>("double", 11, n);
    bits_team<int>("int", 11, n);
    bits_team<long>("long", 11, n);
  }
  return 0;
}
