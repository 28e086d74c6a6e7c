// Regions of the streams benchmark (streams.hpp), translated by hppc.
#include "streams.hpp"

void hpp_yax_nowait(const hpp::Stream& s, int rows, int cols, const double* A,
                    const double* x, double* y) {
#pragma hpp team stream(s) nowait name("yax_nowait")
  for (int e = 0; e < rows; ++e) {
    double sum = 0;
#pragma hpp thread reduction(+: sum)
    for (int j = 0; j < cols; ++j)
      sum += A[static_cast<long>(e) * cols + j] * x[j];
    y[e] = sum;
  }
}

void hpp_yax_wait(const hpp::Stream& s, int rows, int cols, const double* A,
                  const double* x, double* y) {
#pragma hpp team stream(s) name("yax_wait")
  for (int e = 0; e < rows; ++e) {
    double sum = 0;
#pragma hpp thread reduction(+: sum)
    for (int j = 0; j < cols; ++j)
      sum += A[static_cast<long>(e) * cols + j] * x[j];
    y[e] = sum;
  }
}

void hpp_daxpy(int n, double a, const double* x, double* y) {
#pragma hpp parallel name("daxpy")
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

void hpp_daxpy_on(const hpp::Stream& s, int n, double a, const double* x, double* y) {
#pragma hpp parallel stream(s) name("daxpy_on")
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

void hpp_touch(int* flag) {
#pragma hpp parallel name("touch")
  for (int i = 0; i < 1; ++i)
    flag[i] += 1;
}

void hpp_touch_on(const hpp::Stream& s, int* flag) {
#pragma hpp parallel stream(s) name("touch_on")
  for (int i = 0; i < 1; ++i)
    flag[i] += 1;
}

// out must outlive the stream's fence, which delivers the sum into it.
void hpp_sum_nowait(const hpp::Stream& s, int n, const double* x, double& out) {
#pragma hpp parallel stream(s) nowait reduction(+: out) name("sum_nowait")
  for (int i = 0; i < n; ++i)
    out += x[i];
}

void hpp_sum_wait(const hpp::Stream& s, int n, const double* x, double& out) {
  double sum = 0;
#pragma hpp parallel stream(s) reduction(+: sum) name("sum_wait")
  for (int i = 0; i < n; ++i)
    sum += x[i];
  out = sum;
}

void hpp_one_nowait(const hpp::Stream& s, double* p) {
#pragma hpp parallel stream(s) nowait name("one_nowait")
  for (int i = 0; i < 1; ++i)
    p[i] += 1;
}
