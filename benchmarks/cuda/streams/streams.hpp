// The regions the streams benchmark times (streams_hpp.cpp, translated by
// hppc) and the hand-written CUDA it compares them with (main.cu).
#pragma once

#include <hpp/hpp.hpp>

// y = A x, one team per row (yAx), on stream s; nowait or waiting.
void hpp_yax_nowait(const hpp::Stream& s, int rows, int cols, const double* A,
                    const double* x, double* y);
void hpp_yax_wait(const hpp::Stream& s, int rows, int cols, const double* A,
                  const double* x, double* y);
// y = a x + y on device memory, no stream clause (the default stream) or
// on s; neither says nowait: the runtime may skip the wait (device memory).
void hpp_daxpy(int n, double a, const double* x, double* y);
void hpp_daxpy_on(const hpp::Stream& s, int n, double a, const double* x, double* y);
// One element written to host-visible memory: always waits.
void hpp_touch(int* flag);
void hpp_touch_on(const hpp::Stream& s, int* flag);
// Sum of x into *out at the stream's fence (nowait) or before returning.
void hpp_sum_nowait(const hpp::Stream& s, int n, const double* x, double& out);
void hpp_sum_wait(const hpp::Stream& s, int n, const double* x, double& out);
// One element written to device memory, nowait (host-side cost of a launch).
void hpp_one_nowait(const hpp::Stream& s, double* p);
