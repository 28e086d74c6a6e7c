// A GPU region in a member function that reads plain members through the
// implicit `this` (`n`, `p[i]`) captures those members by name instead of
// a copy of *this: a pointer member is then checked at launch and replaced
// by its present device address like a local pointer (with *this copied,
// the kernel got the host address even where a map or `hpp data` had put
// the data on the device), and a class that owns its memory (a
// destructor) is accepted. Any other use of `this` keeps the copy.
// RUN: %hppc translate --backend=cuda %s -o %t.cu --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %hppc translate --backend=openmp %s -o %t.cpp
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

// A handle the caller maps with `hpp data`.
struct Handle {
  int n;
  double *x;
  void scale(double f) {
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      x[i] *= f;
  }
  double sum() const {
    double s = 0;
    // Explicit `this`: the object is copied, as before.
#pragma hpp parallel reduction(+: s)
    for (int i = 0; i < this->n; ++i)
      s += this->x[i];
    return s;
  }
};
// REPORT: region 'scale_L18' (flat loop)
// REPORT: captures: f (double, read-only) n (int, member, read-only) x (double *, member, writes through)
// REPORT: region 'sum_L25' (flat loop)
// REPORT: captures: s (double, reduction) this
// CUDA-LABEL: hpp region 'scale_L18'
// CUDA: auto *const hpp_present_x = hpprt::cuda::present(x);
// CUDA-NEXT: hpp_launch.check_pointer(hpp_present_x, "x");
// CUDA-NEXT: auto hpp_body = [=, n = n, x = hpp_present_x] __device__
// CUDA-LABEL: hpp region 'sum_L25'
// CUDA: auto hpp_body = [=, *this, hpp_dev_s = hpp_red_s.device()] __device__

// A class that owns its arrays, with a map clause on a member section that
// starts after the pointer.
class Owner {
public:
  explicit Owner(int n) : n(n), lo(n / 4), v(new float[n]), w(new float[n]) {}
  ~Owner() {
    delete[] v;
    delete[] w;
  }
  void middle(float a) {
#pragma hpp parallel map(tofrom: v[lo:n - lo]) map(to: w[0:n])
    for (int i = lo; i < n; ++i)
      v[i] += a * w[i];
  }

private:
  int n, lo;
  float *v, *w;
};
// REPORT: region 'middle_L52' (flat loop)
// REPORT: captures: a (float, read-only) lo (int, member, read-only) n (int, member, read-only) v (float *, member, writes through) w (float *, member, read-only)
// CUDA-LABEL: hpp region 'middle_L52'
// CUDA: hpp_map.map(hpprt::cuda::MapKind::ToFrom, hpprt::cuda::section_base(v), (lo),
// CUDA-NEXT: (n - lo), "tofrom: v[lo:n - lo]");
// CUDA: auto *const hpp_present_v = hpprt::cuda::present_section(v, (lo));
// CUDA: hpp_launch.check_pointer(hpp_present_v + (lo), "v");
// CUDA: auto hpp_body =
// CUDA-NEXT: [=, lo = lo, n = n, v = hpp_present_v,
// CUDA-NEXT: w = hpp_present_w] __device__

int main() {
  double data[100] = {};
  Handle h{100, data};
#pragma hpp data map(tofrom: data)
  h.scale(2.0);
  Owner o(64);
  o.middle(0.5f);
  return h.sum() > 0 ? 0 : 1;
}
