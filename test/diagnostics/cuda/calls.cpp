// Every function a region calls must have a visible body on a GPU backend:
// the error is at the call without one, with a note for each call on the
// way from the region, innermost first. Host backends call such functions
// as they are: the same file translates for OpenMP.
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -ferror-limit=0 -Xclang -verify
// RUN: %hppc translate --backend=openmp %s -o %t.cpp

#include <cmath>

double external(double X);
void log_value(double X);

struct Widget {
  double get() const;
  Widget(double V);
  double Value;
};

// Reached from two regions: reported once for each.
double g(double X) {
  // expected-error@+1 2 {{function 'external' is called from a parallel region but its body is not visible; it cannot be compiled for the device}}
  return external(X) + 1;
}

double f(double X) {
  // expected-note@+1 2 {{in 'g', called here}}
  return g(X) * 2;
}

namespace ns {
double h(double X) {
  // expected-note@+1 {{in 'f', called here}}
  return f(X);
}
} // namespace ns

void direct(int N, double *A) {
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    // expected-error@+1 {{function 'external' is called from a parallel region but its body is not visible}}
    A[I] = external(A[I]);
}

void chain(int N, double *A) {
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    // expected-note@+1 {{in 'f', called here}}
    A[I] = f(A[I]);
}

void longerChain(int N, double *A) {
#pragma hpp team
  for (int I = 0; I < N; ++I)
    // expected-note@+1 {{in 'ns::h', called here}}
    A[I] = ns::h(A[I]);
}

void others(int N, double *A) {
#pragma hpp team
  for (int I = 0; I < N; ++I) {
    double Local = A[I];
#pragma hpp thread
    for (int J = 0; J < N; ++J)
      // expected-error@+1 {{function 'log_value' is called from a parallel region but its body is not visible}}
      log_value(Local);
  }

  Widget W(1.0);
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    // expected-error@+1 {{function 'Widget::get' is called from a parallel region but its body is not visible}}
    A[I] = W.get();

#pragma hpp parallel
  for (int I = 0; I < N; ++I) {
    // expected-error@+1 {{function 'Widget::Widget' is called from a parallel region but its body is not visible}}
    Widget Tmp(A[I]);
    A[I] = Tmp.Value;
  }

  // The math library is provided on the device.
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    A[I] = std::sqrt(A[I]) + fabs(A[I]) + pow(A[I], 2.0);
}

void indirect(int N, double *A, double (*Fn)(double)) {
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    // expected-error@+1 {{call through a function pointer in a parallel region; the callee cannot be compiled for the device}}
    A[I] = Fn(A[I]);
}

static void apply(double *P, double (*Op)(double)) {
  // expected-error@+1 {{call through a function pointer in a parallel region}}
  *P = Op(*P);
}

void indirectInCallee(int N, double *A) {
#pragma hpp parallel
  for (int I = 0; I < N; ++I)
    // expected-note@+1 {{in 'apply', called here}}
    apply(&A[I], g);
}

// The HIP backend refuses the same, naming HIP: the expectations with CUDA
// replaced by HIP, checked on a copy (same lines) translated for HIP.
// RUN: sed -e s/CUDA/HIP/g %s > %t.hip.cpp
// RUN: %hppc translate --backend=hip %t.hip.cpp -o %t.hip -- -I%S -ferror-limit=0 -Xclang -verify
