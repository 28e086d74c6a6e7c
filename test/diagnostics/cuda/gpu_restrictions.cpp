// What the CUDA backend cannot translate is an error at the user's line;
// the same code translates for OpenMP.
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -ferror-limit=0 -Xclang -verify
// RUN: %hppc translate --backend=openmp %s -o %t.cpp

#include "Inputs/elsewhere.h"
#include <hpp/view.hpp>
#include <vector>

struct Shape {
  virtual double area() const { return 1; }
};

double counted(double v);
double counted(double v) { return v; }

void atomicOnVariable(int n, const double *x, double *out) {
  double sum = 0;
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
#pragma hpp atomic
    // expected-error@+1 {{'#pragma hpp atomic' updates variable 'sum', of which every CUDA thread has its own copy; update memory, or use a reduction}}
    sum += x[i];
  }
  out[0] = sum;
}

int next(int *counter) { return (*counter)++; }

void effectfulDeclaration(int n, int *counter, double *out) {
#pragma hpp team
  for (int e = 0; e < n; ++e) {
    // expected-error@+1 {{declaration of 'ticket' has side effects; on CUDA it runs once per team and the other threads would not see its value}}
    int ticket = next(counter);
    out[e] = ticket;
  }
}

void constructInSwitch(int n, double *out) {
#pragma hpp team
  for (int e = 0; e < n; ++e) {
    // expected-error@+1 {{this statement contains hpp constructs, which CUDA code can only nest in blocks, 'if', 'for', 'while' and 'do'}}
    switch (e % 2) {
    case 0:
#pragma hpp vector
      for (int j = 0; j < 8; ++j)
        out[e * 8 + j] = 0;
      break;
    default:
      break;
    }
  }
}

void functionElsewhere(int n, double *out) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    // expected-error@+1 {{function 'fromHeader' is called from a CUDA region but is defined in}}
    out[i] = fromHeader(out[i]);
}

void markedElsewhere(int n, double *out) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    out[i] = markedInHeader(out[i]);
}

void virtualCall(int n, const Shape *s, double *out) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    // expected-error@+1 {{virtual call to 'Shape::area' in code compiled for CUDA}}
    out[i] = s->area();
}

void exceptions(int n, double *out) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    // expected-error@+1 {{'try' in code compiled for CUDA: GPU code cannot use exceptions}}
    try {
      out[i] = 1;
    } catch (...) {
    }
  }
}

void lambdaByReference(int n, double *out) {
  double k = 2;
  auto scale = [&](double v) { return k * v; };
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    // expected-error@+1 {{lambda called from a CUDA region captures by reference}}
    out[i] = scale(out[i]);
}

struct Mesh {
  Mesh(int n, double *x) {
    // expected-error@+1 {{a CUDA region cannot be in a constructor or destructor}}
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      x[i] = 0;
  }

private:
  void clear(int n, double *x) {
    // expected-error@+1 {{a CUDA region cannot be in a private or protected member function}}
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      x[i] = 0;
  }
};

void scanWithConstructs(int n, const long *in, long *out) {
#pragma hpp team
  for (int e = 0; e < n; ++e) {
    long s = 0;
#pragma hpp thread reduction(inscan, +: s)
    for (int j = 0; j < 8; ++j) {
      s += in[e * 8 + j];
#pragma hpp scan inclusive(s)
      // expected-error@+1 {{a scan in a thread loop cannot contain other hpp constructs on CUDA}}
#pragma hpp atomic
      out[e * 8 + j] += s;
    }
  }
}

void genericLambda(int n, double *out) {
  auto twice = [](auto v) { return v * 2; };
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    // expected-error@+1 {{generic lambda called from a CUDA region: CUDA device lambdas cannot be generic; give its parameters types}}
    out[i] = twice(out[i]);
}

double g_coef[7]; // expected-note {{'g_coef' is declared here}}
constexpr double g_scale = 2;

void globalArray(int n, double *out) {
  // expected-error@+1 {{CUDA region uses global variable 'g_coef', which device code cannot read}}
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    out[i] = g_scale * g_coef[i % 7];
}

// A class that owns its memory: a region that only reads plain members
// (through the implicit `this`) captures them by name and is accepted; one
// that uses `this` another way would run on a copy of the object.
struct Owner {
  explicit Owner(int n) : n(n), p(new double[n]) {}
  ~Owner() { delete[] p; }
  void fill() {
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      p[i] = i;
  }
  double at(int i) const { return p[i]; }
  void twice() {
    // expected-error@+1 {{CUDA region in a member function of 'Owner' runs on a copy of *this, which the device cannot copy: 'Owner' needs implicit copy and destruction}}
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      p[i] = 2 * at(i);
  }
  void explicitThis() {
    // expected-error@+1 {{CUDA region in a member function of 'Owner' runs on a copy of *this, which the device cannot copy: 'Owner' needs implicit copy and destruction}}
#pragma hpp parallel
    for (int i = 0; i < this->n; ++i)
      p[i] = i;
  }
  int n;
  double *p;
};

// A View member is copied like a pointer (its reference count stays on the
// host), but a std::vector member beside it still cannot be.
struct ViewAndVector {
  hpp::View<double, 1> v;
  std::vector<double> w;
  void fill() {
    // expected-error@+1 {{CUDA region in a member function of 'ViewAndVector' runs on a copy of *this, which the device cannot copy: 'ViewAndVector' needs implicit copy and destruction}}
#pragma hpp parallel
    for (int i = 0; i < 10; ++i)
      v(i) = i;
  }
};

// In a class template each instantiation's class is checked: the one with
// a std::vector member is refused, where the template itself says nothing.
template <class T> struct Holder {
  T payload;
  double *p;
  int n;
  void fill() {
    // expected-error@+1 {{CUDA region in a member function of 'Holder<std::vector<double>>' runs on a copy of *this, which the device cannot copy: 'Holder<std::vector<double>>' needs implicit copy and destruction}}
#pragma hpp parallel
    for (int i = 0; i < this->n; ++i)
      p[i] = i;
  }
};
template struct Holder<int>; // accepted: trivially copyable
template struct Holder<std::vector<double>>;

struct ViewsOnly {
  hpp::View<double, 1> v;
  hpp::View<const double, 2, hpp::LayoutLeft> m;
  int n;
  void fill() {
    // Accepted: views and scalars only.
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      v(i) = m(i, 0);
  }
};

struct Handle {
  int n;
  double *p;
  void fill() {
    // A trivially copyable handle is copied into the kernel: accepted.
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      p[i] = i;
  }
};

// The HIP backend refuses the same, naming HIP: the expectations with CUDA
// replaced by HIP, checked on a copy (same lines) translated for HIP.
// RUN: sed -e s/CUDA/HIP/g %s > %t.hip.cpp
// RUN: %hppc translate --backend=hip %t.hip.cpp -o %t.hip -- -I%S -ferror-limit=0 -Xclang -verify
